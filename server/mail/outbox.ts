import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { describeError, withoutAddressParts } from '../describe-error';
import type { JobKind } from '../queue/kinds';
import { enqueueJob, type JobHandler } from '../queue/queue';
import type { Mailer, OutgoingMail } from './send-email';

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

/** Sends a queued mail through the one mailer; a permanent refusal gives it up at once. */
export function mailHandler(mailer: Mailer): JobHandler {
  return {
    async run(job) {
      const mail = JSON.parse(job.payload) as OutgoingMail;
      try {
        await mailer.sendEmail(mail);
        return { kind: 'done' };
      } catch (error) {
        const reason = withoutAddressParts(describeError(error), [mail.to, mail.replyTo]);
        return isPermanentRefusal(error) ? { kind: 'give-up', reason } : { kind: 'retry', reason };
      }
    },
  };
}

export const mailHandlers = (mailer: Mailer): Record<MailKind, JobHandler> => {
  const handler = mailHandler(mailer);
  return { 'contact-notification': handler, 'newsletter-confirmation': handler, 'job-alert-confirmation': handler };
};
