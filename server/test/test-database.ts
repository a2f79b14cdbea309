import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import type { ServerConfig } from '../config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/database';

export interface TestDatabase {
  config: ServerConfig['database'];
  handle: DatabaseHandle;
  /** Closes the handle and deletes the database. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database: a real SQLite file by default, or a new database
 * on the test PostgreSQL when the suite runs with TEST_DATABASE=postgres.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const postgresUrl = inject('postgresUrl');
  if (postgresUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await onPostgres(postgresUrl, `CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    return migrated({ kind: 'postgres', url: url.href }, () =>
      onPostgres(postgresUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'sqlite-test-'));
  return migrated({ kind: 'sqlite', file: path.join(dir, 'site.db') }, async () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}

async function onPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function migrated(config: ServerConfig['database'], remove: () => Promise<void>): Promise<TestDatabase> {
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  return {
    config,
    handle,
    destroy: async () => {
      await handle.close();
      await remove();
    },
  };
}

export interface TwoConnections {
  database: TestDatabase;
  /** A second connection (pool) to the same database, as another instance would have. */
  other: DatabaseHandle;
}

/** For each test of the file: a fresh database and a second connection to it, closed afterwards. */
export function useTwoConnections(): TwoConnections {
  const connections = {} as TwoConnections;
  beforeEach(async () => {
    connections.database = await createTestDatabase();
    connections.other = openDatabase(connections.database.config);
  });
  afterEach(async () => {
    await connections.other.close();
    await connections.database.destroy();
  });
  return connections;
}
