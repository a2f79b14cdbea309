import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema, OutboxTable } from '../db/schema';
import type { JobKind } from './kinds';

/**
 * How the queue retries: within seconds at first, backing off to at most 5
 * minutes; a job still failing 24 hours after its round began is given up.
 * A worker's claim lasts `lockMs` and is renewed while the job runs, so only a
 * worker that died leaves one to expire. Tests shorten these (TEST_QUEUE_TIMINGS).
 */
export interface QueueTimings {
  firstRetryMs: number;
  maxRetryMs: number;
  giveUpAfterMs: number;
  lockMs: number;
}

export const defaultQueueTimings: QueueTimings = {
  firstRetryMs: 2_000,
  maxRetryMs: 5 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
  lockMs: 60_000,
};

/** The delay before retry number `attempt` (1-based), with ±20 % jitter against retry storms. */
export function retryDelay(
  attempt: number,
  timings: Pick<QueueTimings, 'firstRetryMs' | 'maxRetryMs'> = defaultQueueTimings,
  random: () => number = Math.random,
): number {
  const base = Math.min(timings.firstRetryMs * 2 ** (attempt - 1), timings.maxRetryMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export interface EnqueueOptions {
  now?: number;
  id?: string;
  /** Mails carry their Message-ID here too; other jobs get `task:<id>`. */
  messageId?: string;
  /** Jobs with the same key run one after another, in the order they were queued (a subscriber's syncs). */
  orderKey?: string;
  /** Not before this moment (a paced mail's turn); its round of attempts, and so its age, begins then. Default: now. */
  dueAt?: number;
}

/**
 * Queues a job, due at once. Inside the caller's transaction it exists exactly
 * when the record it belongs to does. With an `orderKey` it comes after that
 * key's earlier jobs: the caller holds a row lock that keeps a concurrent
 * transaction for the same key out (the unique (order_key, seq) index backs it).
 */
export async function enqueueJob(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  kind: JobKind,
  payload: unknown,
  { now = Date.now(), id = randomUUID(), messageId = `task:${id}`, orderKey, dueAt = now }: EnqueueOptions = {},
): Promise<string> {
  let seq: number | null = null;
  if (orderKey !== undefined) {
    const last = await db
      .selectFrom('outbox')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .where('order_key', '=', orderKey)
      .executeTakeFirst();
    seq = Number(last?.seq ?? 0) + 1;
  }
  const row = newJob({ id, kind, messageId, payload: JSON.stringify(payload), now, orderKey: orderKey ?? null, seq });
  await db
    .insertInto('outbox')
    .values({ ...row, next_attempt_at: dueAt, queued_at: dueAt })
    .execute();
  return id;
}

/** One job of a batch queued together (`enqueueJobs`). */
export interface QueuedJob {
  payload: unknown;
  id?: string;
  messageId?: string;
  orderKey?: string;
  dueAt?: number;
}

/**
 * Queues many jobs of one kind in one statement, each as `enqueueJob` would (after the earlier
 * jobs of its order key): one look-up of the keys' last places and one insert, instead of two
 * round trips a job. The caller holds what keeps a concurrent transaction for the same keys out.
 */
export async function enqueueJobs(
  db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>,
  kind: JobKind,
  jobs: readonly QueuedJob[],
  { now = Date.now() }: { now?: number } = {},
): Promise<void> {
  if (jobs.length === 0) return;
  const keys = [...new Set(jobs.flatMap((job) => (job.orderKey === undefined ? [] : [job.orderKey])))];
  const last = new Map<string, number>();
  if (keys.length > 0) {
    const rows = await db
      .selectFrom('outbox')
      .select((eb) => ['order_key', eb.fn.max('seq').as('seq')])
      .where('order_key', 'in', keys)
      .groupBy('order_key')
      .execute();
    for (const row of rows) if (row.order_key !== null) last.set(row.order_key, Number(row.seq ?? 0));
  }
  const rows = jobs.map(({ payload, id = randomUUID(), messageId = `task:${id}`, orderKey, dueAt = now }) => {
    let seq: number | null = null;
    if (orderKey !== undefined) {
      seq = (last.get(orderKey) ?? 0) + 1;
      last.set(orderKey, seq);
    }
    const row = newJob({ id, kind, messageId, payload: JSON.stringify(payload), now, orderKey: orderKey ?? null, seq });
    return { ...row, next_attempt_at: dueAt, queued_at: dueAt };
  });
  await db.insertInto('outbox').values(rows).execute();
}

/** A job as it is first written: pending, due at once, never tried. */
function newJob({
  id,
  kind,
  messageId,
  payload,
  now,
  orderKey,
  seq,
}: {
  id: string;
  kind: JobKind;
  messageId: string;
  payload: string;
  now: number;
  orderKey: string | null;
  seq: number | null;
}): OutboxTable {
  return {
    id,
    created_at: now,
    kind,
    message_id: messageId,
    payload,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    locked_until: null,
    last_error: null,
    sent_at: null,
    queued_at: now,
    claim_token: null,
    order_key: orderKey,
    seq,
    given_up_at: null,
    past_return_at: null,
  };
}

/** A job as its worker holds it. */
export interface ClaimedJob {
  id: string;
  kind: string;
  /** JSON, as queued. */
  payload: string;
  /** This one included. */
  attempts: number;
  createdAt: number;
  /** When the current round of attempts began (a resend begins a new one). */
  queuedAt: number;
  claimToken: string;
}

/** What one attempt came to. Reasons are stored and logged: they hold no personal data. */
export type JobOutcome =
  | { kind: 'done' }
  /** Try again later: after `retryAfterMs` if the other side said so, else after the backoff. `quiet`: the handler has said why itself. */
  | { kind: 'retry'; reason: string; retryAfterMs?: number; quiet?: boolean }
  /** Final: this job will never succeed (a permanent refusal). */
  | { kind: 'give-up'; reason: string }
  /** A recurring job (the feed refresh) done for now: it is due again after `afterMs`, for whichever worker claims it then. */
  | { kind: 'again'; afterMs: number }
  /**
   * Past its point of no return (AttemptProgress) the attempt ended without an answer: it may
   * have been done (a mail delivered). Not tried again by itself; listed for the operator.
   */
  | { kind: 'maybe-done'; reason: string };

/** What a handler tells its worker while an attempt runs. */
export interface AttemptProgress {
  /**
   * Records that from now on the job's effect may happen however the attempt ends (a mail: its
   * end of data is about to go to the server), before it does. Rejects when it cannot be recorded
   * or the claim is no longer this worker's: the handler then stops short of that point.
   */
  pointOfNoReturn(): Promise<void>;
}

/** A job whose effect is outside the database (a mail, an API call): carried out at least once. */
export interface JobHandler {
  transactional?: false;
  /** A job that is never finished (the feed refresh): it is retried however long it fails, never given up. */
  recurring?: true;
  /** Never throws for the job's own failures: it says what came of it. */
  run(job: ClaimedJob, progress: AttemptProgress): Promise<JobOutcome>;
}

/** A job whose effect is a database change: made in the transaction that marks it done, so exactly once. */
export interface TransactionalJobHandler {
  transactional: true;
  /**
   * Throws to retry; nothing it wrote is kept then. Answers `'changed-nothing'` when the job
   * found nothing to do: the job's own row then goes in the same transaction, so a request
   * that changes nothing leaves nothing behind.
   */
  run(trx: Transaction<DatabaseSchema>, job: ClaimedJob): Promise<'changed-nothing' | undefined>;
}

export type Handlers = Partial<Record<JobKind, JobHandler | TransactionalJobHandler>>;

export interface GivenUpJob {
  id: string;
  kind: string;
  /** Given up (never done), or maybe done: past its point of no return without an answer. */
  state: 'given-up' | 'maybe-done';
  createdAt: number;
  givenUpAt: number | null;
  attempts: number;
  lastError: string | null;
  payload: string;
}

/** The jobs of these kinds given up, and those maybe done, oldest first. */
export async function givenUpJobs(db: Kysely<DatabaseSchema>, kinds: readonly JobKind[]): Promise<GivenUpJob[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'created_at', 'given_up_at', 'attempts', 'last_error', 'payload'])
    .where('status', 'in', ['dead', 'maybe-sent'])
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    state: row.status === 'maybe-sent' ? 'maybe-done' : 'given-up',
    createdAt: row.created_at,
    givenUpAt: row.given_up_at,
    attempts: row.attempts,
    lastError: row.last_error,
    payload: row.payload,
  }));
}

/**
 * Makes sure the one job of a recurring kind exists and is due within
 * `dueWithinMs` (the setting may have been shortened since it was scheduled).
 * Safe on every instance at once: the row's id is the kind's, and a job in
 * hand is left to its worker.
 */
export async function ensureRecurringJob(
  db: Kysely<DatabaseSchema>,
  kind: JobKind,
  { now = Date.now(), dueWithinMs }: { now?: number; dueWithinMs: number },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values(newJob({ id: kind, kind, messageId: `task:${kind}`, payload: '{}', now, orderKey: null, seq: null }))
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db
    .updateTable('outbox')
    .set({ status: 'pending', next_attempt_at: now, queued_at: now, given_up_at: null })
    .where('id', '=', kind)
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['sent', 'dead']),
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '>', now + dueWithinMs)]),
      ]),
    )
    .execute();
}

/** Removes the job of a recurring kind whose setting is gone (JOBS_FEED_URL unset), so no queue waits for it. */
export async function removeRecurringJob(db: Kysely<DatabaseSchema>, kind: JobKind): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', kind).execute();
}
