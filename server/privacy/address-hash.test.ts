import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../db/database';
import { migrations } from '../db/migrations';
import { useTwoConnections } from '../test/test-database';
import { addressHasher, sha256 } from './address-hash';
import { addressHashKeyName, siteSecret } from './site-secret';

const connections = useTwoConnections();

describe('the address hash key', () => {
  it('is made once and shared: instances starting at once all read the same key', async () => {
    const keys = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        siteSecret((i % 2 ? connections.other : connections.database.handle).db, 'fresh-secret'),
      ),
    );
    expect(keys[0]).toHaveLength(32);
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
    expect(
      await connections.database.handle.db
        .selectFrom('site_secrets')
        .select('name')
        .where('name', '=', 'fresh-secret')
        .execute(),
    ).toHaveLength(1);
  });

  it('makes hashes that guessing the address with plain SHA-256 does not find', async () => {
    const key = await siteSecret(connections.database.handle.db, addressHashKeyName);
    const hash = addressHasher(key);
    expect(hash.email(' Ama@Example.com')).toBe(hash.email('ama@example.com'));
    expect(hash.email('ama@example.com')).not.toBe(sha256('ama@example.com'));
    expect(addressHasher(Buffer.alloc(32, 1)).email('ama@example.com')).not.toBe(hash.email('ama@example.com'));
    expect(hash.rateLimit('POST /send-contact.php', '203.0.113.7')).not.toBe(
      hash.rateLimit('POST /send-contact.php', '203.0.113.8'),
    );
  });
});

describe('migration 005', () => {
  it('keys the hashes stored before it, so earlier subscribers and the proof of former ones are still found', async () => {
    const { db } = connections.database.handle;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const back = await migrator.migrateTo('004-newsletter-sync');
    expect(back.error).toBeUndefined();
    const subscriber = (email: string, status: 'confirmed' | 'unsubscribed') => ({
      id: randomUUID(),
      email_hash: sha256(email),
      email: status === 'confirmed' ? email : null,
      status,
      language: 'de',
      source: 'popup',
      consent_text_version: 'v',
      signed_up_at: 1,
      confirmed_at: 2,
      unsubscribed_at: status === 'unsubscribed' ? 3 : null,
      last_confirmation_mail_at: 1,
    });
    await db
      .insertInto('newsletter_subscribers')
      .values([subscriber('ama@example.com', 'confirmed'), subscriber('yaw@example.com', 'unsubscribed')])
      .execute();
    await db
      .insertInto('rate_limits')
      .values({
        key_hash: sha256('POST /send-contact.php\n203.0.113.7'),
        hits: 1,
        window_start: 1,
        expires_at: Date.now() + 60_000,
      })
      .execute();

    await migrateToLatest(db);
    const hash = addressHasher(await siteSecret(db, addressHashKeyName));
    const rows = await db
      .selectFrom('newsletter_subscribers')
      .select(['email_hash', 'status'])
      .orderBy('status')
      .execute();
    expect(rows).toEqual([
      { email_hash: hash.email('ama@example.com'), status: 'confirmed' },
      { email_hash: hash.email('yaw@example.com'), status: 'unsubscribed' },
    ]);
    expect(await db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);

    // A sign-up finds its subscriber by this hash of the address it is given, in any spelling.
    expect(rows.map((row) => row.email_hash)).toEqual([hash.email('Ama@example.com'), hash.email(' YAW@example.com')]);
  });
});
