import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { retention } from '../../common/retention';
import type { Database } from '../db/database';
import type { OutboxStatus, SubscriberStatus } from '../db/schema';
import { runMaintenance } from './maintenance';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

let database: TestDatabase;
let db: Database;
beforeEach(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
});
afterEach(async () => {
  await database.destroy();
});

const minute = 60_000;
const day = 24 * 60 * minute;
/** A leap day: three years before it, 29 February does not exist. */
const now = Date.UTC(2028, 1, 29, 12, 0, 0);
const at = (iso: string) => Date.parse(iso);

/** The periods the privacy policy states, read independently of how maintenance computes them. */
const stated = {
  contactMessages: 180 * day,
  honeypotHits: 30 * day,
  finishedMails: 30 * day,
  fileMails: 30 * day,
  unconfirmedSignUps: 30 * day,
  newsletterSyncs: 30 * day,
};

it('deletes by the periods the privacy policy states', () => {
  expect(retention).toMatchObject({
    contactMessages: { unit: 'days', count: 180 },
    honeypotHits: { unit: 'days', count: 30 },
    finishedMails: { unit: 'days', count: 30 },
    fileMails: { unit: 'days', count: 30 },
    unconfirmedSignUps: { unit: 'days', count: 30 },
    newsletterSyncs: { unit: 'days', count: 30 },
    newsletterEvidence: { unit: 'years', count: 3 },
    consentRecords: { unit: 'years', count: 3 },
  });
});

const contactMessage = (receivedAt: number) => ({
  id: randomUUID(),
  received_at: receivedAt,
  name: 'Amara Mensah',
  email: 'amara@cocoa-coop.example',
  subject: null,
  message: 'Guten Tag',
  language: 'de',
});

const mail = (createdAt: number, status: OutboxStatus) => ({
  id: randomUUID(),
  created_at: createdAt,
  queued_at: createdAt,
  kind: 'contact-notification',
  message_id: `<${randomUUID()}@westbridge.example>`,
  payload: status === 'sent' ? '' : '{"to":"amara@cocoa-coop.example"}',
  status,
  attempts: 1,
  next_attempt_at: createdAt,
  locked_until: null,
  last_error: null,
  sent_at: status === 'sent' ? createdAt + minute : null,
});

const subscriberIds = async () =>
  (await db.selectFrom('newsletter_subscribers').select('id').execute()).map((row) => row.id).sort();
const eventsOf = (subscriberId: string) =>
  db.selectFrom('newsletter_consent_events').select('id').where('subscriber_id', '=', subscriberId).execute();

