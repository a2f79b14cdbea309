import { existsSync } from 'node:fs';
import type { ServerConfig } from '../config';
import { describeDatabase, openDatabase, schemaDifference, type DatabaseHandle } from './database';
import { migrations } from './migrations';

/** Where a command writes: results to `out` (for a pipe or a file), what it says to the operator to `err`. */
export interface CommandIo {
  env: Readonly<Record<string, string | undefined>>;
  out(text: string): void;
  err(text: string): void;
}

/** An operator command cannot use the database it was given; the message says why and what to do. */
export class CommandDatabaseError extends Error {
  override name = 'CommandDatabaseError';
}

/**
 * The instances' database, for an operator command: it says which one it reads (on `say`),
 * and never creates or migrates one. Without DATABASE_URL and without a SQLite database in
 * DATA_DIR it refuses to guess; a database this release has not migrated, or a newer one
 * has, is refused too. A database that does not answer throws what the driver threw.
 */
export async function openInstancesDatabase(
  config: ServerConfig,
  say: (line: string) => void,
): Promise<DatabaseHandle> {
  if (config.database.kind === 'sqlite' && !existsSync(config.database.file)) {
    throw new CommandDatabaseError(
      `No database to read: DATABASE_URL is not set, and DATA_DIR (${config.dataDir}) holds no SQLite database. Run the command with the instances' settings: DATABASE_URL for PostgreSQL, or the DATA_DIR of their SQLite database.`,
    );
  }
  const described = describeDatabase(config.database);
  say(`Database: ${described}\n`);
  const handle = openDatabase(config.database, { mustExist: true });
  try {
    const { missing, unknown } = await schemaDifference(handle.db);
    if (missing.length === Object.keys(migrations).length) {
      throw new CommandDatabaseError(
        `${described} holds none of this site's tables: it is not the instances' database, or no instance has started on it yet.`,
      );
    }
    if (unknown.length > 0) {
      throw new CommandDatabaseError(
        `${described} was migrated by a newer release (${unknown.join(', ')}): run the command of that release.`,
      );
    }
    if (missing.length > 0) {
      throw new CommandDatabaseError(
        `${described} lacks this release's migrations ${missing.join(', ')}: start an instance of this release, which migrates it, then run the command again.`,
      );
    }
    return handle;
  } catch (error) {
    await handle.close().catch(() => {});
    throw error;
  }
}
