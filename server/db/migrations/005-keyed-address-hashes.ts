import type { Kysely, Migration } from 'kysely';
import { keyedFromSha256 } from '../../privacy/address-hash';
import { addressHashKeyName, siteSecret } from '../../privacy/site-secret';
import type { DatabaseSchema } from '../schema';

/**
 * The site's secrets (the key of the address hashes), and the newsletter's
 * address hashes keyed with it: each stored SHA-256 becomes its HMAC, so
 * subscribers and the proof of former ones are still found. The rate-limit
 * counters, which live ten minutes, start afresh.
 */
export const keyedAddressHashes: Migration = {
  async up(untyped: Kysely<unknown>) {
    await untyped.schema
      .createTable('site_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();
    const db = untyped as Kysely<DatabaseSchema>;
    const key = await siteSecret(db, addressHashKeyName);
    const subscribers = await db.selectFrom('newsletter_subscribers').select(['id', 'email_hash']).execute();
    for (const { id, email_hash } of subscribers) {
      await db
        .updateTable('newsletter_subscribers')
        .set({ email_hash: keyedFromSha256(key, email_hash) })
        .where('id', '=', id)
        .execute();
    }
    await db.deleteFrom('rate_limits').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('site_secrets').execute();
  },
};
