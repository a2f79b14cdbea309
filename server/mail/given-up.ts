import type { Database } from '../db/database';
import { kindsOf } from '../queue/kinds';
import { givenUpJobs } from '../queue/queue';
import type { OutgoingMail } from './send-email';

/**
 * A mail (or a sign-up request that was to queue one) the outbox gave up, or
 * one maybe delivered: its end went to the mail server and no answer came
 * (docs/decisions/0048-maybe-delivered.md); neither is sent again by itself.
 */
export interface GivenUpMail {
  id: string;
  kind: string;
  state: 'given-up' | 'maybe-delivered';
  createdAt: Date;
  givenUpAt: Date | null;
  attempts: number;
  lastError: string | null;
  /** The recipient: CONTACT_TO for a contact mail, the visitor for a newsletter mail. */
  to: string;
  /** The visitor who wrote a contact mail, whom the company would answer. */
  replyTo: string | null;
  /** The whole mail; null for a sign-up request, which is not a mail yet. */
  mail: OutgoingMail | null;
}

/** What the operator's mail commands handle: the mails, and the sign-up requests that would have queued one. */
export const outboxKinds = kindsOf('mail', 'task');

export async function givenUpMails(db: Database): Promise<GivenUpMail[]> {
  const jobs = await givenUpJobs(db, outboxKinds);
  return jobs.map((job) => {
    const data = JSON.parse(job.payload) as Partial<OutgoingMail> & { email?: string };
    const mail = typeof data.messageId === 'string' ? (data as OutgoingMail) : null;
    return {
      id: job.id,
      kind: job.kind,
      state: job.state === 'maybe-done' ? 'maybe-delivered' : 'given-up',
      createdAt: new Date(job.createdAt),
      givenUpAt: job.givenUpAt === null ? null : new Date(job.givenUpAt),
      attempts: job.attempts,
      lastError: job.lastError,
      to: mail?.to ?? data.email ?? '',
      replyTo: mail?.replyTo ?? null,
      mail,
    };
  });
}

/** `…@domain`: enough to see whose mail server refused, without the person. */
const domainOf = (address: string) => (address.includes('@') ? `…@${address.slice(address.lastIndexOf('@') + 1)}` : '');

/** One tab-separated line per mail, with a header; addresses shortened to their domain unless asked for. */
export function formatGivenUpMails(mails: readonly GivenUpMail[], { addresses = false } = {}): string {
  if (mails.length === 0) return '';
  const shown = (address: string | null) => (address ? (addresses ? address : domainOf(address)) : '');
  const lines = mails.map((mail) =>
    [
      mail.givenUpAt?.toISOString() ?? '',
      mail.createdAt.toISOString(),
      mail.kind,
      mail.state,
      shown(mail.to),
      shown(mail.replyTo),
      String(mail.attempts),
      (mail.lastError ?? '').replace(/\s+/g, ' '),
      mail.id,
    ].join('\t'),
  );
  const header = ['given_up_at', 'created_at', 'kind', 'state', 'to', 'reply_to', 'attempts', 'last_error', 'id'];
  return `${header.join('\t')}\n${lines.join('\n')}\n`;
}

/**
 * A link's token (`?token=…`: the confirmation and unsubscribe pages of the
 * newsletter and the job alerts) still works: whoever reads it confirms or
 * unsubscribes in the recipient's name. A resend sends the stored mail, tokens
 * as written; what the operator reads, pastes into a ticket or a log, has none.
 */
const liveToken = /([?&]token=)[^\s&#"'<>]+/g;

/** The text with every link's token hidden. */
export function withoutLiveTokens(text: string): string {
  return text.replace(liveToken, '$1[hidden]');
}

/** The whole mail, as the operator asked to read it, its links' tokens hidden. */
export function formatGivenUpMail(given: GivenUpMail): string {
  return withoutLiveTokens(mailText(given));
}

function mailText(given: GivenUpMail): string {
  const when = `${given.givenUpAt?.toISOString() ?? ''} after ${given.attempts} attempts: ${given.lastError ?? ''}`;
  const head = [
    `Kind: ${given.kind}`,
    given.state === 'maybe-delivered'
      ? `Maybe delivered: ${when} (the mail server had the whole mail and did not answer; ask the recipient before resending)`
      : `Given up: ${when}`,
  ];
  if (!given.mail) return `${[...head, `Sign-up request for: ${given.to}`].join('\n')}\n`;
  const { messageId, from, to, replyTo, subject, text } = given.mail;
  return `${[
    ...head,
    `Message-ID: ${messageId}`,
    `From: ${from}`,
    `To: ${to}`,
    ...(replyTo ? [`Reply-To: ${replyTo}`] : []),
    `Subject: ${subject}`,
    '',
    text,
  ].join('\n')}\n`;
}
