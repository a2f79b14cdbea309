import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/database';
import type { JobAlertSubscriberTable } from '../../db/schema';

/** The job alerts as the operator sees them (`npm run jobs:status`, /metrics), read from the shared database. */
export interface AlertStatus {
  subscribers: Record<JobAlertSubscriberTable['status'], number>;
  /** The alert mails the outbox holds: waiting or in hand, delivered (kept 30 days), given up, maybe delivered (no answer to their end). */
  alerts: { queued: number; sent: number; givenUp: number; maybeDelivered: number };
  lastRound: {
    createdAt: number;
    source: string;
    positions: number;
    recipients: number;
    /** When its last batch was queued; null while batches remain. */
    queuedAt: number | null;
  } | null;
}

const noSubscribers: AlertStatus['subscribers'] = { pending: 0, confirmed: 0, unsubscribed: 0, ended: 0 };

export async function readAlertStatus(db: Database): Promise<AlertStatus> {
  const subscribers = { ...noSubscribers };
  const byStatus = await db
    .selectFrom('job_alert_subscribers')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  for (const row of byStatus) subscribers[row.status] = Number(row.count);
  const alerts = { queued: 0, sent: 0, givenUp: 0, maybeDelivered: 0 };
  const mails = await db
    .selectFrom('outbox')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('kind', '=', 'job-alert')
    .groupBy('status')
    .execute();
  for (const row of mails) {
    if (row.status === 'sent') alerts.sent += Number(row.count);
    else if (row.status === 'dead') alerts.givenUp += Number(row.count);
    else if (row.status === 'maybe-sent') alerts.maybeDelivered += Number(row.count);
    else alerts.queued += Number(row.count);
  }
  const round = await db
    .selectFrom('job_alert_rounds')
    .select(['created_at', 'source', 'positions', 'recipients', 'queued_at'])
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    subscribers,
    alerts,
    lastRound: round
      ? {
          createdAt: round.created_at,
          source: round.source,
          positions: (JSON.parse(round.positions) as { positions: unknown[] }).positions.length,
          recipients: round.recipients,
          queuedAt: round.queued_at,
        }
      : null,
  };
}

const when = (time: number) => new Date(time).toISOString();

/** The source of a round as the operator reads it: the feed's address without its query, or the built-in jobs. */
const sourceName = (source: string) => source.replace(/^personio:/, '').replace(/\?.*$/, '');

/** `npm run jobs:status`'s lines about the alerts: one fact a line. */
export function formatAlertStatus({ subscribers, alerts, lastRound }: AlertStatus): string {
  const lines = [
    `alert subscribers\t${subscribers.confirmed} confirmed, ${subscribers.pending} unconfirmed, ${subscribers.ended} ended after refusals (westbridge job-alerts:ended)`,
    `alerts\t${alerts.queued} waiting, ${alerts.sent} delivered, ${alerts.givenUp} given up, ${alerts.maybeDelivered} maybe delivered (last 30 days)`,
    lastRound
      ? `last alert round\t${when(lastRound.createdAt)} ${lastRound.positions} new position${lastRound.positions === 1 ? '' : 's'} of ${sourceName(lastRound.source)}: ${lastRound.recipients} alert${lastRound.recipients === 1 ? '' : 's'} queued${lastRound.queuedAt === null ? ', more being queued' : ` by ${when(lastRound.queuedAt)}`}`
      : 'last alert round\tnone yet',
  ];
  return `${lines.join('\n')}\n`;
}

/** A subscriber whose alerts were ended: three refused for good in a row. */
export interface EndedSubscriber {
  endedAt: number;
  /** Kept for the listing's period (common/retention.ts, endedJobAlerts), then erased. */
  email: string | null;
  reason: string | null;
}

export async function endedSubscribers(db: Database): Promise<EndedSubscriber[]> {
  const rows = await db
    .selectFrom('job_alert_subscribers')
    .select(['ended_at', 'email', 'end_reason'])
    .where('status', '=', 'ended')
    .orderBy('ended_at')
    .execute();
  return rows.map((row) => ({ endedAt: row.ended_at ?? 0, email: row.email, reason: row.end_reason }));
}

const domainOf = (address: string) => `…@${address.slice(address.lastIndexOf('@') + 1)}`;

/** One tab-separated line per ended subscriber, with a header; addresses shortened to their domain unless asked for. */
export function formatEndedSubscribers(ended: readonly EndedSubscriber[], { addresses = false } = {}): string {
  if (ended.length === 0) return '';
  const lines = ended.map((entry) =>
    [
      when(entry.endedAt),
      entry.email === null ? '(erased)' : addresses ? entry.email : domainOf(entry.email),
      (entry.reason ?? '').replace(/\s+/g, ' '),
    ].join('\t'),
  );
  return `ended_at\temail\tlast_refusal\n${lines.join('\n')}\n`;
}

/**
 * /metrics: the alerts' subscribers by state and their mails by state, read at most once per
 * `cacheMs` from the database all instances share (each instance reports the same figures).
 */
export function jobAlertGauges(
  registry: Registry,
  { db, now = Date.now, cacheMs = 1_000 }: { db: Database; now?: () => number; cacheMs?: number },
): void {
  let reading: { at: number; status: Promise<AlertStatus | null> } | null = null;
  const status = () => {
    const at = now();
    if (!reading || at - reading.at >= cacheMs || at < reading.at) {
      reading = { at, status: readAlertStatus(db).catch(() => null) };
    }
    return reading.status;
  };
  new Gauge({
    name: 'westbridge_job_alert_subscribers',
    help: 'Job alerts subscribers by state: pending (unconfirmed), confirmed, unsubscribed (proof kept), ended (refused three times).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const read = await status();
      if (!read) return;
      for (const [state, count] of Object.entries(read.subscribers)) this.set({ state }, count);
    },
  });
  new Gauge({
    name: 'westbridge_job_alerts',
    help: 'Job alert mails by state: queued (waiting for their turn at JOB_ALERTS_PER_MINUTE, or in hand), sent, given up and maybe delivered (no answer to their end; all kept 30 days).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const read = await status();
      if (!read) return;
      this.set({ state: 'queued' }, read.alerts.queued);
      this.set({ state: 'sent' }, read.alerts.sent);
      this.set({ state: 'given_up' }, read.alerts.givenUp);
      this.set({ state: 'maybe_delivered' }, read.alerts.maybeDelivered);
    },
  });
}
