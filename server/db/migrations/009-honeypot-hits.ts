import type { Kysely, Migration } from 'kysely';
import type { DatabaseSchema, HoneypotHitTable } from '../schema';
import { addressHashKey } from './005-keyed-address-hashes';
import { addressHasher } from './008-one-spelling';

/**
 * Honeypot hits keep what shows an attack and nothing more: the time and a
 * keyed hash of the address, in a table of their own (deleted after 30 days).
 * Those kept as contact messages so far, with name and message, become such
 * records; contact messages no longer carry a spam flag.
 */
export const honeypotHits: Migration = {
  async up(untyped: Kysely<unknown>) {
    await untyped.schema
      .createTable('honeypot_hits')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addColumn('email_hash', 'text', (col) => col.notNull())
      .execute();
    await untyped.schema.createIndex('honeypot_hits_received_at').on('honeypot_hits').column('received_at').execute();
    const hash = addressHasher(await addressHashKey(untyped as Kysely<DatabaseSchema>));
    // The spam flag is gone from the schema; this migration alone still reads it.
    const db = untyped as Kysely<{ contact_messages: SpamFlagged; honeypot_hits: HoneypotHitTable }>;
    const caught = await db
      .selectFrom('contact_messages')
      .select(['id', 'received_at', 'email'])
      .where('is_spam', '=', 1)
      .execute();
    for (const message of caught) {
      await db
        .insertInto('honeypot_hits')
        .values({ id: message.id, received_at: message.received_at, email_hash: hash.email(message.email) })
        .execute();
    }
    await db.deleteFrom('contact_messages').where('is_spam', '=', 1).execute();
    await untyped.schema.alterTable('contact_messages').dropColumn('is_spam').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema
      .alterTable('contact_messages')
      .addColumn('is_spam', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.dropTable('honeypot_hits').execute();
  },
};

interface SpamFlagged {
  id: string;
  received_at: number;
  email: string;
  is_spam: 0 | 1;
}
