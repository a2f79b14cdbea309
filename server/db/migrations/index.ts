import type { Migration } from 'kysely';

/**
 * Every migration, in order of their names: each file `NNN-what-it-does.ts` in this folder,
 * found by its place (a new migration is a file and nothing else), exporting its one
 * Migration. They are written once for both SQLite and PostgreSQL, using only types both
 * understand.
 */
const modules = import.meta.glob<Record<string, unknown>>(['./[0-9][0-9][0-9]-*.ts', '!./*.test.ts'], {
  eager: true,
});

const isMigration = (value: unknown): value is Migration =>
  typeof value === 'object' && value !== null && typeof (value as Migration).up === 'function';

export const migrations: Record<string, Migration> = Object.fromEntries(
  Object.entries(modules)
    .map(([file, module]) => {
      const found = Object.values(module).filter(isMigration);
      if (found.length !== 1) throw new Error(`${file} must export exactly one migration, not ${found.length}`);
      // The migration tests step back to an earlier state and forward again: each step can be undone.
      if (typeof found[0]?.down !== 'function')
        throw new Error(`${file}: its migration needs a down() as well as up()`);
      return [file.replace(/^\.\/|\.ts$/g, ''), found[0] as Migration] as const;
    })
    .sort(([a], [b]) => a.localeCompare(b)),
);
