import type { Transaction } from 'kysely';
import { jobAlertsConsentVersion } from '../../../common/forms/job-alerts-form';
import type { Language } from '../../../common/languages';
import { pageUrl } from '../../../common/page-urls';
import type { Database } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import { enqueueMail } from '../../mail/outbox';
import { jobAlertConfirmation } from '../../mail/templates/job-alert-confirmation';
import { optInLists } from '../../opt-in/lists';
import { queuedSignUpTask, requestQueuedSignUp } from '../../opt-in/queued-sign-up';
import { confirmToken, signUpIn, unsubscribeToken, type TokenOutcome } from '../../opt-in/subscriptions';
import type { AddressHasher } from '../../privacy/address-hash';
import { departmentNamer, parseCatalogue } from './departments';

/**
 * Job alerts as a double opt-in list (server/opt-in/): the shared sign-up, confirmation and
 * withdrawal, and what alerts add: the departments a subscriber chose. A sign-up's choice
 * takes effect when it is confirmed, also for an address already subscribed, which gets a
 * confirmation mail for the new choice (at most one a day per mailbox, as every sign-up).
 */
const list = optInLists.jobAlerts;

/** The outbox task that carries out a sign-up requested through the API. */
export const jobAlertsSignUpKind = 'job-alerts-signup' as const;

/** Where a sign-up came from: the form on the jobs page (or a client of its API). */
const jobsPageSource = 'jobs-page';

export interface JobAlertsSignUp {
  email: string;
  language: Language;
  /** Department keys; empty: every department. */
  departments: string[];
}

export interface JobAlertsContext {
  siteUrl: string;
  mailFrom: string;
  hash: AddressHasher;
}

type Trx = Transaction<DatabaseSchema>;

/** What a sign-up chooses besides the alerts themselves: kept on its confirmation link and in the consent's record. */
interface AlertChoice {
  departments: string[];
}

/** The departments as stored: a JSON array of keys, or null for every department. */
export const storedDepartments = (keys: readonly string[]): string | null =>
  keys.length === 0 ? null : JSON.stringify([...new Set(keys)].sort());

export const parseDepartments = (stored: string | null): string[] =>
  stored === null ? [] : (JSON.parse(stored) as string[]);

async function signUpAlerts(trx: Trx, request: JobAlertsSignUp, context: JobAlertsContext, now: number) {
  const { language } = request;
  const departments = [...new Set(request.departments)].sort();
  // The mail names the departments as the pages do: the feed's in its words, as its last read named them.
  const feed = await trx.selectFrom('jobs_feed').select('departments').executeTakeFirst();
  const departmentName = departmentNamer(parseCatalogue(feed?.departments));
  return signUpIn(
    trx,
    list,
    {
      email: request.email,
      language,
      source: jobsPageSource,
      consentTextVersion: jobAlertsConsentVersion,
      // Recorded with the consent and taken on when it is confirmed; `[]`: every department.
      choice: JSON.stringify({ departments } satisfies AlertChoice),
    },
    {
      hash: context.hash,
      now,
      reconfirm: true,
      mail: async (mailTrx, { to, confirmToken: confirm, unsubscribeToken: unsubscribe }) => {
        const mail = jobAlertConfirmation({
          from: context.mailFrom,
          to,
          language,
          siteUrl: context.siteUrl,
          confirmUrl: pageUrl(context.siteUrl, 'job-alerts-confirm', language, { token: confirm }),
          unsubscribeUrl: pageUrl(context.siteUrl, 'job-alerts-unsubscribe', language, { token: unsubscribe }),
          departments: departments.map((key) => departmentName(key, language)),
        });
        await enqueueMail(mailTrx, 'job-alert-confirmation', mail, { host: new URL(context.siteUrl).hostname, now });
      },
    },
  );
}

/** Records a sign-up for the outbox to carry out: one write, whatever the address is. */
export async function requestJobAlerts(db: Database, request: JobAlertsSignUp, now = Date.now()): Promise<void> {
  await requestQueuedSignUp(db, jobAlertsSignUpKind, request, now);
}

/** Carries out a requested sign-up as of the time it was requested. */
export const jobAlertsSignUpTask = (context: JobAlertsContext) =>
  queuedSignUpTask<JobAlertsSignUp>((trx, request, requestedAt) => signUpAlerts(trx, request, context, requestedAt));

/** Confirms a sign-up, taking on the departments it chose; idempotent. */
export function confirmJobAlerts(db: Database, token: string, now = Date.now()): Promise<TokenOutcome> {
  return confirmToken(db, list, token, now, {
    confirmed: async (trx, subscriber, { choice }) => {
      if (choice === null) return;
      const { departments } = JSON.parse(choice) as AlertChoice;
      await trx
        .updateTable('job_alert_subscribers')
        .set({ departments: storedDepartments(departments) })
        .where('id', '=', subscriber.id)
        .execute();
    },
  });
}

/** Unsubscribes, idempotent; alerts queued for the subscriber and not yet in hand are not sent. */
export function unsubscribeJobAlerts(db: Database, token: string, now = Date.now()): Promise<TokenOutcome> {
  return unsubscribeToken(db, list, token, now, {
    unsubscribed: async (trx, before) => {
      await trx
        .updateTable('job_alert_subscribers')
        .set({ departments: null, end_reason: null })
        .where('id', '=', before.id)
        .execute();
      await dropQueuedAlerts(trx, before.id);
    },
  });
}

/** The order key of a subscriber's alerts: they go out one after another, and can be dropped together. */
export const alertOrderKey = (subscriberId: string) => `job-alert:${subscriberId}`;

/** Deletes a subscriber's alerts that no worker holds yet. */
export async function dropQueuedAlerts(trx: Trx, subscriberId: string): Promise<void> {
  await trx
    .deleteFrom('outbox')
    .where('order_key', '=', alertOrderKey(subscriberId))
    .where('status', '=', 'pending')
    .execute();
}
