import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { mailboxFamily } from '../../common/email-address';
import type { Language } from '../../common/languages';
import { periodCutoff, periodMs, retention } from '../../common/retention';
import { normalizeEmail, sha256, type AddressHasher } from '../privacy/address-hash';
import {
  carriedValues,
  listTables,
  type CarriedValues,
  type OptInEvent,
  type OptInList,
  type OptInSchema,
  type OptInSubscriberRow,
  type OptInTokenPurpose,
} from './opt-in-tables';

/**
 * Double opt-in, once for every list (the newsletter, the job alerts): a sign-up stores a
 * pending subscriber and queues a confirmation mail with two random tokens (stored hashed);
 * the confirmation and the withdrawal come by POST with a token; every step is recorded as
 * evidence; sign-ups never confirmed are deleted after their period.
 */
export const optInPolicy = {
  /** A confirmation link works this long. */
  confirmTokenMs: periodMs(retention.confirmationLink),
  /**
   * A mailbox gets at most one confirmation mail in this time, whoever asks for it and in
   * whichever spelling of its family (common/email-address.ts, mailboxFamily), so the form
   * cannot flood an inbox.
   */
  resendIntervalMs: 24 * 3600_000,
};

type Trx = Transaction<OptInSchema>;

/** A subscriber as the token that found it sees it. */
export type OptInSubscriber = OptInSubscriberRow;

/** A token's row: only its hash is stored; a confirmation link expires, an unsubscribe link does not. */
function tokenRow(
  token: string,
  subscriberId: string,
  purpose: OptInTokenPurpose,
  now: number,
  payload: string | null,
) {
  return {
    token_hash: sha256(token),
    subscriber_id: subscriberId,
    purpose,
    created_at: now,
    expires_at: purpose === 'confirm' ? now + optInPolicy.confirmTokenMs : null,
    payload,
  };
}

const newToken = () => randomBytes(32).toString('base64url');

async function issueToken(
  trx: Trx,
  subscriberId: string,
  purpose: OptInTokenPurpose,
  now: number,
  payload: string | null = null,
): Promise<string> {
  const token = newToken();
  await trx
    .insertInto('opt_in_tokens')
    .values(tokenRow(token, subscriberId, purpose, now, payload))
    .execute();
  return token;
}

/**
 * A new unsubscribe token for each of some of a list's subscribers, in the caller's transaction and
 * one statement (each alert's link); the tokens by subscriber.
 */
export async function issueUnsubscribeTokens<DB>(
  trx: Transaction<DB>,
  list: OptInList,
  subscriberIds: readonly string[],
  now: number,
): Promise<Map<string, string>> {
  const tokens = new Map(subscriberIds.map((id) => [id, newToken()]));
  if (tokens.size === 0) return tokens;
  await listTables(trx, list)
    .insertInto('opt_in_tokens')
    .values([...tokens].map(([id, token]) => tokenRow(token, id, 'unsubscribe', now, null)))
    .execute();
  return tokens;
}

/** What an event records of its subscriber: the shared facts, and the list's carried values where the subscriber has them. */
type EventFacts = Pick<OptInSubscriberRow, 'id' | 'language' | 'consent_text_version' | 'source'>;

/**
 * Records a step of a list's subscriber besides the shared ones (the alerts' end after refusals).
 * The event carries the list's values of `subscriber` (a row read whole has them).
 */
export function recordSubscriberEvent<DB>(
  trx: Transaction<DB>,
  list: OptInList,
  subscriber: EventFacts,
  event: OptInEvent,
  now: number,
  details: string | null = null,
): Promise<void> {
  return recordEvent(listTables(trx, list), list, subscriber, event, now, details);
}

async function recordEvent(
  trx: Trx,
  list: OptInList,
  subscriber: EventFacts,
  event: OptInEvent,
  now: number,
  details: string | null = null,
) {
  await trx
    .insertInto('opt_in_consent_events')
    .values({
      id: randomUUID(),
      subscriber_id: subscriber.id,
      event,
      occurred_at: now,
      language: subscriber.language,
      consent_text_version: subscriber.consent_text_version,
      source: subscriber.source,
      details,
      // What the list carries is recorded as the subscriber stands at this step.
      ...carriedValues(list, subscriber),
    })
    .execute();
}

/** What a confirmation mail needs: where it goes, in which language, and its two links' tokens. */
export interface ConfirmationMail {
  subscriberId: string;
  to: string;
  language: Language;
  confirmToken: string;
  unsubscribeToken: string;
}

