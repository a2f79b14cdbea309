import type { Kysely, Migration } from 'kysely';

/**
 * Newsletter subscribers (double opt-in), their tokens (stored as SHA-256
 * hashes) and the consent events that prove each sign-up, confirmation and
 * withdrawal.
 */
export const newsletter: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsletter_subscribers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email_hash', 'text', (col) => col.notNull().unique())
      .addColumn('email', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('consent_text_version', 'text', (col) => col.notNull())
      .addColumn('signed_up_at', 'bigint', (col) => col.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('unsubscribed_at', 'bigint')
      .addColumn('last_confirmation_mail_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('newsletter_subscribers_status')
      .on('newsletter_subscribers')
      .columns(['status', 'signed_up_at'])
      .execute();

    await db.schema
      .createTable('newsletter_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('newsletter_tokens_subscriber')
      .on('newsletter_tokens')
      .column('subscriber_id')
      .execute();

    await db.schema
      .createTable('newsletter_consent_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('occurred_at', 'bigint', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('consent_text_version', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('newsletter_consent_events_subscriber')
      .on('newsletter_consent_events')
      .column('subscriber_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('newsletter_consent_events').execute();
    await db.schema.dropTable('newsletter_tokens').execute();
    await db.schema.dropTable('newsletter_subscribers').execute();
  },
};
