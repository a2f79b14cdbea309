import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { ServerConfig } from '../config';
import { migrations } from './migrations';
import type { DatabaseSchema } from './schema';

export type Database = Kysely<DatabaseSchema>;

// Times are stored as bigint epoch milliseconds; read them back as numbers, as SQLite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
export type DatabaseKind = ServerConfig['database']['kind'];

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/**
 * Opens SQLite (WAL, synchronous=FULL, busy timeout) or a PostgreSQL pool. With `mustExist`,
 * a SQLite file that is not there is an error instead of a new database.
 */
export function openDatabase(
  config: ServerConfig['database'],
  { mustExist = false }: { mustExist?: boolean } = {},
): DatabaseHandle {
  if (config.kind === 'sqlite') {
    if (!mustExist) mkdirSync(path.dirname(config.file), { recursive: true });
    const database = new SQLite(config.file, { timeout: 5000, fileMustExist: mustExist });
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database }) });
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5000 });
  // A client that loses its connection emits 'error': the pool listens only while the client is
  // idle, and an unheard error would crash the process. The query in progress fails by itself
  // (answered with 503), the pool drops the broken client, and the next query connects afresh.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', close: () => db.destroy() };
}

const migratorOf = (db: Database) => new Migrator({ db, provider: { getMigrations: async () => migrations } });

export async function migrateToLatest(db: Database): Promise<void> {
  const migrator = migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Database): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * How the database differs from the migrations this code knows, changing nothing: those it
 * has not run (`missing`), and those it has run that this code does not know (`unknown`: a
 * newer release migrated it).
 */
export async function schemaDifference(db: Database): Promise<{ missing: string[]; unknown: string[] }> {
  const known = await migratorOf(db).getMigrations();
  const missing = known.filter((migration) => !migration.executedAt).map((migration) => migration.name);
  if (missing.length === known.length) return { missing, unknown: [] };
  const names = new Set(known.map((migration) => migration.name));
  const executed = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return { missing, unknown: executed.rows.map((row) => row.name).filter((name) => !names.has(name)) };
}

/** The database in words, for the operator: the SQLite file, or PostgreSQL's address without the password. */
export function describeDatabase(config: ServerConfig['database']): string {
  if (config.kind === 'sqlite') return `SQLite ${config.file}`;
  const url = new URL(config.url);
  url.password = '';
  return `PostgreSQL ${url.href}`;
}
