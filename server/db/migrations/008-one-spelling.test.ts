import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { expect, it } from 'vitest';
import { addressHasher, keyedFromSha256, sha256 } from '../../privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../privacy/site-secret';
import { useTwoConnections } from '../../test/test-database';
import { migrateToLatest } from '../database';
import { migrations } from '.';
import type { SubscriberStatus } from '../schema';

const connections = useTwoConnections();

it('migration 008 gives stored addresses and consent ids their one spelling, and one row per mailbox', async () => {
  const { db } = connections.database.handle;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('006-consent-records')).error).toBeUndefined();
  const key = await siteSecret(db, addressHashKeyName);
  // As the code before it hashed: trimmed and lower-cased, nothing more.
  const oldHash = (email: string) => keyedFromSha256(key, sha256(email.trim().toLowerCase()));
  const subscriber = (email: string, status: SubscriberStatus, signedUpAt: number) => ({
    id: randomUUID(),
    email_hash: oldHash(email),
    email,
    status,
    language: 'de',
    source: 'popup',
    consent_text_version: 'v',
    signed_up_at: signedUpAt,
    confirmed_at: status === 'confirmed' ? signedUpAt + 1 : null,
    unsubscribed_at: null,
    last_confirmation_mail_at: signedUpAt,
  });
  await db
    .insertInto('newsletter_subscribers')
    .values([
      subscriber('zoë@café.fr', 'confirmed', 1),
      subscriber('kofi@example.org', 'pending', 2),
      subscriber('kofi@ｅxample.org', 'pending', 3),
      subscriber('ama@example.com', 'pending', 4),
      subscriber('ama@𝐞xample.com', 'confirmed', 5),
      subscriber('efua@example.org', 'confirmed', 6),
      subscriber('efua@ⓔxample.org', 'confirmed', 7),
      subscriber('eve..x@example.org', 'pending', 8),
    ])
    .execute();
  const consent = (id: string, recordedAt: number) => ({
    id,
    recorded_at: recordedAt,
    consented_at: recordedAt,
    version: 2,
    preferences: 0 as const,
    analytics: 0 as const,
    marketing: 0 as const,
    services: '',
  });
  const id = randomUUID();
  const other = randomUUID();
  await db
    .insertInto('consent_records')
    .values([consent(id, 1), consent(id.toUpperCase(), 2), consent(other.toUpperCase(), 3)])
    .execute();

  await migrateToLatest(db);

  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'email_hash', 'status'])
    .orderBy('signed_up_at')
    .execute();
  const keyed = addressHasher(key);
  expect(rows).toEqual([
    { email: 'zoë@xn--caf-dma.fr', email_hash: keyed.email('zoë@café.fr'), status: 'confirmed' },
    { email: 'kofi@example.org', email_hash: keyed.email('kofi@example.org'), status: 'pending' },
    { email: 'ama@example.com', email_hash: keyed.email('ama@example.com'), status: 'confirmed' },
    { email: 'efua@example.org', email_hash: keyed.email('efua@example.org'), status: 'confirmed' },
    // A mailbox confirmed in two spellings stays as it was, for the operator to see.
    { email: 'efua@ⓔxample.org', email_hash: oldHash('efua@ⓔxample.org'), status: 'confirmed' },
    // An address the model refuses keeps its row and hash; it lapses unconfirmed.
    { email: 'eve..x@example.org', email_hash: oldHash('eve..x@example.org'), status: 'pending' },
  ]);
  const ids = await db.selectFrom('consent_records').select('id').orderBy('recorded_at').execute();
  expect(ids).toEqual([{ id }, { id: other }]);

  // A sign-up finds its subscriber by the hash of the address it is given: in any spelling, that is the stored one.
  expect(rows[0]?.email_hash).toBe(keyed.email('Zoë@CAFÉ.fr'));
  expect(rows[2]?.email_hash).toBe(keyed.email('ama@ⓔxample.com'));
});