export interface SignUpRequest {
  email: string;
  language: Language;
  source: string;
  consentTextVersion: string;
  /** What the sign-up asks for besides the list itself (JSON, e.g. departments): taken on only when confirmed. */
  choice?: string | null;
  /**
   * The list's own values of the subscriber (OptInList's `carried` columns, e.g. the newsletter's
   * tracking consent): written with a sign-up that makes the subscriber pending, recorded in each
   * of its consent events. A confirmed subscriber's later sign-up (`reconfirm`) keeps those it has.
   */
  carried?: CarriedValues;
}

export interface SignUpOptions<DB> {
  /** Finds the subscriber by the keyed hash of the address. */
  hash: AddressHasher;
  now: number;
  /**
   * A confirmed subscriber who signs up again is asked to confirm the new choice (the
   * alerts' departments), which takes effect only then; without it nothing happens.
   */
  reconfirm?: boolean;
  /** Queues the confirmation mail in the sign-up's transaction. */
  mail: (trx: Transaction<DB>, mail: ConfirmationMail) => Promise<void>;
}

/**
 * A double opt-in sign-up, in the caller's transaction. New, pending and confirmed
 * addresses are the same to the caller; only the mailbox's owner learns which it was.
 * A mailbox family gets at most one confirmation mail per `resendIntervalMs`.
 * Returns whether a confirmation mail was queued.
 */
export async function signUpIn<DB>(
  db: Transaction<DB>,
  list: OptInList,
  request: SignUpRequest,
  { hash, now, reconfirm = false, mail }: SignUpOptions<DB>,
): Promise<boolean> {
  const trx = listTables(db, list);
  const address = normalizeEmail(request.email);
  const emailHash = hash.email(address);
  const existing = await trx
    .selectFrom('opt_in_subscribers')
    .selectAll()
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
  if (existing?.status === 'confirmed' && !reconfirm) return false;
  if ((existing?.last_confirmation_mail_at ?? -Infinity) > now - optInPolicy.resendIntervalMs) return false;
  // The cap counts the mailbox, not the spelling: `jo+1@`, `jo+2@` (and `j.o@` at Gmail) reach one inbox.
  const mailboxHash = hash.email(mailboxFamily(address));
  const recentInFamily = await trx
    .selectFrom('opt_in_subscribers')
    .select('id')
    .where('mailbox_hash', '=', mailboxHash)
    .where('last_confirmation_mail_at', '>', now - optInPolicy.resendIntervalMs)
    .executeTakeFirst();
  if (recentInFamily) return false;

  const choice = request.choice ?? null;
  const carried = carriedValues(list, request.carried ?? {}, { strict: true });
  let subscriber: OptInSubscriberRow;
  if (existing?.status === 'confirmed') {
    // Still confirmed for what was confirmed before; the new choice waits for its confirmation.
    subscriber = existing;
    await trx
      .updateTable('opt_in_subscribers')
      .set({ last_confirmation_mail_at: now, mailbox_hash: mailboxHash })
      .where('id', '=', existing.id)
      .execute();
    await recordEvent(trx, list, { ...existing, ...requestFacts(request) }, 'signed_up', now, choice);
  } else {
    subscriber = {
      id: existing?.id ?? randomUUID(),
      email_hash: emailHash,
      mailbox_hash: mailboxHash,
      email: address,
      status: 'pending',
      ...requestFacts(request),
      signed_up_at: existing?.status === 'pending' ? existing.signed_up_at : now,
      confirmed_at: null,
      unsubscribed_at: null,
      last_confirmation_mail_at: now,
      ...carried,
    };
    if (existing) {
      await trx.updateTable('opt_in_subscribers').set(subscriber).where('id', '=', subscriber.id).execute();
    } else {
      await trx.insertInto('opt_in_subscribers').values(subscriber).execute();
    }
    if (existing?.status !== 'pending') await recordEvent(trx, list, subscriber, 'signed_up', now, choice);
  }

  const confirmToken = await issueToken(trx, subscriber.id, 'confirm', now, choice);
  const unsubscribeToken = await issueToken(trx, subscriber.id, 'unsubscribe', now);
  await mail(db, {
    subscriberId: subscriber.id,
    to: address,
    language: request.language,
    confirmToken,
    unsubscribeToken,
  });
  await recordEvent(trx, list, { ...subscriber, ...requestFacts(request) }, 'confirmation_sent', now, choice);
  return true;
}

const requestFacts = ({ language, source, consentTextVersion }: SignUpRequest) => ({
  language,
  source,
  consent_text_version: consentTextVersion,
});

export type TokenOutcome = 'done' | 'already' | 'invalid';

