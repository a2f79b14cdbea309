import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction, type Updateable } from 'kysely';
import { PollingWorker } from './polling-worker';
import type { Database, DatabaseKind } from '../db/database';
import type { DatabaseSchema, OutboxAttemptTable, OutboxTable } from '../db/schema';
import { describeError } from '../describe-error';
import { queueOf, type JobKind } from './kinds';
import {
  defaultQueueTimings,
  retryDelay,
  type ClaimedJob,
  type Handlers,
  type JobOutcome,
  type QueueTimings,
} from './queue';

export interface QueueWorkerOptions {
  /** Named in its log lines when the database is away. */
  name: string;
  db: Database;
  dialect: DatabaseKind;
  log: FastifyBaseLogger;
  /** The kinds this worker carries out; each claim takes only these. */
  handlers: Handlers;
  now?: () => number;
  timings?: Partial<QueueTimings>;
  pollIntervalMs?: number;
  /** Jobs handled per run before the loop checks again. */
  batchSize?: number;
  /** After a failure the worker rests for the delay, so a service that is down is asked once per step, not once per waiting job. */
  restAfterFailure?: boolean;
  /** Added to the log line of a job given up: where the operator finds it. */
  givenUpHint?: string;
  /**
   * A rate shared by every instance (the job alerts' JOB_ALERTS_PER_MINUTE): before each claim
   * of a due job the worker takes a turn, and rests until the next one when none is free.
   */
  pacing?: Pacing;
}

/** Turns at a rate, taken by the workers of every instance. */
export interface Pacing {
  /** Takes the turn due at `now`: 0 if it was free, else the milliseconds until the next one. */
  take(now: number): Promise<number>;
}

/** How a resend by the operator ended. */
export type ResendResult =
  | { result: 'sent' }
  | { result: 'failed'; reason: string }
  | { result: 'refused'; reason: string }
  /** Past its point of no return without an answer, again: it may have been delivered this time. */
  | { result: 'maybe-sent'; reason: string };

