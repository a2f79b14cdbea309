import { randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Language } from '../../common/languages';
import { periodMs, retention } from '../../common/retention';
import { pageUrl } from '../../common/page-urls';
import { newsletterConsentTextVersion } from '../../common/forms/newsletter-form';
import type { NewsletterTracking } from '../../common/services';
import type { Database } from '../db/database';
import { normalizeEmail, sha256, type AddressHasher } from '../privacy/address-hash';
import type {
  DatabaseSchema,
  NewsletterConsentEventTable,
  NewsletterSubscriberTable,
  NewsletterTokenPurpose,
} from '../db/schema';
import { enqueueMail } from '../mail/outbox';
import { enqueueJob, type TransactionalJobHandler } from '../queue/queue';
import { newsletterConfirmation } from '../mail/templates/newsletter-confirmation';
import { enqueueSync } from './sync-jobs';

export const newsletterPolicy = {
  /** A confirmation link works this long. */
  confirmTokenMs: periodMs(retention.confirmationLink),
  /** An address gets at most one confirmation mail in this time, whoever asks for it, so the form cannot flood an inbox. */
  resendIntervalMs: 24 * 3600_000,
};

type Trx = Transaction<DatabaseSchema>;

async function issueToken(
  trx: Trx,
  subscriberId: string,
  purpose: NewsletterTokenPurpose,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await trx
    .insertInto('newsletter_tokens')
    .values({
      token_hash: sha256(token),
      subscriber_id: subscriberId,
      purpose,
      created_at: now,
      expires_at: purpose === 'confirm' ? now + newsletterPolicy.confirmTokenMs : null,
    })
    .execute();
  return token;
}

async function recordEvent(
  trx: Trx,
  subscriber: Pick<
    NewsletterSubscriberTable,
    'id' | 'language' | 'consent_text_version' | 'source' | 'tracking_consent'
  >,
  event: NewsletterConsentEventTable['event'],
  now: number,
) {
  await trx
    .insertInto('newsletter_consent_events')
    .values({
      id: randomUUID(),
      subscriber_id: subscriber.id,
      event,
      occurred_at: now,
      language: subscriber.language,
      consent_text_version: subscriber.consent_text_version,
      source: subscriber.source,
      tracking_consent: subscriber.tracking_consent,
    })
    .execute();
}

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
  const address = normalizeEmail(email);
  const emailHash = context.hash.email(address);
  const existing = await trx
    .selectFrom('newsletter_subscribers')
    .selectAll()
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  if (existing?.status === 'confirmed') return false;
  if ((existing?.last_confirmation_mail_at ?? -Infinity) > now - newsletterPolicy.resendIntervalMs) return false;

  const subscriber: NewsletterSubscriberTable = {
    id: existing?.id ?? randomUUID(),
    email_hash: emailHash,
    email: address,
    status: 'pending',
    language,
    source: 'popup',
    consent_text_version: newsletterConsentTextVersion(context.tracking),
    signed_up_at: existing?.status === 'pending' ? existing.signed_up_at : now,
    confirmed_at: null,
    unsubscribed_at: null,
    last_confirmation_mail_at: now,
    // Only a consent the sign-up offered counts: the box is there only with per-person tracking.
    tracking_consent: trackingConsent && context.tracking === 'individual' ? 1 : 0,
  };
  if (existing) {
    await trx.updateTable('newsletter_subscribers').set(subscriber).where('id', '=', subscriber.id).execute();
  } else {
    await trx.insertInto('newsletter_subscribers').values(subscriber).execute();
  }
  if (existing?.status !== 'pending') await recordEvent(trx, subscriber, 'signed_up', now);

  const confirmToken = await issueToken(trx, subscriber.id, 'confirm', now);
  const unsubscribeToken = await issueToken(trx, subscriber.id, 'unsubscribe', now);
  const mail = newsletterConfirmation({
    from: context.mailFrom,
    to: address,
    language,
    siteUrl: context.siteUrl,
    confirmUrl: pageUrl(context.siteUrl, 'newsletter-confirm', language, { token: confirmToken }),
    unsubscribeUrl: pageUrl(context.siteUrl, 'newsletter-unsubscribe', language, { token: unsubscribeToken }),
  });
  await enqueueMail(trx, 'newsletter-confirmation', mail, { host: new URL(context.siteUrl).hostname, now });
  await recordEvent(trx, subscriber, 'confirmation_sent', now);
  return true;
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
  const request: SignUpRequest = { email: normalizeEmail(email), language, tracking };
  await enqueueJob(db, signUpTaskKind, request, { now });
}

/** Carries out a requested sign-up as of the time it was requested. */
export function signUpTask(context: Omit<SignUpContext, 'now'>): TransactionalJobHandler {
  return {
    transactional: true,
    run: async (trx, job) => {
      const { email, language, tracking = false } = JSON.parse(job.payload) as SignUpRequest;
      const changed = await signUpIn(trx, email, language, { ...context, now: job.createdAt }, tracking);
      return changed ? undefined : 'changed-nothing';
    },
  };
}

export type TokenOutcome = 'done' | 'already' | 'invalid';

async function findByToken(trx: Trx, token: string, purpose: NewsletterTokenPurpose, now: number) {
  return trx
    .selectFrom('newsletter_tokens')
    .innerJoin('newsletter_subscribers', 'newsletter_subscribers.id', 'newsletter_tokens.subscriber_id')
    .selectAll('newsletter_subscribers')
    .where('newsletter_tokens.token_hash', '=', sha256(token))
    .where('newsletter_tokens.purpose', '=', purpose)
    .where((eb) =>
      eb.or([eb('newsletter_tokens.expires_at', 'is', null), eb('newsletter_tokens.expires_at', '>', now)]),
    )
    .executeTakeFirst();
}

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
  return db.transaction().execute(async (trx) => {
    const subscriber = await findByToken(trx, token, 'confirm', now);
    if (!subscriber || subscriber.status === 'unsubscribed') return 'invalid';
    if (subscriber.status === 'confirmed') return 'already';
    await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'confirmed', confirmed_at: now })
      .where('id', '=', subscriber.id)
      .execute();
    await recordEvent(trx, subscriber, 'confirmed', now);
    if (sync && subscriber.email) {
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
          trackingConsent: subscriber.tracking_consent === 1,
        },
        now,
      );
    }
    return 'done';
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
  return db.transaction().execute(async (trx) => {
    const subscriber = await findByToken(trx, token, 'unsubscribe', now);
    if (!subscriber) return 'invalid';
    if (subscriber.status === 'unsubscribed') return 'already';
    await trx
      .updateTable('newsletter_subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: now, email: null })
      .where('id', '=', subscriber.id)
      .execute();
    await trx
      .deleteFrom('newsletter_tokens')
      .where('subscriber_id', '=', subscriber.id)
      .where('purpose', '=', 'confirm')
      .execute();
    await recordEvent(trx, subscriber, 'unsubscribed', now);
    // A pending sign-up never reached the provider.
    if (sync && subscriber.status === 'confirmed' && subscriber.email) {
      await enqueueSync(trx, subscriber.id, { action: 'unsubscribe', email: subscriber.email }, now);
    }
    return 'done';
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
