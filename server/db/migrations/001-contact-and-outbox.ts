import type { Kysely, Migration } from 'kysely';

/**
 * Contact messages and the mail outbox. Times are epoch milliseconds
 * (bigint), identical on SQLite and PostgreSQL.
 */
export const contactAndOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('contact_messages')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('received_at', 'bigint', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('email', 'text', (col) => col.notNull())
      .addColumn('subject', 'text')
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('is_spam', 'integer', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('contact_messages_received_at').on('contact_messages').column('received_at').execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('message_id', 'text', (col) => col.notNull().unique())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull())
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'bigint')
      .execute();
    await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();

    await db.schema
      .createTable('outbox_attempts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('outbox_id', 'text', (col) => col.notNull().references('outbox.id').onDelete('cascade'))
      .addColumn('attempted_at', 'bigint', (col) => col.notNull())
      .addColumn('outcome', 'text', (col) => col.notNull())
      .addColumn('error', 'text')
      .execute();
    await db.schema.createIndex('outbox_attempts_outbox_id').on('outbox_attempts').column('outbox_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('outbox_attempts').execute();
    await db.schema.dropTable('outbox').execute();
    await db.schema.dropTable('contact_messages').execute();
  },
};
