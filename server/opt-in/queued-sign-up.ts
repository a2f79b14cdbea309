import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { normalizeEmail } from '../privacy/address-hash';
import type { JobKind } from '../queue/kinds';
import { enqueueJob, type TransactionalJobHandler } from '../queue/queue';

/**
 * Records a sign-up for the outbox to carry out, and nothing else: one write, the same
 * for a new, a pending and a confirmed address, so the time the API takes to answer
 * does not tell which the address is. The address is kept in its one spelling.
 */
export async function requestQueuedSignUp<R extends { email: string }>(
  db: Database,
  kind: JobKind,
  request: R,
  now = Date.now(),
): Promise<void> {
  await enqueueJob(db, kind, { ...request, email: normalizeEmail(request.email) }, { now });
}

/**
 * The outbox task that carries out a requested sign-up as of the time it was requested,
 * in the transaction that marks it done; one that changed nothing leaves no row behind.
 */
export function queuedSignUpTask<R>(
  carryOut: (trx: Transaction<DatabaseSchema>, request: R, requestedAt: number) => Promise<boolean>,
): TransactionalJobHandler {
  return {
    transactional: true,
    run: async (trx, job) => {
      const changed = await carryOut(trx, JSON.parse(job.payload) as R, job.createdAt);
      return changed ? undefined : 'changed-nothing';
    },
  };
}
