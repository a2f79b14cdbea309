import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { createMailer } from '../mail/send-email';
import { createDistFixture, type DistFixture } from '../test/dist-fixture';
import { startPostgres, type PostgresServer } from '../test/postgres-server';
import { testConfig } from '../test/test-config';
import { migrateToLatest, openDatabase, type DatabaseHandle } from './database';

// An outage needs a PostgreSQL of its own to stop; SQLite is a file and has none.
describe.runIf(inject('postgresUrl'))('PostgreSQL going down and coming back', () => {
  let postgres: PostgresServer;
  let database: DatabaseHandle;
  let dist: DistFixture;
  let app: FastifyInstance;

  beforeAll(async () => {
    postgres = await startPostgres();
    database = openDatabase({ kind: 'postgres', url: postgres.url });
    await migrateToLatest(database.db);
    dist = createDistFixture();
    app = await buildApp({
      config: testConfig({ formRateLimit: 100 }),
      database,
      distDir: dist.dir,
      mailer: createMailer({ smtpUrl: null, mailDir: '/nonexistent' }),
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    postgres?.stop();
    dist?.remove();
  });

  const contact = () =>
    app.inject({
      method: 'POST',
      url: '/send-contact.php',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Yaw Boateng', email: 'yaw@example.com', message: 'Wir suchen Ingwer, 5 t.' }),
    });
  const health = () => app.inject({ method: 'GET', url: '/healthz' });

  it('answers 503 while the database is down and recovers by itself, without a restart', async () => {
    expect((await contact()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(200);

    postgres.down();
    const refused = await contact();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ success: false, error: 'unavailable' });
    const unhealthy = await health();
    expect(unhealthy.statusCode).toBe(503);
    expect(unhealthy.json()).toEqual({ success: false, error: 'database_unavailable' });
    expect((await app.inject({ method: 'GET', url: '/about' })).statusCode).toBe(200);

    postgres.up();
    expect((await health()).statusCode).toBe(200);
    expect((await contact()).statusCode).toBe(200);
    const stored = await database.db.selectFrom('contact_messages').select('id').execute();
    expect(stored).toHaveLength(2);
  });
});