/** The transaction no longer held the claim: another worker had taken the job over. */
class ClaimLost extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Carries out the outbox's jobs of some kinds, one at a time: each is claimed
 * (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite has one writer) with a random
 * claim token and a lock the worker renews while the job runs, so no other
 * worker takes a job that is still in hand. Every write about the job names
 * that token: a worker that lost its claim changes nothing. A job with an
 * order key waits for that key's earlier jobs. Failures back off (2 s to
 * 5 min); a job still failing 24 hours into its round, or refused for good,
 * is given up. Each attempt is kept in outbox_attempts and logged in one line.
 * An attempt past its point of no return (a mail's end of data sent) that ends
 * without an answer, or whose worker dies meanwhile, is maybe done: never taken
 * up again by a worker, listed for the operator (docs/decisions/0048-maybe-delivered.md).
 */
export class QueueWorker extends PollingWorker {
  readonly kinds: JobKind[];
  private readonly now: () => number;
  private readonly timings: QueueTimings;
  private restingUntil = 0;
  private failuresInARow = 0;
  private settledAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: QueueWorkerOptions) {
    super(options.log, options.name, options.pollIntervalMs ?? 1_000, options.batchSize ?? 10);
    this.kinds = Object.keys(options.handlers) as JobKind[];
    this.now = options.now ?? Date.now;
    this.timings = { ...defaultQueueTimings, ...options.timings };
  }

  /** Claims and carries out due jobs one at a time, up to a batch; returns how many it handled. */
  async runOnce(): Promise<number> {
    await this.settleLapsedPastReturn();
    let handled = 0;
    while (handled < this.batchSize && !this.stopping && this.now() >= this.restingUntil) {
      if (this.options.pacing) {
        // A turn only for a job that is due: an idle worker takes none (and writes nothing).
        if (!(await this.dueJob(this.now()).executeTakeFirst())) break;
        const wait = await this.options.pacing.take(this.now());
        if (wait > 0) {
          this.restingUntil = this.now() + wait;
          break;
        }
      }
      const job = await this.claim();
      if (!job) break;
      await this.attempt(job);
      handled++;
    }
    return handled;
  }

  /**
   * The operator's resend of a given-up or maybe-done job: one new attempt,
   * now, with the same content (a mail keeps its Message-ID). Refused unless
   * the job is one of those, so nothing delivered is sent again and two resends
   * at once send once; also refused when a later job of the same order key
   * exists (a newer change of that subscriber would be overtaken). A failed
   * resend leaves it given up; one that ends past its point of no return
   * without an answer, maybe done.
   */
  async resend(id: string): Promise<ResendResult> {
    const { db } = this.options;
    const now = this.now();
    const claimToken = randomUUID();
    const row = await db
      .updateTable('outbox')
      .set({
        ...this.claimed(now, claimToken),
        queued_at: now,
        next_attempt_at: now,
        given_up_at: null,
        past_return_at: null,
      })
      .where('id', '=', id)
      .where('status', 'in', ['dead', 'maybe-sent'])
      .where('kind', 'in', this.kinds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as later')
              .select('later.id')
              .whereRef('later.order_key', '=', 'outbox.order_key')
              .whereRef('later.seq', '>', 'outbox.seq'),
          ),
        ),
      )
      .returning(['id', 'kind', 'payload', 'attempts', 'created_at'])
      .executeTakeFirst();
    if (!row) return { result: 'refused', reason: await this.whyNotResent(id) };
    const outcome = await this.attempt(
      {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        createdAt: row.created_at,
        queuedAt: now,
        claimToken,
      },
      { oneAttempt: true },
    );
    if (outcome.kind === 'done' || outcome.kind === 'again') return { result: 'sent' };
    return outcome.kind === 'maybe-done'
      ? { result: 'maybe-sent', reason: outcome.reason }
      : { result: 'failed', reason: outcome.reason };
  }

  private async whyNotResent(id: string): Promise<string> {
    const row = await this.options.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'sent_at', 'next_attempt_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return 'no such job';
    if (!this.kinds.includes(row.kind as JobKind))
      return `it is a job of the ${queueOf(row.kind)} queue (${row.kind}), which this command does not resend`;
    switch (row.status) {
      case 'sent':
        return `already delivered${row.sent_at ? ` at ${new Date(row.sent_at).toISOString()}` : ''}; nothing sent again`;
      case 'sending':
        return 'it is being delivered right now (by an instance or another resend); nothing sent twice';
      case 'pending':
        return `it is not given up: the instances try it again at ${new Date(row.next_attempt_at).toISOString()}`;
      default:
        return 'a later change of the same subscriber has been queued since; sending this one would overtake it';
    }
  }

  /** What a claim writes: in hand, this worker's token, a lock, one attempt more. */
  private claimed(now: number, claimToken: string) {
    return {
      status: 'sending' as const,
      locked_until: now + this.timings.lockMs,
      claim_token: claimToken,
      attempts: sql<number>`attempts + 1`,
    };
  }

  /** The next due job of this worker's kinds whose earlier jobs of the same order key are done. */
  private dueJob(now: number) {
    return this.options.db
      .selectFrom('outbox as job')
      .select('job.id')
      .where('job.kind', 'in', this.kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('job.status', '=', 'pending'), eb('job.next_attempt_at', '<=', now)]),
          // A claim that lapsed: its worker died. Not one past its point of no return, which may be done.
          eb.and([
            eb('job.status', '=', 'sending'),
            eb('job.locked_until', '<', now),
            eb('job.past_return_at', 'is', null),
          ]),
        ]),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as earlier')
              .select('earlier.id')
              .whereRef('earlier.order_key', '=', 'job.order_key')
              .whereRef('earlier.seq', '<', 'job.seq')
              .where('earlier.status', 'in', ['pending', 'sending']),
          ),
        ),
      )
      .orderBy('job.next_attempt_at')
      .orderBy('job.seq')
      .limit(1);
  }

  private async claim(): Promise<ClaimedJob | undefined> {
    const { db, dialect } = this.options;
    const now = this.now();
    const claimToken = randomUUID();
    const due = this.dueJob(now);
    const row = await db
      .updateTable('outbox')
      .set(this.claimed(now, claimToken))
      .where('id', 'in', dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .returning(['id', 'kind', 'payload', 'attempts', 'created_at', 'queued_at'])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      createdAt: row.created_at,
      queuedAt: row.queued_at,
      claimToken,
    };
  }

  /** One attempt, with the claim renewed while it runs; returns what came of it. */
  private async attempt(job: ClaimedJob, { oneAttempt = false } = {}): Promise<JobOutcome> {
    const handler = this.options.handlers[job.kind as JobKind];
    const stopRenewing = this.renewClaim(job);
    let outcome: JobOutcome;
    try {
      if (!handler) outcome = { kind: 'retry', reason: `no handler for ${job.kind}` };
      else if (handler.transactional) {
        outcome = await this.runInTransaction(job, (trx) => handler.run(trx, job));
        if (outcome.kind === 'done') {
          this.logAttempt(job, outcome);
          return outcome;
        }
      } else {
        outcome = await handler
          .run(job, { pointOfNoReturn: () => this.recordPastReturn(job) })
          .catch((error: unknown) => ({ kind: 'retry', reason: describeError(error) }) as const);
      }
      if (outcome.kind === 'done') await this.recordDelivered(job);
      else if (outcome.kind === 'again') await this.recordAgain(job, outcome.afterMs);
      else if (outcome.kind === 'maybe-done') await this.recordMaybeDone(job, outcome.reason);
      else
        await this.recordFailure(
          job,
          outcome,
          oneAttempt,
          !!handler && !handler.transactional && handler.recurring === true,
        );
    } finally {
      stopRenewing();
    }
    return outcome;
  }

  /** The handler's writes and the job's end commit together, or not at all. */
  private async runInTransaction(
    job: ClaimedJob,
    run: (trx: Transaction<DatabaseSchema>) => Promise<'changed-nothing' | undefined>,
  ): Promise<JobOutcome> {
    try {
      await this.options.db.transaction().execute(async (trx) => {
        const ended =
          (await run(trx)) === 'changed-nothing'
            ? await this.forget(trx, job)
            : await this.markDone(trx, job, { fenced: true });
        if (!ended) throw new ClaimLost();
      });
      return { kind: 'done' };
    } catch (error) {
      if (error instanceof ClaimLost) return { kind: 'retry', reason: 'claim lost to another worker', quiet: true };
      return { kind: 'retry', reason: describeError(error) };
    }
  }

  /** Deletes a job that changed nothing, with its attempts. False when the claim was no longer this worker's. */
  private async forget(trx: Transaction<DatabaseSchema>, job: ClaimedJob): Promise<boolean> {
    await trx.deleteFrom('outbox_attempts').where('outbox_id', '=', job.id).execute();
    const deleted = await trx
      .deleteFrom('outbox')
      .where('id', '=', job.id)
      .where('claim_token', '=', job.claimToken)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** Marks the job sent and keeps no content. False when the claim was no longer this worker's (fenced) or the job was already sent. */
  private async markDone(
    trx: Transaction<DatabaseSchema>,
    job: ClaimedJob,
    { fenced }: { fenced: boolean },
  ): Promise<boolean> {
    const now = this.now();
    return moveOn(
      trx,
      job.id,
      (eb) => (fenced ? eb('claim_token', '=', job.claimToken) : eb('status', '<>', 'sent')),
      { status: 'sent', sent_at: now, locked_until: null, claim_token: null, last_error: null, payload: '' },
      { attempted_at: now, outcome: 'sent', error: null },
    );
  }

  /**
   * Records a delivery at once: the moment between the other side's acceptance
   * and this commit is the only one in which a crash repeats it. While the
   * database is unreachable the record is retried (and the claim renewed), so
   * a short outage does not hand the job to another worker.
   */
  private async recordDelivered(job: ClaimedJob): Promise<void> {
    const { db, log } = this.options;
    const written = await this.untilTheDatabaseAnswers(
      job,
      () =>
        db.transaction().execute(async (trx) => {
          if (await this.markDone(trx, job, { fenced: true })) return true;
          // Another worker took it over after our claim lapsed; the delivery happened all the same.
          await this.markDone(trx, job, { fenced: false });
          return false;
        }),
      {
        waiting: 'job done; recording it as soon as the database answers',
        abandoned: (context) =>
          log.error(context, 'job done, but the database could not record it: it will be delivered again'),
      },
    );
    if (!written) return;
    this.failuresInARow = 0;
    if (written.recorded) this.logAttempt(job, { kind: 'done' });
    else
      log.warn(
        this.context(job),
        'job done, but another worker had taken it over meanwhile: it may be delivered twice',
      );
  }

  /**
   * Runs `write` until the database answers, 250 ms doubling to 2 s between tries, the claim renewed
   * meanwhile (attempt's renewClaim); says `waiting` once. Stopping, it gives up 5 s in and says so
   * through `abandoned`: undefined then.
   */
  private async untilTheDatabaseAnswers<T>(
    job: ClaimedJob,
    write: () => Promise<T>,
    say: { waiting: string; abandoned: (context: Record<string, unknown>) => void },
  ): Promise<{ recorded: T } | undefined> {
    const started = this.now();
    for (let tries = 0; ; tries++) {
      try {
        return { recorded: await write() };
      } catch (error) {
        const context = { ...this.context(job), err: describeError(error) };
        if (this.stopping && this.now() - started > 5_000) {
          say.abandoned(context);
          return undefined;
        }
        if (tries === 0) this.options.log.warn(context, say.waiting);
        await sleep(Math.min(250 * 2 ** tries, 2_000));
      }
    }
  }

  /**
   * A recurring job done for now: due again after `afterMs`, its round starting
   * then (so the queue's age counts only from when it is due). No attempt row:
   * the job's own domain keeps its history. Should the database be away, the
   * claim lapses and the job is simply done again.
   */
  private async recordAgain(job: ClaimedJob, afterMs: number): Promise<void> {
    const now = this.now();
    this.failuresInARow = 0;
    try {
      await this.options.db
        .updateTable('outbox')
        .set({
          status: 'pending',
          attempts: 0,
          next_attempt_at: now + afterMs,
          queued_at: now + afterMs,
          sent_at: now,
          locked_until: null,
          claim_token: null,
          last_error: null,
        })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .execute();
      this.options.log.debug({ ...this.context(job), outcome: 'again', againInMs: afterMs }, 'job done for now');
    } catch (error) {
      this.options.log.warn(
        { ...this.context(job), err: describeError(error) },
        'job done, and the database could not record it: it is done again once its claim lapses',
      );
    }
  }

  /** The job in hand passes its point of no return: recorded first, fenced by the claim (AttemptProgress). */
  private async recordPastReturn(job: ClaimedJob): Promise<void> {
    const updated = await this.options.db
      .updateTable('outbox')
      .set({ past_return_at: this.now() })
      .where('id', '=', job.id)
      .where('claim_token', '=', job.claimToken)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new ClaimLost('the claim was lost to another worker');
  }

  /**
   * An attempt past its point of no return ended without an answer: maybe done, kept
   * aside (given_up_at says since when) for the operator, never taken up again by a
   * worker. Should the database be away, the job stays in hand with its point of no
   * return recorded, and the next settling (settleLapsedPastReturn) does the same.
   */
  private async recordMaybeDone(job: ClaimedJob, reason: string): Promise<void> {
    const now = this.now();
    try {
      const recorded = await this.options.db
        .transaction()
        .execute((trx) => setAside(trx, job.id, (eb) => eb('claim_token', '=', job.claimToken), now, reason));
      if (recorded) this.logAttempt(job, { kind: 'maybe-done', reason });
    } catch (error) {
      this.options.log.warn(
        { ...this.context(job), err: describeError(error) },
        'job maybe done, and the database could not record it: it is set aside once its claim lapses',
      );
    }
  }

  /**
   * Jobs in hand past their point of no return whose claim lapsed (their worker was
   * killed, or stopped while it waited for the answer): maybe done, each as
   * recordMaybeDone would have it. Looked for at most once per third of a claim.
   */
  private async settleLapsedPastReturn(): Promise<void> {
    const now = this.now();
    if (now - this.settledAt < this.timings.lockMs / 3 && now >= this.settledAt) return;
    this.settledAt = now;
    const { db } = this.options;
    const lapsed = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'attempts', 'claim_token'])
      .where('kind', 'in', this.kinds)
      .where('status', '=', 'sending')
      .where('past_return_at', 'is not', null)
      .where('locked_until', '<', now)
      .execute();
    const reason = 'its worker stopped while it waited for the answer to the end of the mail';
    for (const row of lapsed) {
      const settled = await db
        .transaction()
        .execute((trx) =>
          setAside(
            trx,
            row.id,
            (eb) => eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
            now,
            reason,
          ),
        );
      const job = { id: row.id, kind: row.kind, attempts: row.attempts };
      if (settled) this.logAttempt(job, { kind: 'maybe-done', reason });
    }
  }

  private async recordFailure(
    job: ClaimedJob,
    outcome: Exclude<JobOutcome, { kind: 'done' } | { kind: 'again' } | { kind: 'maybe-done' }>,
    oneAttempt: boolean,
    recurring = false,
  ): Promise<void> {
    const { db } = this.options;
    const now = this.now();
    const retryAfterMs = outcome.kind === 'retry' ? outcome.retryAfterMs : undefined;
    const giveUp =
      !recurring && (outcome.kind === 'give-up' || oneAttempt || now - job.queuedAt >= this.timings.giveUpAfterMs);
    const retryInMs = retryAfterMs ?? retryDelay(job.attempts, this.timings);
    if (this.options.restAfterFailure && outcome.kind === 'retry') {
      this.failuresInARow += 1;
      this.restingUntil = now + (retryAfterMs ?? retryDelay(this.failuresInARow, this.timings));
    }
    // Recorded as soon as the database answers, as a delivery is: a mail abandoned because the
    // database went away in the middle of it is sent again when the database is back, not when
    // its claim lapses (up to lockMs later).
    const written = await this.untilTheDatabaseAnswers(
      job,
      () =>
        db.transaction().execute((trx) =>
          moveOn(
            trx,
            job.id,
            (eb) => eb('claim_token', '=', job.claimToken),
            {
              status: giveUp ? 'dead' : 'pending',
              next_attempt_at: now + retryInMs,
              locked_until: null,
              claim_token: null,
              last_error: outcome.reason,
              given_up_at: giveUp ? now : null,
              // An answer after the point of no return (4xx, 5xx) says the server did not take it.
              past_return_at: null,
            },
            { attempted_at: now, outcome: 'failed', error: outcome.reason },
          ),
        ),
      {
        waiting: 'job failed; recording it as soon as the database answers',
        // Nothing happened outside; the claim lapses and the job is tried again.
        abandoned: (context) =>
          this.options.log.warn(
            context,
            'job failed, and the database could not record it: it is tried again once its claim lapses',
          ),
      },
    );
    if (written?.recorded) this.logAttempt(job, outcome, giveUp ? undefined : retryInMs, giveUp);
  }

  /** Renews the claim every third of its length until stopped; says once if another worker has taken the job. */
  private renewClaim(job: ClaimedJob): () => void {
    const { db, log } = this.options;
    let warned = false;
    const timer = setInterval(() => {
      db.updateTable('outbox')
        .set({ locked_until: this.now() + this.timings.lockMs })
        .where('id', '=', job.id)
        .where('claim_token', '=', job.claimToken)
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) === 0 && !warned) {
            warned = true;
            log.warn(this.context(job), 'job claim lost: its lock lapsed and another worker may have taken it');
          }
        })
        // The database is away: the record of the attempt retries; the lock holds for its full length meanwhile.
        .catch(() => {});
    }, this.timings.lockMs / 3);
    return () => clearInterval(timer);
  }

  private context(job: Pick<ClaimedJob, 'id' | 'kind' | 'attempts'>) {
    return { job: job.id, queue: queueOf(job.kind), kind: job.kind, attempt: job.attempts };
  }

  /** One line per attempt: the job's id, queue, kind and attempt, and why it failed; never its content. */
  private logAttempt(
    job: Pick<ClaimedJob, 'id' | 'kind' | 'attempts'>,
    outcome: Exclude<JobOutcome, { kind: 'again' }>,
    retryInMs?: number,
    givenUp = false,
  ): void {
    const { log, givenUpHint } = this.options;
    const context = this.context(job);
    if (outcome.kind === 'done') log.info({ ...context, outcome: 'done' }, 'job done');
    else if (outcome.kind === 'maybe-done')
      log.warn(
        { ...context, outcome: 'maybe-done', err: outcome.reason },
        `job maybe done, not tried again by itself${givenUpHint ? ` (${givenUpHint})` : ''}`,
      );
    else if (givenUp)
      log.warn(
        { ...context, outcome: 'given-up', err: outcome.reason },
        `job given up${givenUpHint ? ` (${givenUpHint})` : ''}`,
      );
    else {
      const line = { ...context, outcome: 'retry', err: outcome.reason, retryInMs };
      if (outcome.kind === 'retry' && outcome.quiet) log.debug(line, 'job failed, will retry');
      else log.warn(line, 'job failed, will retry');
    }
  }
}

