import type { ContactColumns } from '../../common/forms/contact-form';
import type { OptInEventRow, OptInSubscriberRow, OptInTokenRow } from '../opt-in/opt-in-tables';

/** The database schema as Kysely sees it; each table has a migration in ./migrations. */
export interface DatabaseSchema {
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  newsletter_tokens: NewsletterTokenTable;
  newsletter_consent_events: NewsletterConsentEventTable;
  rate_limits: RateLimitTable;
  site_secrets: SiteSecretTable;
  consent_records: ConsentRecordTable;
  honeypot_hits: HoneypotHitTable;
  jobs_feed: JobsFeedTable;
  job_alert_subscribers: JobAlertSubscriberTable;
  job_alert_tokens: NewsletterTokenTable;
  job_alert_consent_events: JobAlertConsentEventTable;
  job_alert_positions: JobAlertPositionTable;
  job_alert_rounds: JobAlertRoundTable;
  job_alert_state: JobAlertStateTable;
}

/** Epoch milliseconds. */
type Millis = number;

/** A contact message: its id, time and language, and a column for each field the form keeps (common/forms/contact-form.ts). */
export type ContactMessageTable = {
  id: string;
  received_at: Millis;
  language: string;
} & ContactColumns;

/**
 * A contact message that filled the honeypot, as kept to see an attack: when,
 * and a keyed hash of the address (the same as the newsletter's), never the
 * name or the message.
 */
export interface HoneypotHitTable {
  id: string;
  received_at: Millis;
  email_hash: string;
}

/** `sent`: delivered (a mail) or done (any other job); `dead`: given up. */
/**
 * `maybe-sent`: the attempt passed its point of no return (a mail's end of data went to the
 * server) and ended without an answer; never tried again by itself (docs/decisions/0048-maybe-delivered.md).
 */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead' | 'maybe-sent';

/**
 * The one queue (server/queue/): every mail, and every other job done after a
 * commit, of the kinds in server/queue/kinds.ts.
 */
export interface OutboxTable {
  id: string;
  created_at: Millis;
  kind: string;
  /** A mail's Message-ID, stable across retries and resends, so a receiver can drop a duplicate; `task:<id>` for other jobs. */
  message_id: string;
  /** JSON: the rendered mail (OutgoingMail), or the job's data; emptied once done. */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Millis;
  /** While a worker has it; renewed as it runs, so an expired lock means that worker died. */
  locked_until: Millis | null;
  last_error: string | null;
  sent_at: Millis | null;
  /** When the current round of attempts began (the give-up clock): written, or resent by the operator; migration 007 filled it in for older rows. */
  queued_at: Millis;
  /** The claim of the worker that has it; its writes about the job count only while it still holds it. */
  claim_token: string | null;
  /** Jobs with the same key are done in `seq` order (a newsletter subscriber's syncs); a given-up one does not hold the rest. */
  order_key: string | null;
  seq: number | null;
  given_up_at: Millis | null;
  /**
   * When the attempt in hand passed the point after which its effect may have happened whatever
   * the attempt then says (a mail: its end of data about to go to the server); null before. A job in
   * hand with one is never taken up again by another worker: its worker may have delivered it.
   */
  past_return_at: Millis | null;
}

export interface OutboxAttemptTable {
  id: string;
  outbox_id: string;
  attempted_at: Millis;
  outcome: 'sent' | 'failed' | 'maybe-sent';
  error: string | null;
}

/** A newsletter subscriber's status: the shared ones but `ended`, which only the job alerts use. */
export type SubscriberStatus = Exclude<OptInSubscriberRow['status'], 'ended'>;

/**
 * A newsletter subscriber (migration 002): the shared double opt-in columns
 * (server/opt-in/opt-in-tables.ts, OptInSubscriberRow), never `ended`, and the tracking consent.
 */
export interface NewsletterSubscriberTable extends Omit<OptInSubscriberRow, 'status'> {
  status: SubscriberStatus;
  /** 1: the subscriber ticked the separate consent to per-person open and click tracking (migration 012); 0 by default. */
  tracking_consent?: 0 | 1;
}

/** A list's link tokens (newsletter_tokens, job_alert_tokens): the shared row, OptInTokenRow. */
export type NewsletterTokenTable = OptInTokenRow;

/** The newsletter's consent events (migration 002): the shared row, never `ended`, with the tracking consent at the event. */
export interface NewsletterConsentEventTable extends Omit<OptInEventRow, 'event'> {
  event: Exclude<OptInEventRow['event'], 'ended'>;
  /** The subscriber's tracking consent at the event (migration 012); 0 by default. */
  tracking_consent?: 0 | 1;
}

