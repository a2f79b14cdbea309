import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMaintenance } from './maintenance';
import { createTestDatabase, type TestDatabase } from './test/test-database';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.destroy();
});

const day = 24 * 3600_000;

describe('runMaintenance', () => {
  it('deletes contact messages and finished mails after 180 days, and nothing younger or unsent', async () => {
    const { db } = database.handle;
    const now = Date.now();
    const message = (age: number) => ({
      id: randomUUID(),
      received_at: now - age,
      name: 'n',
      email: 'e@example.com',
      subject: null,
      message: 'm',
      language: 'de',
      is_spam: 0 as const,
    });
    await db.insertInto('contact_messages').values([message(181 * day), message(179 * day)]).execute();
    const mail = (age: number, status: 'sent' | 'pending' | 'dead') => ({
      id: randomUUID(),
      created_at: now - age,
      kind: 'test',
      message_id: `<${randomUUID()}@example.com>`,
      payload: '',
      status,
      attempts: 1,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      sent_at: null,
    });
    await db.insertInto('outbox').values([mail(181 * day, 'sent'), mail(181 * day, 'dead'), mail(181 * day, 'pending'), mail(1 * day, 'sent')]).execute();

    expect(await runMaintenance(db, now)).toEqual({ contactMessages: 1, mails: 2, unconfirmedSubscribers: 0, rateLimits: 0 });
    expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(1);
    expect((await db.selectFrom('outbox').select('status').execute()).map((row) => row.status).sort()).toEqual(['pending', 'sent']);
  });

  it('deletes rate-limit counters whose window is over', async () => {
    const { db } = database.handle;
    const now = Date.now();
    const counter = (key: string, expiresAt: number) => ({ key_hash: key, hits: 3, window_start: expiresAt - 600_000, expires_at: expiresAt });
    await db.insertInto('rate_limits').values([counter('old', now - 1), counter('live', now + 60_000)]).execute();
    expect((await runMaintenance(db, now)).rateLimits).toBe(1);
    expect(await db.selectFrom('rate_limits').select('key_hash').execute()).toEqual([{ key_hash: 'live' }]);
  });
});
