import type { Kysely, Migration } from 'kysely';

/**
 * Job alerts (docs/decisions/0056-job-alerts.md). A double opt-in list of the shared shape
 * (subscribers, tokens stored hashed, consent events), whose subscribers also keep their
 * departments (JSON, null for all) and how many alerts in a row were refused for good; the
 * positions already known, per source of jobs (a feed's address, or the built-in jobs), so
 * each is announced once; the alert rounds; and one row of state: the source the known
 * positions belong to, the next moment an alert may be sent and the next one a round may
 * give a new alert (the sending rate). The feed's row keeps the departments it has named.
 */
export const jobAlerts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job_alert_subscribers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('email_hash', 'text', (col) => col.notNull().unique())
      .addColumn('mailbox_hash', 'text')
      .addColumn('email', 'text')
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('consent_text_version', 'text', (col) => col.notNull())
      .addColumn('signed_up_at', 'bigint', (col) => col.notNull())
      .addColumn('confirmed_at', 'bigint')
      .addColumn('unsubscribed_at', 'bigint')
      .addColumn('last_confirmation_mail_at', 'bigint')
      .addColumn('departments', 'text')
      .addColumn('refusals', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('ended_at', 'bigint')
      .addColumn('end_reason', 'text')
      .execute();
    await db.schema
      .createIndex('job_alert_subscribers_status')
      .on('job_alert_subscribers')
      .columns(['status', 'signed_up_at'])
      .execute();
    await db.schema
      .createIndex('job_alert_subscribers_mailbox')
      .on('job_alert_subscribers')
      .columns(['mailbox_hash', 'last_confirmation_mail_at'])
      .execute();

    await db.schema
      .createTable('job_alert_tokens')
      .addColumn('token_hash', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('job_alert_subscribers.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('payload', 'text')
      .execute();
    await db.schema.createIndex('job_alert_tokens_subscriber').on('job_alert_tokens').column('subscriber_id').execute();

    await db.schema
      .createTable('job_alert_consent_events')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('subscriber_id', 'text', (col) =>
        col.notNull().references('job_alert_subscribers.id').onDelete('cascade'),
      )
      .addColumn('event', 'text', (col) => col.notNull())
      .addColumn('occurred_at', 'bigint', (col) => col.notNull())
      .addColumn('language', 'text', (col) => col.notNull())
      .addColumn('consent_text_version', 'text', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('details', 'text')
      .execute();
    await db.schema
      .createIndex('job_alert_consent_events_subscriber')
      .on('job_alert_consent_events')
      .column('subscriber_id')
      .execute();

    await db.schema
      .createTable('job_alert_positions')
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('position_id', 'text', (col) => col.notNull())
      .addColumn('first_seen_at', 'bigint', (col) => col.notNull())
      .addColumn('closed_at', 'bigint')
      .addColumn('round_id', 'text')
      .addPrimaryKeyConstraint('job_alert_positions_pk', ['source', 'position_id'])
      .execute();

    await db.schema
      .createTable('job_alert_rounds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('source', 'text', (col) => col.notNull())
      .addColumn('positions', 'text', (col) => col.notNull())
      .addColumn('after_subscriber', 'text')
      .addColumn('recipients', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('queued_at', 'bigint')
      .execute();

    await db.schema
      .createTable('job_alert_state')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('source', 'text')
      .addColumn('baseline_at', 'bigint')
      .addColumn('next_send_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('next_slot_at', 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable('jobs_feed').addColumn('departments', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('jobs_feed').dropColumn('departments').execute();
    for (const table of [
      'job_alert_state',
      'job_alert_rounds',
      'job_alert_positions',
      'job_alert_consent_events',
      'job_alert_tokens',
      'job_alert_subscribers',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