export interface RateLimitTable {
  /** HMAC (the site's key) of the endpoint and the client address: the address itself is not stored. */
  key_hash: string;
  hits: number;
  window_start: Millis;
  /** After this the window is over: the next hit starts a new one, and maintenance deletes the row. */
  expires_at: Millis;
}

export interface SiteSecretTable {
  name: string;
  /** Base64 of random bytes, made at the first start (server/privacy/site-secret.ts). */
  value: string;
  created_at: Millis;
}

/** One cookie choice as the browser reported it (common/consent-record.ts); nothing about who made it. */
export interface ConsentRecordTable {
  /** The random id the browser stored the choice with, shown to the visitor in the cookie settings. */
  id: string;
  /** When it arrived: maintenance deletes it by this time. */
  recorded_at: Millis;
  /** When the visitor chose, by the browser's clock. */
  consented_at: Millis;
  version: number;
  preferences: 0 | 1;
  analytics: 0 | 1;
  marketing: 0 | 1;
  /** The optional services the choice was made for, space-separated ids of common/services.ts. */
  services: string;
}

/** The last good read of the Personio feed and how its reads are going (server/jobs/feed-store.ts). */
export interface JobsFeedTable {
  /** One row per feed: `personio`. */
  id: string;
  /** JOBS_FEED_URL of the reads recorded here; another address starts afresh. */
  feed_url: string;
  /** JSON (StoredFeed): the jobs per language as the pages show them; null until a read succeeded. */
  jobs: string | null;
  /** JSON: id → what is kept of each open job across reads (first seen, last changed). */
  records: string;
  /** JSON: id → when a position left the feed; its address answers 410 for a year. */
  closed: string;
  /** Changes whenever the jobs do: instances reload them when it differs. */
  version: string | null;
  /** The last successful read. */
  read_at: Millis | null;
  /** When the jobs last changed. */
  changed_at: Millis | null;
  /** Start of the current streak of failed reads; null while reads succeed. */
  failing_since: Millis | null;
  last_error: string | null;
  last_error_at: Millis | null;
  /** The positions the last read left out or changed, one per line (logged when they change). */
  problems: string | null;
  /** JSON (FeedDepartment[], common/jobs.ts): every department the feed has named, for the job alerts (migration 014). */
  departments: string | null;
}

/**
 * A job alerts subscriber (migration 014): the shared double opt-in columns
 * (server/opt-in/opt-in-tables.ts, OptInSubscriberRow) and what alerts need besides. Its status
 * is `ended` once alerts to the address were refused for good three times in a row; the address
 * is erased 30 days later.
 */
export interface JobAlertSubscriberTable extends OptInSubscriberRow {
  /** JSON array of department keys as last confirmed; null: every department. */
  departments: string | null;
  /** Alerts refused for good (SMTP 5xx) since the last one delivered. */
  refusals: number;
  ended_at: Millis | null;
  /** The mail server's last refusal, without the address. Like the address, gone 30 days after the alerts were ended. */
  end_reason: string | null;
}

/** The job alerts' consent events (migration 014): the shared row, whose `details` are the departments the consent covered (JSON; null: every one). */
export type JobAlertConsentEventTable = OptInEventRow;

/** A position the alerts know: announced once, or part of the baseline a source started with. */
export interface JobAlertPositionTable {
  /** `personio:<JOBS_FEED_URL>` or `built-in`. */
  source: string;
  position_id: string;
  first_seen_at: Millis;
  /** When it last left the jobs; null while open. */
  closed_at: Millis | null;
  /** The round that announced it; null for the baseline. */
  round_id: string | null;
}

/** One alert round: the new positions of one read (or one release), and how far their mails are queued. */
export interface JobAlertRoundTable {
  id: string;
  created_at: Millis;
  source: string;
  /** JSON (AlertRound in server/jobs/alerts/rounds.ts): each position as each language shows it. */
  positions: string;
  /** The last subscriber (by id) whose mail is queued; null before the first batch. */
  after_subscriber: string | null;
  recipients: number;
  /** When the last batch was queued. */
  queued_at: Millis | null;
}

/** The one row of the alerts' state (`id` = `alerts`). */
export interface JobAlertStateTable {
  id: string;
  /** The source the known positions belong to; another one sets a new baseline. */
  source: string | null;
  baseline_at: Millis | null;
  /** No alert is sent before this moment: the sending rate, shared by all instances. */
  next_send_at: Millis;
  /** The moment the next alert a round queues is due: a round's mails are spread at the sending rate. */
  next_slot_at: Millis;
}