async function findByToken(trx: Trx, token: string, purpose: OptInTokenPurpose, now: number) {
  return trx
    .selectFrom('opt_in_tokens')
    .innerJoin('opt_in_subscribers', 'opt_in_subscribers.id', 'opt_in_tokens.subscriber_id')
    .selectAll('opt_in_subscribers')
    .select(['opt_in_tokens.token_hash', 'opt_in_tokens.payload'])
    .where('opt_in_tokens.token_hash', '=', sha256(token))
    .where('opt_in_tokens.purpose', '=', purpose)
    .where((eb) => eb.or([eb('opt_in_tokens.expires_at', 'is', null), eb('opt_in_tokens.expires_at', '>', now)]))
    .executeTakeFirst();
}

/** What a list does besides the shared steps, in the same transaction (the newsletter's hand-over to its provider, the alerts' departments). */
export interface TokenHooks<DB> {
  /**
   * After a confirmation: `choice` is what the confirmed sign-up asked for, `first` whether it was
   * pending until now, `carried` the list's own values of the subscriber.
   */
  confirmed?: (
    trx: Transaction<DB>,
    subscriber: OptInSubscriber,
    change: { choice: string | null; first: boolean; now: number; carried: CarriedValues },
  ) => Promise<void>;
  /** After a withdrawal, with the subscriber as it was before (its address still there). */
  unsubscribed?: (trx: Transaction<DB>, before: OptInSubscriber, now: number) => Promise<void>;
}

/**
 * Confirms a sign-up; idempotent. A confirmed subscriber's link of a later sign-up takes
 * on that sign-up's choice once; a link already used says it is done.
 */
export async function confirmToken<DB>(
  db: Kysely<DB>,
  list: OptInList,
  token: string,
  now: number,
  hooks: TokenHooks<DB> = {},
): Promise<TokenOutcome> {
  return db.transaction().execute(async (outer) => {
    const trx = listTables(outer, list);
    const found = await findByToken(trx, token, 'confirm', now);
    if (!found || found.status === 'unsubscribed' || found.status === 'ended') return 'invalid';
    const { token_hash: tokenHash, payload, ...subscriber } = found;
    const first = subscriber.status === 'pending';
    if (!first && payload === null) return 'already';
    if (first) {
      await trx
        .updateTable('opt_in_subscribers')
        .set({ status: 'confirmed', confirmed_at: now })
        .where('id', '=', subscriber.id)
        .execute();
    }
    if (payload !== null) {
      await trx.updateTable('opt_in_tokens').set({ payload: null }).where('token_hash', '=', tokenHash).execute();
    }
    await recordEvent(trx, list, subscriber, 'confirmed', now, payload);
    const carried = carriedValues(list, subscriber);
    await hooks.confirmed?.(outer, { ...subscriber, status: 'confirmed' }, { choice: payload, first, now, carried });
    return 'done';
  });
}

/**
 * Unsubscribes; idempotent. The address itself is erased: what remains is its hash with
 * the dates and text version, which proves consent and withdrawal.
 */
export async function unsubscribeToken<DB>(
  db: Kysely<DB>,
  list: OptInList,
  token: string,
  now: number,
  hooks: TokenHooks<DB> = {},
): Promise<TokenOutcome> {
  return db.transaction().execute(async (outer) => {
    const trx = listTables(outer, list);
    const found = await findByToken(trx, token, 'unsubscribe', now);
    if (!found) return 'invalid';
    const { token_hash: _hash, payload: _payload, ...subscriber } = found;
    if (subscriber.status === 'unsubscribed') return 'already';
    await trx
      .updateTable('opt_in_subscribers')
      .set({ status: 'unsubscribed', unsubscribed_at: now, email: null })
      .where('id', '=', subscriber.id)
      .execute();
    await trx
      .deleteFrom('opt_in_tokens')
      .where('subscriber_id', '=', subscriber.id)
      .where('purpose', '=', 'confirm')
      .execute();
    await recordEvent(trx, list, subscriber, 'unsubscribed', now);
    await hooks.unsubscribed?.(outer, subscriber, now);
    return 'done';
  });
}

/** Deletes sign-ups never confirmed within their period, with their tokens and events. */
export async function purgeUnconfirmed<DB>(db: Kysely<DB>, list: OptInList, now: number): Promise<number> {
  const result = await listTables(db, list)
    .deleteFrom('opt_in_subscribers')
    .where('status', '=', 'pending')
    .where('signed_up_at', '<', periodCutoff(now, retention.unconfirmedSignUps))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes the proof of consents withdrawn before `cutoff`, with their tokens and events. */
export async function purgeEvidence<DB>(db: Kysely<DB>, list: OptInList, cutoff: number): Promise<number> {
  const result = await listTables(db, list)
    .deleteFrom('opt_in_subscribers')
    .where('status', '=', 'unsubscribed')
    .where('unsubscribed_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
