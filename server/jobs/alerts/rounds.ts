import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { optInLists } from '../../opt-in/lists';
import { issueUnsubscribeTokens } from '../../opt-in/subscriptions';
import { enqueueJob, enqueueJobs, type QueuedJob, type TransactionalJobHandler } from '../../queue/queue';
import { timeSlices } from '../../time-slices';
import { alertsStateId, type AlertRound, type RoundPosition } from './positions';
import { alertOrderKey, parseDepartments } from './subscriptions';

/**
 * Queues a round's alerts (docs/decisions/0056-job-alerts.md): one task per batch of
 * subscribers, each carried out in the transaction that marks it done and queues the next
 * batch, so a crash or a second instance neither skips nor repeats a subscriber. Each
 * subscriber whose departments match gets one mail with every matching position of the
 * round; the mails are due one after another at the sending rate, and made when they are sent.
 */

/**
 * An alert as the outbox keeps it: whose it is, of which round, and its unsubscribe token (kept
 * readable only here, until it is sent); the mail is made when it is sent, with this Message-ID.
 */
export interface QueuedAlert {
  roundId: string;
  subscriberId: string;
  token: string;
  messageId: string;
}

export interface RoundContext {
  /** The host of the alerts' Message-IDs. */
  siteUrl: string;
  /** JOB_ALERTS_PER_MINUTE. */
  perMinute: number;
  /** Subscribers per task: a transaction of this many mails leaves the instance free to answer in between. */
  batchSize?: number;
  now?: () => number;
}

/** The time between two alerts at a rate. */
export const alertIntervalMs = (perMinute: number) => Math.ceil(60_000 / perMinute);

/** Takes `count` turns at the sending rate, after every turn given out before; returns when the first is. */
async function takeTurns(trx: Transaction<DatabaseSchema>, count: number, intervalMs: number, now: number) {
  const span = count * intervalMs;
  const row = await trx
    .updateTable('job_alert_state')
    .set({
      next_slot_at: sql<number>`(case when next_slot_at > ${now} then next_slot_at else ${now} end) + ${span}`,
    })
    .where('id', '=', alertsStateId)
    .returning('next_slot_at')
    .executeTakeFirstOrThrow();
  return Number(row.next_slot_at) - span;
}

/** Positions of the round a subscriber of these departments gets (none chosen: all), their choice followed through renamings. */
export function matching(round: AlertRound, chosen: readonly string[]): RoundPosition[] {
  if (chosen.length === 0) return round.positions;
  const keys = new Set(chosen.map((key) => round.renamed[key] ?? key));
  return round.positions.filter((position) => position.department !== null && keys.has(position.department));
}

async function queueBatch(
  trx: Transaction<DatabaseSchema>,
  roundId: string,
  { siteUrl, perMinute, batchSize = 100, now: clock = Date.now }: RoundContext,
): Promise<void> {
  // Each batch in a turn of its own: the instance answers requests between batches.
  await nextTurn();
  const now = clock();
  const row = await trx.selectFrom('job_alert_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  if (!row || row.queued_at !== null) return;
  const round = JSON.parse(row.positions) as AlertRound;
  let query = trx
    .selectFrom('job_alert_subscribers')
    .select(['id', 'email', 'departments'])
    .where('status', '=', 'confirmed')
    .where('confirmed_at', '<=', row.created_at)
    .orderBy('id')
    .limit(batchSize);
  if (row.after_subscriber !== null) query = query.where('id', '>', row.after_subscriber);
  const subscribers = await query.execute();
  const host = new URL(siteUrl).hostname;
  const pause = timeSlices();
  // Each subscriber whose departments match gets one alert, rendered when it is sent (server/jobs/alerts/alert-mail.ts).
  const recipients: string[] = [];
  for (const subscriber of subscribers) {
    await pause();
    if (subscriber.email && matching(round, parseDepartments(subscriber.departments)).length > 0)
      recipients.push(subscriber.id);
  }
  const tokens = await issueUnsubscribeTokens(trx, optInLists.jobAlerts, recipients, now);
  const intervalMs = alertIntervalMs(perMinute);
  const first = recipients.length ? await takeTurns(trx, recipients.length, intervalMs, now) : now;
  const jobs: QueuedJob[] = recipients.map((subscriberId, index) => {
    const id = randomUUID();
    const messageId = `<${id}@${host}>`;
    const payload: QueuedAlert = { roundId, subscriberId, token: tokens.get(subscriberId) ?? '', messageId };
    return { payload, id, messageId, orderKey: alertOrderKey(subscriberId), dueAt: first + index * intervalMs };
  });
  await enqueueJobs(trx, 'job-alert', jobs, { now });
  const last = subscribers.at(-1)?.id ?? row.after_subscriber;
  const done = subscribers.length < batchSize;
  await trx
    .updateTable('job_alert_rounds')
    .set({
      after_subscriber: last,
      recipients: row.recipients + jobs.length,
      queued_at: done ? now : null,
    })
    .where('id', '=', roundId)
    .execute();
  if (!done) await enqueueJob(trx, 'job-alerts-round', { roundId }, { now });
}

/** The outbox task of one batch of a round. */
export function roundTask(context: RoundContext): TransactionalJobHandler {
  return {
    transactional: true,
    run: async (trx, job) => {
      const { roundId } = JSON.parse(job.payload) as { roundId: string };
      await queueBatch(trx, roundId, context);
      return undefined;
    },
  };
}
