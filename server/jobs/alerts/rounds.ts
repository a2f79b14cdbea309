import { randomBytes, randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import { defaultLanguage, isLanguage, type Language } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { DatabaseSchema } from '../../db/schema';
import { jobAlertMail, type AlertedPosition } from '../../mail/templates/job-alert';
import type { OutgoingMail } from '../../mail/send-email';
import { optInLists } from '../../opt-in/lists';
import { issueUnsubscribeTokens } from '../../opt-in/subscriptions';
import { enqueueJob, enqueueJobs, type QueuedJob, type TransactionalJobHandler } from '../../queue/queue';
import { departmentNamer, parseCatalogue } from './departments';
import { alertsStateId, type AlertRound, type RoundPosition } from './positions';
import { alertOrderKey, parseDepartments } from './subscriptions';

/**
 * Queues a round's alerts (docs/decisions/XXXX-job-alerts.md): one task per batch of
 * subscribers, each carried out in the transaction that marks it done and queues the next
 * batch, so a crash or a second instance neither skips nor repeats a subscriber. Each
 * subscriber whose departments match gets one mail with every matching position of the
 * round; the mails are due one after another at the sending rate.
 */

/** An alert as the outbox keeps it: the mail, and whose it is (for the refusals that end a subscription). */
export interface QueuedAlert {
  mail: OutgoingMail;
  subscriberId: string;
}

export interface RoundContext {
  siteUrl: string;
  mailFrom: string;
  /** JOB_ALERTS_PER_MINUTE. */
  perMinute: number;
  /** Subscribers per task: a transaction of this many mails leaves the instance free to answer in between. */
  batchSize?: number;
  now?: () => number;
}

/** Rendering and queuing 100 alerts takes a while: the event loop gets a turn every this many milliseconds of it. */
const sliceMs = 10;

function timeSlices(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
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
function matching(round: AlertRound, chosen: readonly string[]): RoundPosition[] {
  if (chosen.length === 0) return round.positions;
  const keys = new Set(chosen.map((key) => round.renamed[key] ?? key));
  return round.positions.filter((position) => position.department !== null && keys.has(position.department));
}

function shownIn(position: RoundPosition, lng: Language, siteUrl: string): AlertedPosition | null {
  const shown = position.shown[lng] ?? position.shown[defaultLanguage] ?? Object.values(position.shown)[0];
  if (!shown) return null;
  return { ...shown, url: pageUrl(siteUrl, 'jobs', lng, { job: position.id }) };
}

async function queueBatch(
  trx: Transaction<DatabaseSchema>,
  roundId: string,
  { siteUrl, mailFrom, perMinute, batchSize = 100, now: clock = Date.now }: RoundContext,
): Promise<void> {
  // Each batch in a turn of its own: the instance answers requests between batches.
  await nextTurn();
  const now = clock();
  const row = await trx.selectFrom('job_alert_rounds').selectAll().where('id', '=', roundId).executeTakeFirst();
  if (!row || row.queued_at !== null) return;
  const round = JSON.parse(row.positions) as AlertRound;
  let query = trx
    .selectFrom('job_alert_subscribers')
    .select(['id', 'email', 'language', 'departments'])
    .where('status', '=', 'confirmed')
    .where('confirmed_at', '<=', row.created_at)
    .orderBy('id')
    .limit(batchSize);
  if (row.after_subscriber !== null) query = query.where('id', '>', row.after_subscriber);
  const subscribers = await query.execute();
  const feed = await trx.selectFrom('jobs_feed').select('departments').executeTakeFirst();
  const departmentName = departmentNamer(parseCatalogue(feed?.departments));
  const host = new URL(siteUrl).hostname;

  // One rendering per language and choice of departments: each subscriber's mail differs from it only
  // by its address and its unsubscribe token, put in where the rendering has this random stand-in.
  const standIn = randomBytes(32).toString('base64url');
  const renderings = new Map<string, Omit<OutgoingMail, 'messageId' | 'to'> | null>();
  const rendering = (lng: Language, chosen: readonly string[]) => {
    const key = `${lng} ${chosen.join(' ')}`;
    if (!renderings.has(key)) {
      const positions = matching(round, chosen)
        .map((position) => shownIn(position, lng, siteUrl))
        .filter((position): position is AlertedPosition => position !== null);
      const { to: _to, ...mail } = jobAlertMail({
        from: mailFrom,
        to: '',
        language: lng,
        siteUrl,
        jobsUrl: pageUrl(siteUrl, 'jobs', lng),
        unsubscribeUrl: pageUrl(siteUrl, 'job-alerts-unsubscribe', lng, { token: standIn }),
        positions,
        departments: chosen.map((key) => departmentName(round.renamed[key] ?? key, lng)),
      });
      renderings.set(key, positions.length > 0 ? mail : null);
    }
    return renderings.get(key) ?? null;
  };
  const withToken = (text: string, token: string) => text.split(standIn).join(token);

  const pause = timeSlices();
  const recipients: { id: string; email: string; mail: Omit<OutgoingMail, 'messageId' | 'to'> }[] = [];
  for (const subscriber of subscribers) {
    await pause();
    const lng = isLanguage(subscriber.language) ? subscriber.language : defaultLanguage;
    const mail = rendering(lng, parseDepartments(subscriber.departments));
    if (mail && subscriber.email) recipients.push({ id: subscriber.id, email: subscriber.email, mail });
  }
  const tokens = await issueUnsubscribeTokens(
    trx,
    optInLists.jobAlerts,
    recipients.map((recipient) => recipient.id),
    now,
  );
  const intervalMs = alertIntervalMs(perMinute);
  const first = recipients.length ? await takeTurns(trx, recipients.length, intervalMs, now) : now;
  const jobs: QueuedJob[] = [];
  for (const [index, { id: subscriberId, email, mail }] of recipients.entries()) {
    await pause();
    const token = tokens.get(subscriberId) ?? '';
    const id = randomUUID();
    const messageId = `<${id}@${host}>`;
    const alert: OutgoingMail = {
      ...mail,
      messageId,
      to: email,
      text: withToken(mail.text, token),
      html: withToken(mail.html, token),
      headers: Object.fromEntries(
        Object.entries(mail.headers ?? {}).map(([name, value]) => [name, withToken(value, token)]),
      ),
    };
    const payload: QueuedAlert = { mail: alert, subscriberId };
    jobs.push({ payload, id, messageId, orderKey: alertOrderKey(subscriberId), dueAt: first + index * intervalMs });
  }
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
