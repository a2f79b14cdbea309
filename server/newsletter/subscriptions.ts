import type { Transaction } from 'kysely';
import type { Language } from '../../common/languages';
import { pageUrl } from '../../common/page-urls';
import { newsletterConsentTextVersion } from '../../common/forms/newsletter-form';
import type { NewsletterTracking } from '../../common/services';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import type { AddressHasher } from '../privacy/address-hash';
import { enqueueMail } from '../mail/outbox';
import type { TransactionalJobHandler } from '../queue/queue';
import { newsletterConfirmation } from '../mail/templates/newsletter-confirmation';
import { optInLists } from '../opt-in/lists';
import { requestQueuedSignUp, queuedSignUpTask } from '../opt-in/queued-sign-up';
import { confirmToken, signUpIn as optInSignUp, unsubscribeToken, type TokenOutcome } from '../opt-in/subscriptions';
import { enqueueSync } from './sync-jobs';

const newsletterList = optInLists.newsletter;

type Trx = Transaction<DatabaseSchema>;

export interface SignUpContext {
  siteUrl: string;
  mailFrom: string;
  /** Finds the subscriber by the keyed hash of the address. */
  hash: AddressHasher;
  /** What the sign-up text told the visitor the newsletter records (NEWSLETTER_TRACKING): part of the text's version. */
  tracking: NewsletterTracking;
  now?: number;
}

/**
 * Double opt-in sign-up. New, pending and confirmed addresses get the same
 * answer from the API; only the mailbox's owner learns which case it was.
 * An address gets at most one confirmation mail per 24 hours.
 * Returns whether a confirmation mail was queued.
 */
export async function signUp(
  db: Database,
  email: string,
  language: Language,
  context: SignUpContext,
  trackingConsent = false,
): Promise<boolean> {
  return db.transaction().execute((trx) => signUpIn(trx, email, language, context, trackingConsent));
}

async function signUpIn(
  trx: Trx,
  email: string,
  language: Language,
  context: SignUpContext,
  trackingConsent: boolean,
): Promise<boolean> {
  const now = context.now ?? Date.now();
  const request = {
    email,
    language,
    source: 'popup',
    consentTextVersion: newsletterConsentTextVersion(context.tracking),
    // Only a consent the sign-up offered counts: the box is there only with per-person tracking.
    carried: { tracking_consent: trackingConsent && context.tracking === 'individual' ? 1 : 0 },
  };
  return optInSignUp(trx, newsletterList, request, {
    hash: context.hash,
    now,
    mail: async (mailTrx, { to, confirmToken, unsubscribeToken }) => {
      const mail = newsletterConfirmation({
        from: context.mailFrom,
        to,
        language,
        siteUrl: context.siteUrl,
        confirmUrl: pageUrl(context.siteUrl, 'newsletter-confirm', language, { token: confirmToken }),
        unsubscribeUrl: pageUrl(context.siteUrl, 'newsletter-unsubscribe', language, { token: unsubscribeToken }),
      });
      await enqueueMail(mailTrx, 'newsletter-confirmation', mail, { host: new URL(context.siteUrl).hostname, now });
    },
  });
}

/** The outbox task that carries out a sign-up requested through the API. */
export const signUpTaskKind = 'newsletter-signup' as const;

interface SignUpRequest {
  email: string;
  language: Language;
  /** The separate tracking consent; absent in a request queued before it existed. */
  tracking?: boolean;
}

/**
 * Records a sign-up for the outbox to carry out (signUpTask), and nothing
 * else: one write, the same for a new, a pending and a confirmed address, so
 * the time the API takes to answer does not tell which the address is.
 */
export async function requestSignUp(
  db: Database,
  email: string,
  language: Language,
  { tracking = false, now = Date.now() }: { tracking?: boolean; now?: number } = {},
): Promise<void> {
  await requestQueuedSignUp<SignUpRequest>(db, signUpTaskKind, { email, language, tracking }, now);
}

/** Carries out a requested sign-up as of the time it was requested. */
export function signUpTask(context: Omit<SignUpContext, 'now'>): TransactionalJobHandler {
  return queuedSignUpTask<SignUpRequest>((trx, { email, language, tracking = false }, requestedAt) =>
    signUpIn(trx, email, language, { ...context, now: requestedAt }, tracking),
  );
}

export type { TokenOutcome };

export interface TokenActionOptions {
  now?: number;
  /** Hand the change to the e-mail marketing provider (NEWSLETTER_PROVIDER is set). */
  sync?: boolean;
}

/** Confirms a pending sign-up; idempotent. */
export async function confirm(
  db: Database,
  token: string,
  { now = Date.now(), sync = false }: TokenActionOptions = {},
): Promise<TokenOutcome> {
  return confirmToken(db, newsletterList, token, now, {
    confirmed: async (trx, subscriber, { carried }) => {
      if (!sync || !subscriber.email) return;
      await enqueueSync(
        trx,
        subscriber.id,
        {
          action: 'subscribe',
          email: subscriber.email,
          language: subscriber.language,
          source: subscriber.source,
          consentTextVersion: subscriber.consent_text_version,
          signedUpAt: subscriber.signed_up_at,
          confirmedAt: now,
          // The separate tracking consent, carried by the shared opt-in (server/opt-in/lists.ts).
          trackingConsent: carried.tracking_consent === 1,
        },
        now,
      );
    },
  });
}

/**
 * Unsubscribes; idempotent. The address itself is erased: what remains is its
 * hash with the dates and text version, which proves consent and withdrawal.
 * Only the sync job keeps the address, until the provider has it.
 */
export async function unsubscribe(
  db: Database,
  token: string,
  { now = Date.now(), sync = false }: TokenActionOptions = {},
): Promise<TokenOutcome> {
  return unsubscribeToken(db, newsletterList, token, now, {
    unsubscribed: async (trx, before) => {
      // A pending sign-up never reached the provider.
      if (sync && before.status === 'confirmed' && before.email) {
        await enqueueSync(trx, before.id, { action: 'unsubscribe', email: before.email }, now);
      }
    },
  });
}

export interface ConfirmedSubscriber {
  email: string;
  language: string;
  signedUpAt: Date;
  confirmedAt: Date;
  consentTextVersion: string;
  source: string;
  trackingConsent: boolean;
}

export async function confirmedSubscribers(db: Database): Promise<ConfirmedSubscriber[]> {
  const rows = await db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'language', 'signed_up_at', 'confirmed_at', 'consent_text_version', 'source', 'tracking_consent'])
    .where('status', '=', 'confirmed')
    .orderBy('confirmed_at')
    .execute();
  return rows.map((row) => ({
    email: row.email ?? '',
    language: row.language,
    signedUpAt: new Date(row.signed_up_at),
    confirmedAt: new Date(row.confirmed_at ?? row.signed_up_at),
    consentTextVersion: row.consent_text_version,
    source: row.source,
    trackingConsent: row.tracking_consent === 1,
  }));
}
