import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { useTwoConnections } from '../../test/test-database';
import { migrations } from '.';

const connections = useTwoConnections();

it("migration 013 shapes the newsletter's tables beside 012's tracking consent, and undoes only its own columns", async () => {
  const { db } = connections.database.handle;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('012-newsletter-tracking-consent')).error).toBeUndefined();
  const subscriber = {
    id: 's1',
    email_hash: 'h1',
    email: 'ama@example.com',
    status: 'confirmed' as const,
    language: 'de',
    source: 'popup',
    consent_text_version: '2026-11-28-tracking-individual',
    signed_up_at: 1,
    confirmed_at: 2,
    unsubscribed_at: null,
    last_confirmation_mail_at: 1,
    tracking_consent: 1 as const,
  };
  const event = {
    id: 'e1',
    subscriber_id: 's1',
    event: 'confirmed' as const,
    occurred_at: 2,
    language: 'de',
    consent_text_version: subscriber.consent_text_version,
    source: 'popup',
    tracking_consent: 1 as const,
  };
  const token = {
    token_hash: 't1',
    subscriber_id: 's1',
    purpose: 'unsubscribe' as const,
    created_at: 1,
    expires_at: null,
  };
  // The columns 013 adds are not there yet.
  await db
    .insertInto('newsletter_subscribers')
    .values(subscriber as never)
    .execute();
  await db
    .insertInto('newsletter_consent_events')
    .values(event as never)
    .execute();
  await db
    .insertInto('newsletter_tokens')
    .values(token as never)
    .execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual([
    { ...subscriber, mailbox_hash: null },
  ]);
  expect(await db.selectFrom('newsletter_consent_events').selectAll().execute()).toEqual([{ ...event, details: null }]);
  expect(await db.selectFrom('newsletter_tokens').selectAll().execute()).toEqual([{ ...token, payload: null }]);

  // Back below 013: the tracking consent stays, 013's columns go.
  expect((await migrator.migrateTo('012-newsletter-tracking-consent')).error).toBeUndefined();
  expect(await db.selectFrom('newsletter_subscribers').selectAll().execute()).toEqual([subscriber]);
  expect(await db.selectFrom('newsletter_consent_events').selectAll().execute()).toEqual([event]);
  expect(await db.selectFrom('newsletter_tokens').selectAll().execute()).toEqual([token]);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});
