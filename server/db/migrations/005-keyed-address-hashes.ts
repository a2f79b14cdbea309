import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';
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
    const key = await addressHashKey(db);
    const subscribers = await db.selectFrom('newsletter_subscribers').select(['id', 'email_hash']).execute();
    for (const { id, email_hash } of subscribers) {
      await db
        .updateTable('newsletter_subscribers')
        .set({ email_hash: hmacSha256(key, email_hash) })
        .where('id', '=', id)
        .execute();
    }
    await db.deleteFrom('rate_limits').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('site_secrets').execute();
  },
};

// Frozen as this migration was written (server/privacy/site-secret.ts and address-hash.ts of
// that day), for it and the migrations after it: a migration means the same forever.

/**
 * The key of the address hashes, made at the first start and kept in the database so every
 * instance uses the same one; of two instances starting at once, the first one's is kept.
 */
export async function addressHashKey(db: Kysely<DatabaseSchema>, now = Date.now()): Promise<Buffer> {
  const name = 'address-hash-key';
  await db
    .insertInto('site_secrets')
    .values({ name, value: randomBytes(32).toString('base64'), created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** HMAC-SHA-256 in hex: an address hash is this over the SHA-256 of the address. */
export const hmacSha256 = (key: Buffer, value: string) => createHmac('sha256', key).update(value, 'utf8').digest('hex');
