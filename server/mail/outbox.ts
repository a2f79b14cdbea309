import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { describeError, withoutAddressParts } from '../describe-error';
import type { JobKind } from '../queue/kinds';
import { enqueueJob, type AttemptProgress, type JobHandler, type JobOutcome } from '../queue/queue';
import { NoAnswerToTheEnd, type Mailer, type OutgoingMail } from './send-email';

/** The kinds of the mail queue. */
export type MailKind = Extract<JobKind, 'contact-notification' | 'newsletter-confirmation' | 'job-alert-confirmation'>;

/**
 * Puts a mail into the outbox inside the caller's transaction, so the mail
 * exists exactly when the record it belongs to does. Its Message-ID is fixed
 * here and kept through retries and resends.
 */
export async function enqueueMail(
  trx: Transaction<DatabaseSchema>,
  kind: MailKind,
  mail: Omit<OutgoingMail, 'messageId'>,
  { host, now = Date.now() }: { host: string; now?: number },
): Promise<string> {
  const id = randomUUID();
  const messageId = `<${id}@${host}>`;
  const payload: OutgoingMail = { ...mail, messageId };
  return enqueueJob(trx, kind, payload, { id, now, messageId });
}

/**
 * A refusal of this mail for good: a 5xx answer to its sender, recipients or
 * content (nodemailer's EENVELOPE, EMESSAGE). A 5xx to the login (EAUTH) is the
 * settings' fault, not the mail's, and waits like an outage.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}

/**
 * Sends a queued mail through the one mailer; a permanent refusal gives it up at
 * once. Its end goes to the server only once the outbox has recorded that it
 * may be delivered from then on: an attempt that gets no answer to it, or whose
 * instance is gone before the answer, is maybe delivered, never sent again by
 * itself (docs/decisions/0048-maybe-delivered.md).
 */
export function mailHandler(mailer: Mailer): JobHandler {
  return {
    run: (job, progress) => sendQueuedMail(mailer, JSON.parse(job.payload) as OutgoingMail, progress),
  };
}

/** One attempt at a queued mail, as `mailHandler` makes it (also for mails other handlers make, such as the job alerts). */
export async function sendQueuedMail(
  mailer: Mailer,
  mail: OutgoingMail,
  progress: AttemptProgress,
): Promise<JobOutcome> {
  try {
    await mailer.sendEmail(mail, { beforeEnd: () => progress.pointOfNoReturn() });
    return { kind: 'done' };
  } catch (error) {
    const answerless = error instanceof NoAnswerToTheEnd;
    const described = answerless
      ? `no answer to the end of the mail (${describeError(error.cause)})`
      : describeError(error);
    const reason = withoutAddressParts(described, [mail.to, mail.replyTo]);
    if (answerless) return { kind: 'maybe-done', reason };
    return isPermanentRefusal(error) ? { kind: 'give-up', reason } : { kind: 'retry', reason };
  }
}

export const mailHandlers = (mailer: Mailer): Record<MailKind, JobHandler> => {
  const handler = mailHandler(mailer);
  return { 'contact-notification': handler, 'newsletter-confirmation': handler, 'job-alert-confirmation': handler };
};