/** What must still hold of a job's row for an attempt's end to be recorded. */
type RowGuard = (eb: ExpressionBuilder<DatabaseSchema, 'outbox'>) => Expression<SqlBool>;

/**
 * Moves a job on (`change`) and keeps the attempt that moved it in outbox_attempts, in `trx`, but
 * only while `still` holds of its row (the claim is still this worker's; the row is still a lapsed
 * one): whether it did. Every end of an attempt goes through here, so none is recorded without
 * the other.
 */
async function moveOn(
  trx: Transaction<DatabaseSchema>,
  jobId: string,
  still: RowGuard,
  change: Updateable<OutboxTable>,
  attempt: Omit<OutboxAttemptTable, 'id' | 'outbox_id'>,
): Promise<boolean> {
  const updated = await trx.updateTable('outbox').set(change).where('id', '=', jobId).where(still).executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  await trx
    .insertInto('outbox_attempts')
    .values({ id: randomUUID(), outbox_id: jobId, ...attempt })
    .execute();
  return true;
}

/**
 * An attempt that passed its point of no return without an answer (`reason`): maybe sent, set
 * aside for the operator and never taken up again, while `still` holds of its row.
 */
const setAside = (trx: Transaction<DatabaseSchema>, jobId: string, still: RowGuard, now: number, reason: string) =>
  moveOn(
    trx,
    jobId,
    still,
    { status: 'maybe-sent', locked_until: null, claim_token: null, last_error: reason, given_up_at: now },
    { attempted_at: now, outcome: 'maybe-sent', error: reason },
  );
