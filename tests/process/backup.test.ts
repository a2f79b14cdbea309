import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startBacking, type Backing } from './support/instances';

/** docs/operations.md's backup lines, run as written but for the folders and the database they name. */
const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
const section = guide.slice(guide.indexOf('### Backup and restore'), guide.indexOf('### Log rotation'));
const shellLines = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap(([, block = '']) => block.trim().split('\n'));
const cronLine = shellLines.find((line) => line.includes('pg_dump')) ?? '';
const sqliteLine = shellLines.find((line) => line.includes('sqlite3')) ?? '';

let backing: Backing;
let folder: string;
beforeAll(async () => {
  backing = await startBacking();
  folder = mkdtempSync(path.join(tmpdir(), 'backups-'));
});
afterAll(async () => {
  await backing?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const run = (command: string) =>
  execFileSync('sh', ['-c', command], { env: { PATH: process.env.PATH }, encoding: 'utf8' });
const modes = () => readdirSync(folder).map((name) => [name, statSync(path.join(folder, name)).mode & 0o777]);

describe('the backups of docs/operations.md', () => {
  it('PostgreSQL: the daily cron line writes a dump only its owner can read', () => {
    // A cron line: minute, hour, day, month, weekday, user, then the command (whose \% cron makes %).
    const command = cronLine.split(/\s+/).slice(6).join(' ').replaceAll('\\%', '%');
    expect(command).toMatch(/^umask 077 && pg_dump /);
    run(
      command
        .replaceAll('/var/backups/westbridge', folder)
        .replace(/\.dump westbridge && /, `.dump '${backing.postgres.url}' && `),
    );
    expect(modes()).toEqual([[expect.stringMatching(/^westbridge-\d{4}-\d\d-\d\d\.dump$/), 0o600]]);
    rmSync(path.join(folder, readdirSync(folder)[0] ?? ''));
  });

  it('SQLite: the online backup writes a copy only its owner can read', () => {
    const database = path.join(folder, 'live', 'site.db');
    execFileSync('mkdir', ['-p', path.dirname(database)]);
    new Database(database).exec('CREATE TABLE t (x); INSERT INTO t VALUES (1);').close();
    expect(sqliteLine).toMatch(/^umask 077 && sqlite3 /);
    run(sqliteLine.replace('/var/lib/westbridge/site.db', database).replaceAll('/var/backups/westbridge', folder));
    const copies = modes().filter(([name]) => name !== 'live');
    expect(copies).toEqual([[expect.stringMatching(/^site-\d{4}-\d\d-\d\d\.db$/), 0o600]]);
  });
});
