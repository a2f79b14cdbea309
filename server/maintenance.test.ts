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

    expect(await runMaintenance(db, now)).toEqual({ contactMessages: 1, mails: 2, unconfirmedSubscribers: 0, rateLimits: 0, newsletterSyncs: 0 });
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

  it('deletes newsletter sync jobs finished more than 180 days ago, and none that is unfinished', async () => {
    const { db } = database.handle;
    const now = Date.now();
    const subscriberId = randomUUID();
    await db
      .insertInto('newsletter_subscribers')
      .values({ id: subscriberId, email_hash: 'h', email: 'e@example.com', status: 'confirmed', language: 'de', source: 'popup', consent_text_version: 'v', signed_up_at: now, confirmed_at: now, unsubscribed_at: null, last_confirmation_mail_at: now })
      .execute();
    const job = (seq: number, status: 'done' | 'dead' | 'pending', finishedAge: number | null) => ({
      id: randomUUID(),
      subscriber_id: subscriberId,
      seq,
      action: 'subscribe' as const,
      payload: '',
      status,
      attempts: 1,
      created_at: now - 200 * day,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      finished_at: finishedAge === null ? null : now - finishedAge,
    });
    await db.insertInto('newsletter_sync_jobs').values([job(1, 'done', 181 * day), job(2, 'dead', 181 * day), job(3, 'done', 179 * day), job(4, 'pending', null)]).execute();
    expect((await runMaintenance(db, now)).newsletterSyncs).toBe(2);
    expect((await db.selectFrom('newsletter_sync_jobs').select('seq').orderBy('seq').execute()).map((row) => row.seq)).toEqual([3, 4]);
  });
});
