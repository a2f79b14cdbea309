import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, DatabaseKind } from '../db/database';
import type { DatabaseSchema, OutboxTable } from '../db/schema';
import { PollingWorker } from '../background/polling-worker';
import { describeError } from '../describe-error';
import type { Mailer, OutgoingMail } from './send-email';

/** Retries start within seconds and back off to at most 5 minutes; a mail is given up after 24 hours. */
export const outboxPolicy = {
  firstRetryMs: 2_000,
  maxRetryMs: 5 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  lockMs: 60_000,
};

/** The delay before retry number `attempt` (1-based), with ±20 % jitter against retry storms. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(outboxPolicy.firstRetryMs * 2 ** (attempt - 1), outboxPolicy.maxRetryMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Puts a mail into the outbox inside the caller's transaction, so the mail
 * exists exactly when the record it belongs to does.
 */
export async function enqueueMail(
  trx: Transaction<DatabaseSchema>,
  kind: string,
  mail: Omit<OutgoingMail, 'messageId'>,
  { host, now = Date.now() }: { host: string; now?: number },
): Promise<string> {
  const id = randomUUID();
  const payload: OutgoingMail = { ...mail, messageId: `<${id}@${host}>` };
  await insertPending(trx, { id, kind, messageId: payload.messageId, payload, now });
  return id;
}

/** One outbox row, due at once. */
async function insertPending(
  db: Kysely<DatabaseSchema>,
  { id, kind, messageId, payload, now }: { id: string; kind: string; messageId: string; payload: unknown; now: number },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      id,
      created_at: now,
      kind,
      message_id: messageId,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      locked_until: null,
      last_error: null,
      sent_at: null,
    })
    .execute();
}

/**
 * Queues work that the outbox carries out like a mail, with the same retries:
 * `data` goes to the worker's task of that `kind`, in a transaction of its own.
 */
export async function enqueueTask(
  db: Kysely<DatabaseSchema>,
  kind: string,
  data: unknown,
  { now = Date.now() }: { now?: number } = {},
): Promise<string> {
  const id = randomUUID();
  await insertPending(db, { id, kind, messageId: `task:${id}`, payload: data, now });
  return id;
}

/** Carries out a queued task inside `trx`, which also marks it done; `queuedAt` is when it was queued. */
export type OutboxTask = (trx: Transaction<DatabaseSchema>, data: unknown, queuedAt: number) => Promise<void>;

/** Marks a mail sent or a task done. Its content (personal data, one-time links) is not kept. */
async function markDone(trx: Transaction<DatabaseSchema>, id: string, now: number): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null, payload: '' })
    .where('id', '=', id)
    .execute();
  await trx
    .insertInto('outbox_attempts')
    .values({ id: randomUUID(), outbox_id: id, attempted_at: now, outcome: 'sent', error: null })
    .execute();
}

type ClaimedMail = Pick<OutboxTable, 'id' | 'created_at' | 'kind' | 'payload' | 'attempts'>;

export interface OutboxWorkerOptions {
  db: Database;
  kind: DatabaseKind;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now?: () => number;
  pollIntervalMs?: number;
  batchSize?: number;
  /** What to do with the tasks of each kind (see enqueueTask); other entries are mails. */
  tasks?: Readonly<Record<string, OutboxTask>>;
}

/**
 * Delivers the outbox. Each mail is claimed by one worker (FOR UPDATE SKIP
 * LOCKED on PostgreSQL; SQLite has one writer), sent, and marked sent, or
 * rescheduled with backoff, or marked dead after 24 hours. A worker that dies
 * mid-send leaves a lock that expires, so another worker sends the mail again
 * with the same Message-ID.
 */
export class OutboxWorker extends PollingWorker {
  private readonly now: () => number;

  constructor(private readonly options: OutboxWorkerOptions) {
    super(options.log, 'outbox', options.pollIntervalMs ?? 1_000, options.batchSize ?? 10);
    this.now = options.now ?? Date.now;
  }

  /** Claims and sends the mails that are due, and carries out the tasks; returns how many it handled. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    let queuedMore = false;
    for (const item of claimed) {
      const task = this.options.tasks?.[item.kind];
      if (this.stopping) await this.release(item);
      else if (task) queuedMore = (await this.carryOut(item, task)) || queuedMore;
      else await this.deliver(item);
    }
    // What a task queued (a confirmation mail) is due at once: it goes in the same run.
    return claimed.length + (queuedMore && !this.stopping ? await this.runOnce() : 0);
  }

  private async claim(): Promise<ClaimedMail[]> {
    const { db, kind } = this.options;
    const now = this.now();
    const due = db
      .selectFrom('outbox')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(this.batchSize);
    return db
      .updateTable('outbox')
      .set({ status: 'sending', locked_until: now + outboxPolicy.lockMs, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', kind === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'created_at', 'kind', 'payload', 'attempts'])
      .execute();
  }

  private async release(mail: ClaimedMail): Promise<void> {
    await this.options.db
      .updateTable('outbox')
      .set({ status: 'pending', locked_until: null, attempts: mail.attempts - 1 })
      .where('id', '=', mail.id)
      .execute();
  }

  /** Runs a task and marks it done in one transaction, so it takes effect exactly once; returns whether it did. */
  private async carryOut(item: ClaimedMail, task: OutboxTask): Promise<boolean> {
    const { db, log } = this.options;
    try {
      await db.transaction().execute(async (trx) => {
        await task(trx, JSON.parse(item.payload), item.created_at);
        await markDone(trx, item.id, this.now());
      });
    } catch (caught) {
      await this.failed(item, describeError(caught));
      return false;
    }
    log.info({ task: item.id, kind: item.kind, attempts: item.attempts }, 'outbox: task done');
    return true;
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { db, mailer } = this.options;
    const log = this.log;
    let error: string | null = null;
    try {
      await mailer.sendEmail(JSON.parse(mail.payload) as OutgoingMail);
    } catch (caught) {
      error = describeError(caught);
    }
    if (error) {
      await this.failed(mail, error);
      return;
    }
    await db.transaction().execute((trx) => markDone(trx, mail.id, this.now()));
    log.info({ mail: mail.id, attempts: mail.attempts }, 'outbox: mail sent');
  }

  /** Reschedules a failed mail or task with backoff, or gives it up after 24 hours. */
  private async failed(mail: ClaimedMail, error: string): Promise<void> {
    const { db, log } = this.options;
    const now = this.now();
    const attempt = { id: randomUUID(), outbox_id: mail.id, attempted_at: now, outcome: 'failed', error } as const;
    const giveUp = now - mail.created_at >= outboxPolicy.giveUpAfterMs;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('outbox')
        .set({
          status: giveUp ? 'dead' : 'pending',
          next_attempt_at: now + retryDelay(mail.attempts),
          locked_until: null,
          last_error: error,
        })
        .where('id', '=', mail.id)
        .execute();
      await trx.insertInto('outbox_attempts').values(attempt).execute();
    });
    log.warn(
      { mail: mail.id, attempts: mail.attempts, err: error },
      giveUp ? 'outbox: mail given up' : 'outbox: delivery failed, will retry',
    );
  }
}
