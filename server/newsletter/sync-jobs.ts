import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { kindsOf } from '../queue/kinds';
import { enqueueJob, givenUpJobs } from '../queue/queue';

/** A confirmed subscription with the double opt-in evidence the provider keeps. */
export interface SubscribeEvent {
  email: string;
  language: string;
  source: string;
  consentTextVersion: string;
  signedUpAt: number;
  confirmedAt: number;
  /** The separate consent to per-person tracking; absent in a sync queued before it existed (none given). */
  trackingConsent?: boolean;
}

export type SyncAction = 'subscribe' | 'unsubscribe';
export type SyncEvent = ({ action: 'subscribe' } & SubscribeEvent) | { action: 'unsubscribe'; email: string };

const syncKind = { subscribe: 'newsletter-subscribe', unsubscribe: 'newsletter-unsubscribe' } as const;
const actionOf = (kind: string): SyncAction => (kind === syncKind.unsubscribe ? 'unsubscribe' : 'subscribe');

/**
 * Queues a sync in the caller's transaction, so the provider hears of a
 * confirmation or unsubscription exactly when it is committed here. It comes
 * after the subscriber's earlier syncs (their order key): the caller has
 * already updated the subscriber's row, which holds off a concurrent
 * transaction for the same one.
 */
export async function enqueueSync(
  trx: Transaction<DatabaseSchema>,
  subscriberId: string,
  event: SyncEvent,
  now: number,
): Promise<void> {
  const { action, ...payload } = event;
  await enqueueJob(trx, syncKind[action], payload, { now, orderKey: subscriberId });
}

export function parseSyncEvent(kind: string, payload: string): SyncEvent {
  const data = JSON.parse(payload) as SubscribeEvent;
  return actionOf(kind) === 'subscribe'
    ? { action: 'subscribe', ...data }
    : { action: 'unsubscribe', email: data.email };
}

export interface DeadSync {
  id: string;
  action: SyncAction;
  email: string;
  createdAt: Date;
  givenUpAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** Syncs the worker gave up: rejected by the provider, or still failing after 24 hours. */
export async function deadSyncs(db: Database): Promise<DeadSync[]> {
  const jobs = await givenUpJobs(db, kindsOf('newsletter_sync'));
  return jobs.map((job) => ({
    id: job.id,
    action: actionOf(job.kind),
    email: parseSyncEvent(job.kind, job.payload).email,
    createdAt: new Date(job.createdAt),
    givenUpAt: job.givenUpAt === null ? null : new Date(job.givenUpAt),
    attempts: job.attempts,
    lastError: job.lastError,
  }));
}

/** One tab-separated line per dead sync, with a header, for a terminal or a spreadsheet. */
export function formatDeadSyncs(dead: readonly DeadSync[]): string {
  if (dead.length === 0) return '';
  const lines = dead.map((job) =>
    [
      job.createdAt.toISOString(),
      job.givenUpAt?.toISOString() ?? '',
      job.action,
      job.email,
      String(job.attempts),
      (job.lastError ?? '').replace(/\s+/g, ' '),
      job.id,
    ].join('\t'),
  );
  return `${['created_at', 'given_up_at', 'action', 'email', 'attempts', 'last_error', 'job'].join('\t')}\n${lines.join('\n')}\n`;
}
