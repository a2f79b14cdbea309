import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A mail whose end of data went to the mail server, with no answer after it,
 * may have been delivered (docs/decisions/0048-maybe-delivered.md): the outbox
 * records when the job in hand passed that point (`past_return_at`), and such a
 * job that ends without an answer is `maybe-sent`, never tried again by itself.
 */
export const maybeDelivered: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('outbox').addColumn('past_return_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    // The release before knows neither: what may have been delivered is given up there, so that
    // it is listed and resent only by the operator, and not taken up again by a worker.
    await sql`update outbox set status = 'dead', given_up_at = coalesce(given_up_at, past_return_at)
      where status = 'maybe-sent' or (status = 'sending' and past_return_at is not null)`.execute(db);
    await db.schema.alterTable('outbox').dropColumn('past_return_at').execute();
  },
};
