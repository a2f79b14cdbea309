import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { PollingWorker } from '../background/polling-worker';
import type { Database, DatabaseKind } from '../db/database';
import type { NewsletterSyncJobTable } from '../db/schema';
import { describeError } from '../describe-error';
import { outboxPolicy, retryDelay } from '../mail/outbox';
import type { NewsletterProvider, SyncOutcome } from './providers/provider';
import { parseSyncEvent } from './sync-jobs';

/** Like the outbox: a 60 s lock, backoff from seconds to 5 minutes, given up after 24 hours. */
export const syncPolicy = {
  lockMs: outboxPolicy.lockMs,
  giveUpAfterMs: outboxPolicy.giveUpAfterMs,
  /** Per request; a job makes at most three (listmonk), well within the lock. */
  requestTimeoutMs: 10_000,
};

type ClaimedJob = Pick<NewsletterSyncJobTable, 'id' | 'action' | 'payload' | 'attempts' | 'created_at'>;

export interface NewsletterSyncWorkerOptions {
  db: Database;
  kind: DatabaseKind;
  provider: NewsletterProvider;
  providerName: string;
  /** Cut out of anything stored or logged, in case a provider quotes it back. */
  key: string;
  log: FastifyBaseLogger;
  now?: () => number;
  pollIntervalMs?: number;
  /** Shared with the provider module, so each thing about the settings is said once per process. */
  sayOnce?: (message: string) => void;
}

/** Removes the key (and each part of a user:token key) and e-mail addresses from a provider's words. */
export function redact(text: string, key: string): string {
  const secrets = [key, ...key.split(':')].filter((part) => part.length >= 8).sort((a, b) => b.length - a.length);
  let clean = text;
  for (const secret of secrets) clean = clean.split(secret).join('[key]');
  return clean.replace(/<?[^\s<>@"']+@[^\s<>@"']+>?/g, '<address>').slice(0, 300);
}

/** Logs each message about the settings once per process, however many jobs meet it, without the key. */
export function onceLogger(log: FastifyBaseLogger, key: string): (message: string) => void {
  const said = new Set<string>();
  return (message) => {
    if (said.has(message)) return;
    said.add(message);
    log.error(`newsletter sync: ${redact(message, key)}`);
  };
}

/**
 * Hands confirmations and unsubscriptions to the e-mail marketing provider.
 * One job at a time is claimed with a 60 s lock (FOR UPDATE SKIP LOCKED on
 * PostgreSQL), so instances never deliver the same job at once, and only when
 * the subscriber has no earlier unfinished job, so events arrive in order. A
 * worker that dies mid-sync leaves a lock that expires; the job is then sent
 * again, which every provider call here tolerates (it sets a state).
 * After a failure the whole worker pauses, so a provider that is down is
 * asked once per backoff step, not once per waiting job.
 */
export class NewsletterSyncWorker extends PollingWorker {
  private readonly now: () => number;
  private pausedUntil = 0;
  private failuresInARow = 0;
  private readonly sayOnce: (message: string) => void;

  constructor(private readonly options: NewsletterSyncWorkerOptions) {
    super(options.log, 'newsletter sync', options.pollIntervalMs ?? 1_000, 1);
    this.now = options.now ?? Date.now;
    this.sayOnce = options.sayOnce ?? onceLogger(options.log, options.key);
  }

  /** Claims and delivers the next due job; returns 1 if it handled one. */
  async runOnce(): Promise<number> {
    if (this.now() < this.pausedUntil) return 0;
    const job = await this.claim();
    if (!job) return 0;
    await this.deliver(job);
    return 1;
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const { db, kind } = this.options;
    const now = this.now();
    const due = db
      .selectFrom('newsletter_sync_jobs as job')
      .select('job.id')
      .where((eb) =>
        eb.or([
          eb.and([eb('job.status', '=', 'pending'), eb('job.next_attempt_at', '<=', now)]),
          eb.and([eb('job.status', '=', 'syncing'), eb('job.locked_until', '<', now)]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('newsletter_sync_jobs as earlier')
              .select('earlier.id')
              .whereRef('earlier.subscriber_id', '=', 'job.subscriber_id')
              .whereRef('earlier.seq', '<', 'job.seq')
              .where('earlier.status', 'in', ['pending', 'syncing']),
          ),
        ),
      )
      .orderBy('job.next_attempt_at')
      .orderBy('job.seq')
      .limit(1);
    return db
      .updateTable('newsletter_sync_jobs')
      .set({ status: 'syncing', locked_until: now + syncPolicy.lockMs, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', kind === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'action', 'payload', 'attempts', 'created_at'])
      .executeTakeFirst();
  }

  private async deliver(job: ClaimedJob): Promise<void> {
    const { db, provider, providerName, key } = this.options;
    let outcome: SyncOutcome;
    try {
      const event = parseSyncEvent(job.action, job.payload);
      outcome =
        event.action === 'subscribe' ? await provider.subscribe(event) : await provider.unsubscribe(event.email);
    } catch (error) {
      outcome = { kind: 'retry', reason: describeError(error) };
    }
    const now = this.now();
    const context = { job: job.id, action: job.action, provider: providerName, attempts: job.attempts };

    if (outcome.kind === 'delivered') {
      this.failuresInARow = 0;
      // A delivered job's address is not kept.
      await db
        .updateTable('newsletter_sync_jobs')
        .set({ status: 'done', payload: '', finished_at: now, locked_until: null, last_error: null })
        .where('id', '=', job.id)
        .execute();
      this.log.info(context, 'newsletter sync: delivered');
      return;
    }

    const reason = redact(outcome.reason, key);
    if (outcome.kind === 'rejected') {
      await db
        .updateTable('newsletter_sync_jobs')
        .set({ status: 'dead', finished_at: now, locked_until: null, last_error: reason })
        .where('id', '=', job.id)
        .execute();
      this.log.warn(
        { ...context, err: reason },
        'newsletter sync: refused by the provider, given up (npm run newsletter:dead-syncs lists it)',
      );
      return;
    }

    this.failuresInARow += 1;
    const delay = outcome.retryAfterMs ?? retryDelay(this.failuresInARow);
    this.pausedUntil = now + delay;
    const giveUp = now - job.created_at >= syncPolicy.giveUpAfterMs;
    await db
      .updateTable('newsletter_sync_jobs')
      .set({
        status: giveUp ? 'dead' : 'pending',
        next_attempt_at: now + (outcome.retryAfterMs ?? retryDelay(job.attempts)),
        finished_at: giveUp ? now : null,
        locked_until: null,
        last_error: reason,
      })
      .where('id', '=', job.id)
      .execute();
    if (outcome.misconfigured) this.sayOnce(outcome.misconfigured);
    if (giveUp)
      this.log.warn(
        { ...context, err: reason },
        'newsletter sync: still failing after 24 hours, given up (npm run newsletter:dead-syncs lists it)',
      );
    else if (!outcome.misconfigured)
      this.log.warn({ ...context, err: reason, retryInMs: delay }, 'newsletter sync: failed, will retry');
  }
}
