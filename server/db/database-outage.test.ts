import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { createMailer, type Mailer } from '../mail/send-email';
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

  it('sends a mail again as soon as it is back when it went away in the middle of that mail', async () => {
    // Only this test's mail is in the queue.
    await database.db.deleteFrom('outbox_attempts').execute();
    await database.db.deleteFrom('outbox').execute();
    // A mailer that holds each mail until the test lets it on, then asks the outbox to record its
    // point of no return, as the SMTP mailer does before the end of a mail (send-email.ts).
    let holding = true;
    let letOn: () => void = () => {};
    const tried: string[] = [];
    const sent: string[] = [];
    const mailer: Mailer = {
      async sendEmail(mail, { beforeEnd = () => Promise.resolve() } = {}) {
        tried.push(String(mail.messageId));
        if (holding) await new Promise<void>((resolve) => (letOn = resolve));
        await beforeEnd();
        sent.push(String(mail.messageId));
      },
      close() {},
      abort() {},
    };
    const sending = await buildApp({
      config: testConfig({ formRateLimit: 100 }),
      database,
      distDir: dist.dir,
      mailer,
      background: true,
    });
    await sending.ready();
    const waitFor = async (check: () => boolean, what: string, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`Timed out: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      expect((await contact()).statusCode).toBe(200);
      await waitFor(() => tried.length === 1, 'the mail was not taken up', 10_000);
      postgres.down();
      letOn();
      await new Promise((resolve) => setTimeout(resolve, 500));
      postgres.up();
      const backAt = Date.now();
      // Its claim lasts 60 s (queue.ts); the failure is recorded when the database answers, and the
      // mail tried again at once.
      await waitFor(() => tried.length === 2, 'the mail was not tried again', 10_000);
      expect(tried[1]).toBe(tried[0]);
      letOn();
      await waitFor(() => sent.length === 1, 'the mail was not sent', 5_000);
      expect(sent).toEqual([tried[0]]);
      expect(Date.now() - backAt).toBeLessThan(10_000);
    } finally {
      holding = false;
      letOn();
      await sending.close();
    }
  });
});
