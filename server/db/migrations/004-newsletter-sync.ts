import type { Kysely, Migration } from 'kysely';

/**
 * Newsletter sync jobs: each confirmation and unsubscription to hand to the
 * e-mail marketing provider, written in the transaction that made it and
 * delivered in order per subscriber (`seq`) by a worker, like the outbox.
 */
export const newsletterSync: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('newsletter_sync_jobs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('newsletter_subscribers.id').onDelete('cascade'),
      )
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('finished_at', 'bigint')
      .addUniqueConstraint('newsletter_sync_jobs_subscriber_seq', ['subscriber_id', 'seq'])
      .execute();
    await db.schema
      .createIndex('newsletter_sync_jobs_due')
      .on('newsletter_sync_jobs')
      .columns(['status', 'next_attempt_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('newsletter_sync_jobs').execute();
  },
};
