import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema, NewsletterSyncAction } from '../db/schema';

/** A confirmed subscription with the double opt-in evidence the provider keeps. */
export interface SubscribeEvent {
  email: string;
  language: string;
  source: string;
  consentTextVersion: string;
  signedUpAt: number;
  confirmedAt: number;
}

export type SyncEvent = ({ action: 'subscribe' } & SubscribeEvent) | { action: 'unsubscribe'; email: string };

/**
 * Writes a sync job in the caller's transaction, so the provider hears of a
 * confirmation or unsubscription exactly when it is committed here. It comes
 * after the subscriber's earlier jobs: the caller has already updated the
 * subscriber's row, which holds off a concurrent transaction for the same one.
 */
export async function enqueueSync(
  trx: Transaction<DatabaseSchema>,
  subscriberId: string,
  event: SyncEvent,
  now: number,
): Promise<void> {
  const last = await trx
    .selectFrom('newsletter_sync_jobs')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('subscriber_id', '=', subscriberId)
    .executeTakeFirst();
  const { action, ...payload } = event;
  await trx
    .insertInto('newsletter_sync_jobs')
    .values({
      id: randomUUID(),
      subscriber_id: subscriberId,
      seq: Number(last?.seq ?? 0) + 1,
      action,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      created_at: now,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      finished_at: null,
    })
    .execute();
}

export function parseSyncEvent(action: NewsletterSyncAction, payload: string): SyncEvent {
  const data = JSON.parse(payload) as SubscribeEvent;
  return action === 'subscribe' ? { action, ...data } : { action, email: data.email };
}

export interface DeadSync {
  id: string;
  action: NewsletterSyncAction;
  email: string;
  createdAt: Date;
  finishedAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** Jobs the worker gave up: rejected by the provider, or still failing after 24 hours. */
export async function deadSyncs(db: Database): Promise<DeadSync[]> {
  const rows = await db
    .selectFrom('newsletter_sync_jobs')
    .select(['id', 'action', 'payload', 'created_at', 'finished_at', 'attempts', 'last_error'])
    .where('status', '=', 'dead')
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    action: row.action,
    email: parseSyncEvent(row.action, row.payload).email,
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
    attempts: row.attempts,
    lastError: row.last_error,
  }));
}

/** One tab-separated line per dead job, with a header, for a terminal or a spreadsheet. */
export function formatDeadSyncs(dead: readonly DeadSync[]): string {
  if (dead.length === 0) return '';
  const lines = dead.map((job) =>
    [
      job.createdAt.toISOString(),
      job.finishedAt?.toISOString() ?? '',
      job.action,
      job.email,
      String(job.attempts),
      (job.lastError ?? '').replace(/\s+/g, ' '),
      job.id,
    ].join('\t'),
  );
  return `${['created_at', 'given_up_at', 'action', 'email', 'attempts', 'last_error', 'job'].join('\t')}\n${lines.join('\n')}\n`;
}
