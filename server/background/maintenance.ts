import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { periodCutoff, periodMs, retention } from '../../common/retention';
import type { Database } from '../db/database';
import { optInLists } from '../opt-in/lists';
import { purgeEvidence, purgeUnconfirmed } from '../opt-in/subscriptions';
import { kindsOf } from '../queue/kinds';

export interface MaintenanceResult {
  contactMessages: number;
  honeypotHits: number;
  mails: number;
  /** Carried-out sign-up requests, which hold nothing once done. */
  signUpTasks: number;
  fileMails: number;
  unconfirmedSubscribers: number;
  newsletterEvidence: number;
  /** Job alerts: the proof of consents withdrawn or ended, addresses of ended ones erased, rounds queued long ago. */
  jobAlertEvidence: number;
  endedJobAlertAddresses: number;
  jobAlertRounds: number;
  rateLimits: number;
  newsletterSyncs: number;
  consentRecords: number;
}

export interface MaintenanceOptions {
  /** Where the file mailer writes its .eml files (DATA_DIR/mail). */
  mailDir?: string;
}

/** The time a mail file was written: the file mailer's name starts with it; otherwise the file's own time. */
async function fileMailTime(file: string): Promise<number> {
  const written = /^(\d{13})-/.exec(path.basename(file))?.[1];
  return written ? Number(written) : (await stat(file)).mtimeMs;
}

/** Deletes the .eml files under `mailDir` written before `cutoff`; nothing else there. */
async function deleteFileMails(mailDir: string, cutoff: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return 0;
  }
  let deleted = 0;
  for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
    const file = path.join(mailDir, name);
    if ((await fileMailTime(file)) >= cutoff) continue;
    await rm(file, { force: true });
    deleted++;
  }
  return deleted;
}

/**
 * Deletes every kind of personal data the site keeps once it is older than its
 * period in common/retention.ts. Safe to run on several instances at once.
 */
export async function runMaintenance(
  db: Database,
  now = Date.now(),
  { mailDir }: MaintenanceOptions = {},
): Promise<MaintenanceResult> {
  const cutoff = (kind: keyof typeof retention) => periodCutoff(now, retention[kind]);
  const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

  const contactMessages = await db
    .deleteFrom('contact_messages')
    .where('received_at', '<', cutoff('contactMessages'))
    .executeTakeFirst();
  const syncKinds = kindsOf('newsletter_sync');
  const honeypotHits = await db
    .deleteFrom('honeypot_hits')
    .where('received_at', '<', cutoff('honeypotHits'))
    .executeTakeFirst();
  const mails = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'dead', 'maybe-sent'])
    .where('kind', 'not in', syncKinds)
    .where('created_at', '<', cutoff('finishedMails'))
    .executeTakeFirst();
  // A task carried out, such as a sign-up request, holds nothing (what it did is in the newsletter's own
  // tables), and one for an address already known did nothing at all: neither waits the 30 days a mail does.
  const signUpTasks = await db
    .deleteFrom('outbox')
    .where('kind', 'in', kindsOf('task'))
    .where('status', '=', 'sent')
    .executeTakeFirst();
  // Every double opt-in list, with their tokens and events (foreign keys cascade).
  let unconfirmed = 0;
  for (const list of Object.values(optInLists)) unconfirmed += await purgeUnconfirmed(db, list, now);
  // With its consent events and tokens; the newsletter's syncs have gone 30 days after they ended.
  const evidence = await purgeEvidence(db, optInLists.newsletter, cutoff('newsletterEvidence'));
  const alertEvidence =
    (await purgeEvidence(db, optInLists.jobAlerts, cutoff('jobAlertEvidence'))) +
    deleted(
      await db
        .deleteFrom('job_alert_subscribers')
        .where('status', '=', 'ended')
        .where('ended_at', '<', cutoff('jobAlertEvidence'))
        .executeTakeFirst(),
    );
  // An ended subscriber's address is listed for the operator for a while; then only the proof is kept.
  const endedAddresses = await db
    .updateTable('job_alert_subscribers')
    .set({ email: null })
    .where('status', '=', 'ended')
    .where('email', 'is not', null)
    .where('ended_at', '<', cutoff('endedJobAlerts'))
    .executeTakeFirst();
  // A round holds the positions it announced (no personal data), kept as long as its mails.
  const rounds = await db
    .deleteFrom('job_alert_rounds')
    .where('queued_at', '<', cutoff('finishedMails'))
    .executeTakeFirst();
  const rateLimits = await db.deleteFrom('rate_limits').where('expires_at', '<=', now).executeTakeFirst();
  const syncs = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'dead'])
    .where('kind', 'in', syncKinds)
    .where((eb) => eb(eb.fn.coalesce('sent_at', 'given_up_at'), '<', cutoff('newsletterSyncs')))
    .executeTakeFirst();
  const consents = await db
    .deleteFrom('consent_records')
    .where('recorded_at', '<', cutoff('consentRecords'))
    .executeTakeFirst();
  return {
    contactMessages: deleted(contactMessages),
    honeypotHits: deleted(honeypotHits),
    mails: deleted(mails),
    signUpTasks: deleted(signUpTasks),
    fileMails: mailDir ? await deleteFileMails(mailDir, cutoff('fileMails')) : 0,
    unconfirmedSubscribers: unconfirmed,
    newsletterEvidence: evidence,
    jobAlertEvidence: alertEvidence,
    endedJobAlertAddresses: Number(endedAddresses.numUpdatedRows),
    jobAlertRounds: deleted(rounds),
    rateLimits: deleted(rateLimits),
    newsletterSyncs: deleted(syncs),
    consentRecords: deleted(consents),
  };
}

/** Runs maintenance at start and then every hour; returns a function that stops it. */
export function scheduleMaintenance(
  db: Database,
  log: FastifyBaseLogger,
  options: MaintenanceOptions = {},
  intervalMs = periodMs(retention.maintenanceInterval),
): () => void {
  const run = () =>
    runMaintenance(db, Date.now(), options)
      .then((result) => {
        const { rateLimits: _counters, signUpTasks: _requests, ...records } = result;
        if (Object.values(records).some((count) => count > 0)) log.info(result, 'maintenance: expired records deleted');
      })
      .catch(() => log.warn('maintenance: database unavailable, will retry'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
