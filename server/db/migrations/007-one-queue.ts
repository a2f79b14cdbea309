import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';
import { newsletterSync } from './004-newsletter-sync';

/**
 * One queue for every job (docs/decisions/0021-one-queue-each-mail-sent-once.md): the outbox gains what the newsletter
 * sync had (an order per subscriber), a claim token and a round start for
 * resends, and the time a job was given up; the sync jobs move into it, as
 * kinds newsletter-subscribe and newsletter-unsubscribe, and their table goes.
 * On PostgreSQL the two tables are locked first, so an instance of the old
 * version still running cannot write a row between the copy and the drop (its
 * write waits, then fails, and its form answers 503: nothing acknowledged is lost).
 */
export const oneQueue: Migration = {
  async up(db: Kysely<unknown>) {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`lock table outbox, outbox_attempts, newsletter_sync_jobs in access exclusive mode`.execute(db);
    }
    for (const [column, type] of [
      ['queued_at', 'bigint'],
      ['claim_token', 'text'],
      ['order_key', 'text'],
      ['seq', 'integer'],
      ['given_up_at', 'bigint'],
    ] as const) {
      await db.schema.alterTable('outbox').addColumn(column, type).execute();
    }
    await sql`update outbox set queued_at = created_at`.execute(db);
    await sql`update outbox set given_up_at = coalesce(
        (select max(attempted_at) from outbox_attempts where outbox_attempts.outbox_id = outbox.id), created_at)
      where status = 'dead'`.execute(db);
    await sql`insert into outbox (id, created_at, kind, message_id, payload, status, attempts, next_attempt_at,
        locked_until, last_error, sent_at, queued_at, claim_token, order_key, seq, given_up_at)
      select id, created_at, 'newsletter-' || action, 'task:' || id, payload,
        case status when 'syncing' then 'sending' when 'done' then 'sent' else status end,
        attempts, next_attempt_at, locked_until, last_error,
        case when status = 'done' then finished_at end, created_at, null, subscriber_id, seq,
        case when status = 'dead' then finished_at end
      from newsletter_sync_jobs`.execute(db);
    await db.schema.dropTable('newsletter_sync_jobs').execute();
    await db.schema.createIndex('outbox_order').on('outbox').columns(['order_key', 'seq']).unique().execute();
    // What a scrape of /metrics counts: jobs by state and kind, and the oldest round.
    await db.schema.createIndex('outbox_figures').on('outbox').columns(['status', 'kind', 'queued_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    // The table as migration 004 made it.
    await newsletterSync.up(db);
    await sql`insert into newsletter_sync_jobs (id, subscriber_id, seq, action, payload, status, attempts,
        created_at, next_attempt_at, locked_until, last_error, finished_at)
      select id, order_key, seq, substr(kind, 12), payload,
        case status when 'sending' then 'syncing' when 'sent' then 'done' else status end,
        attempts, created_at, next_attempt_at, locked_until, last_error, coalesce(sent_at, given_up_at)
      from outbox where kind in ('newsletter-subscribe', 'newsletter-unsubscribe')`.execute(db);
    await sql`delete from outbox where kind in ('newsletter-subscribe', 'newsletter-unsubscribe')`.execute(db);
    await db.schema.dropIndex('outbox_figures').execute();
    await db.schema.dropIndex('outbox_order').execute();
    for (const column of ['queued_at', 'claim_token', 'order_key', 'seq', 'given_up_at']) {
      await db.schema.alterTable('outbox').dropColumn(column).execute();
    }
  },
};