async function subscriber(
  status: SubscriberStatus,
  times: { signedUp: number; unsubscribed?: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('newsletter_subscribers')
    .values({
      id,
      email_hash: randomUUID(),
      email: status === 'unsubscribed' ? null : `${id}@example.com`,
      status,
      language: 'de',
      source: 'popup',
      consent_text_version: 'v',
      signed_up_at: times.signedUp,
      confirmed_at: status === 'pending' ? null : times.signedUp + minute,
      unsubscribed_at: times.unsubscribed ?? null,
      last_confirmation_mail_at: times.signedUp,
    })
    .execute();
  await db
    .insertInto('newsletter_consent_events')
    .values({
      id: randomUUID(),
      subscriber_id: id,
      event: 'signed_up',
      occurred_at: times.signedUp,
      language: 'de',
      consent_text_version: 'v',
      source: 'popup',
    })
    .execute();
  return id;
}

describe('runMaintenance deletes each kind of personal data at its stated age, and not before', () => {
  it('contact messages, 180 days after receipt', async () => {
    await db
      .insertInto('contact_messages')
      .values([contactMessage(now - stated.contactMessages - 1), contactMessage(now - stated.contactMessages)])
      .execute();
    expect((await runMaintenance(db, now)).contactMessages).toBe(1);
    expect(await db.selectFrom('contact_messages').select('received_at').execute()).toEqual([
      { received_at: now - stated.contactMessages },
    ]);
  });

  it('what the spam trap keeps, 30 days after receipt', async () => {
    const hit = (receivedAt: number) => ({ id: randomUUID(), received_at: receivedAt, email_hash: randomUUID() });
    await db
      .insertInto('honeypot_hits')
      .values([hit(now - stated.honeypotHits - 1), hit(now - stated.honeypotHits)])
      .execute();
    expect((await runMaintenance(db, now)).honeypotHits).toBe(1);
    expect(await db.selectFrom('honeypot_hits').select('received_at').execute()).toEqual([
      { received_at: now - stated.honeypotHits },
    ]);
  });

  it('delivered and undeliverable mails with their attempts, 30 days after they were written; none still being tried', async () => {
    const old = now - stated.finishedMails - 1;
    const rows = [
      mail(old, 'sent'),
      mail(old, 'dead'),
      mail(old, 'pending'),
      mail(now - stated.finishedMails, 'sent'),
      mail(now - stated.finishedMails, 'dead'),
    ];
    await db.insertInto('outbox').values(rows).execute();
    await db
      .insertInto('outbox_attempts')
      .values(
        rows.map((row) => ({
          id: randomUUID(),
          outbox_id: row.id,
          attempted_at: row.created_at,
          outcome: 'failed' as const,
          error: 'ECONNREFUSED',
        })),
      )
      .execute();
    expect((await runMaintenance(db, now)).mails).toBe(2);
    const left = await db.selectFrom('outbox').select(['status', 'created_at']).orderBy('status').execute();
    expect(left).toEqual([
      { status: 'dead', created_at: now - stated.finishedMails },
      { status: 'pending', created_at: old },
      { status: 'sent', created_at: now - stated.finishedMails },
    ]);
    expect(await db.selectFrom('outbox_attempts').select('outbox_id').execute()).toHaveLength(3);
  });

  it('sign-up requests once carried out, at the next round: they hold nothing, and most changed nothing', async () => {
    const task = (status: OutboxStatus) => ({ ...mail(now - minute, status), kind: 'newsletter-signup' });
    await db
      .insertInto('outbox')
      .values([task('sent'), task('sent'), task('pending'), mail(now - minute, 'sent')])
      .execute();
    expect(await runMaintenance(db, now)).toMatchObject({ signUpTasks: 2, mails: 0 });
    expect(await db.selectFrom('outbox').select(['kind', 'status']).orderBy('kind').execute()).toEqual([
      { kind: 'contact-notification', status: 'sent' },
      { kind: 'newsletter-signup', status: 'pending' },
    ]);
  });

  it('mail files under DATA_DIR/mail, 30 days after they were written, and no other file there', async () => {
    const mailDir = mkdtempSync(path.join(tmpdir(), 'mail-'));
    try {
      const old = now - stated.fileMails - 1;
      writeFileSync(path.join(mailDir, `${old}-${randomUUID()}.eml`), 'To: amara@cocoa-coop.example\n');
      const young = `${now - stated.fileMails}-${randomUUID()}.eml`;
      writeFileSync(path.join(mailDir, young), 'To: kofi@cocoa-coop.example\n');
      // A file put there by hand: its own time counts.
      const copied = path.join(mailDir, 'copied.eml');
      writeFileSync(copied, 'To: ama@cocoa-coop.example\n');
      utimesSync(copied, new Date(old), new Date(old));
      writeFileSync(path.join(mailDir, 'README.txt'), 'notes');
      expect((await runMaintenance(db, now, { mailDir })).fileMails).toBe(2);
      expect(readdirSync(mailDir).sort()).toEqual([young, 'README.txt'].sort());
      expect(await runMaintenance(db, now, { mailDir: path.join(mailDir, 'missing') })).toMatchObject({ fileMails: 0 });
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it('newsletter sign-ups never confirmed, 30 days after sign-up, with their events', async () => {
    const old = await subscriber('pending', { signedUp: now - stated.unconfirmedSignUps - 1 });
    const young = await subscriber('pending', { signedUp: now - stated.unconfirmedSignUps });
    const confirmed = await subscriber('confirmed', { signedUp: now - 400 * day });
    const token = (subscriberId: string) => ({
      token_hash: randomUUID(),
      subscriber_id: subscriberId,
      purpose: 'confirm' as const,
      created_at: now - 40 * day,
      expires_at: now - 33 * day,
    });
    await db
      .insertInto('newsletter_tokens')
      .values([token(old), token(young)])
      .execute();
    expect((await runMaintenance(db, now)).unconfirmedSubscribers).toBe(1);
    expect(await subscriberIds()).toEqual([young, confirmed].sort());
    expect(await eventsOf(old)).toEqual([]);
    const tokens = await db.selectFrom('newsletter_tokens').select('subscriber_id').execute();
    expect(tokens).toEqual([{ subscriber_id: young }]);
  });

  it('the proof of a newsletter consent and its withdrawal, three calendar years after unsubscription', async () => {
    // Three years before 29 February 2028, 12:00 is 28 February 2025, 12:00.
    const old = await subscriber('unsubscribed', {
      signedUp: at('2020-01-01T00:00:00Z'),
      unsubscribed: at('2025-02-28T11:59:59.999Z'),
    });
    const young = await subscriber('unsubscribed', {
      signedUp: at('2020-01-01T00:00:00Z'),
      unsubscribed: at('2025-02-28T12:00:00Z'),
    });
    const confirmed = await subscriber('confirmed', { signedUp: at('2020-01-01T00:00:00Z') });
    expect((await runMaintenance(db, now)).newsletterEvidence).toBe(1);
    expect(await subscriberIds()).toEqual([young, confirmed].sort());
    expect(await eventsOf(old)).toEqual([]);
    expect(await eventsOf(young)).toHaveLength(1);
  });

  it('records of cookie choices, three calendar years after they arrived', async () => {
    const record = (recordedAt: number) => ({
      id: randomUUID(),
      recorded_at: recordedAt,
      consented_at: recordedAt,
      version: 2,
      preferences: 0 as const,
      analytics: 1 as const,
      marketing: 0 as const,
      services: 'matomo',
    });
    const old = record(at('2025-02-28T11:59:59.999Z'));
    const young = record(at('2025-02-28T12:00:00Z'));
    await db
      .insertInto('consent_records')
      .values([old, young, record(at('2025-03-01T00:00:00Z'))])
      .execute();
    expect((await runMaintenance(db, now)).consentRecords).toBe(1);
    expect((await db.selectFrom('consent_records').select('id').execute()).map((row) => row.id)).not.toContain(old.id);
  });

  it('rate-limit counters once their window is over', async () => {
    const counter = (key: string, expiresAt: number) => ({
      key_hash: key,
      hits: 3,
      window_start: expiresAt - 10 * minute,
      expires_at: expiresAt,
    });
    await db
      .insertInto('rate_limits')
      .values([counter('over', now), counter('live', now + 1)])
      .execute();
    expect((await runMaintenance(db, now)).rateLimits).toBe(1);
    expect(await db.selectFrom('rate_limits').select('key_hash').execute()).toEqual([{ key_hash: 'live' }]);
  });

  it('hand-overs to the newsletter provider, 30 days after they were delivered or given up; none unfinished', async () => {
    const subscriberId = await subscriber('confirmed', { signedUp: now - 200 * day });
    const job = (seq: number, status: 'sent' | 'dead' | 'pending', finishedAt: number | null) => ({
      id: randomUUID(),
      created_at: now - 200 * day,
      queued_at: now - 200 * day,
      kind: 'newsletter-subscribe',
      message_id: `task:${randomUUID()}`,
      payload: status === 'sent' ? '' : '{"email":"amara@cocoa-coop.example"}',
      status,
      attempts: 1,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      sent_at: status === 'sent' ? finishedAt : null,
      given_up_at: status === 'dead' ? finishedAt : null,
      order_key: subscriberId,
      seq,
    });
    const old = now - stated.newsletterSyncs - 1;
    await db
      .insertInto('outbox')
      .values([
        job(1, 'sent', old),
        job(2, 'dead', old),
        job(3, 'sent', now - stated.newsletterSyncs),
        job(4, 'dead', now - stated.newsletterSyncs),
        job(5, 'pending', null),
      ])
      .execute();
    expect((await runMaintenance(db, now)).newsletterSyncs).toBe(2);
    expect((await db.selectFrom('outbox').select('seq').orderBy('seq').execute()).map((row) => row.seq)).toEqual([
      3, 4, 5,
    ]);
  });
});
