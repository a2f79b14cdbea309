/** The database schema as Kysely sees it; each table has a migration in ./migrations. */
export interface DatabaseSchema {
  contact_messages: ContactMessageTable;
  outbox: OutboxTable;
  outbox_attempts: OutboxAttemptTable;
}

/** Epoch milliseconds. */
type Millis = number;

export interface ContactMessageTable {
  id: string;
  received_at: Millis;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  language: string;
  /** 1 when the honeypot was filled: kept for inspection, never mailed. (An integer: SQLite has no booleans.) */
  is_spam: 0 | 1;
}

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'dead';

export interface OutboxTable {
  id: string;
  created_at: Millis;
  kind: string;
  /** Stable across retries, so a receiver can drop a duplicate. */
  message_id: string;
  /** The rendered mail (JSON of OutgoingMail). */
  payload: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: Millis;
  /** While a worker sends it; an expired lock means that worker died. */
  locked_until: Millis | null;
  last_error: string | null;
  sent_at: Millis | null;
}

export interface OutboxAttemptTable {
  id: string;
  outbox_id: string;
  attempted_at: Millis;
  outcome: 'sent' | 'failed';
  error: string | null;
}
