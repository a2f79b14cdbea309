import {
  OperationNodeTransformer,
  type IdentifierNode,
  type Kysely,
  type KyselyPlugin,
  type Transaction,
} from 'kysely';

/** Epoch milliseconds. */
type Millis = number;

/**
 * Where a subscriber stands: waiting for the confirmation, confirmed, gone by
 * their own withdrawal, or ended by the list itself (mail to them kept being
 * refused for good).
 */
export type OptInStatus = 'pending' | 'confirmed' | 'unsubscribed' | 'ended';

/** What every double opt-in list keeps of a subscriber (its own table may hold more). */
export interface OptInSubscriberRow {
  id: string;
  /** HMAC (the site's key) of the normalised address's SHA-256: finds a subscriber even after the address itself is erased. */
  email_hash: string;
  /** The same hash of the address's mailbox family (sub-address and ignored dots taken off): what the confirmation cap counts. */
  mailbox_hash: string | null;
  /** Null once unsubscribed: only what proves the withdrawal is kept. */
  email: string | null;
  status: OptInStatus;
  language: string;
  /** Where the sign-up came from, e.g. `popup`. */
  source: string;
  /** The version of the sign-up text the subscriber agreed to. */
  consent_text_version: string;
  signed_up_at: Millis;
  confirmed_at: Millis | null;
  unsubscribed_at: Millis | null;
  last_confirmation_mail_at: Millis | null;
}

export type OptInTokenPurpose = 'confirm' | 'unsubscribe';

export interface OptInTokenRow {
  /** SHA-256 of the random token; the token itself exists only in the mail. */
  token_hash: string;
  subscriber_id: string;
  purpose: OptInTokenPurpose;
  created_at: Millis;
  /** Confirmation links expire; unsubscribe links never do. */
  expires_at: Millis | null;
  /** What the sign-up that sent this link asked for, taken on when it is confirmed (JSON); null once taken, or when there is nothing. */
  payload: string | null;
}

export type OptInEvent = 'signed_up' | 'confirmation_sent' | 'confirmed' | 'unsubscribed' | 'ended';

/** The proof of each step of a consent and its withdrawal. */
export interface OptInEventRow {
  id: string;
  subscriber_id: string;
  event: OptInEvent;
  occurred_at: Millis;
  language: string;
  consent_text_version: string;
  source: string;
  /** What the consent covered beyond the list itself (the alerts' departments, JSON); null when nothing. */
  details: string | null;
}

/** The three tables as the shared code names them; each list maps them to its own. */
export interface OptInSchema {
  opt_in_subscribers: OptInSubscriberRow;
  opt_in_tokens: OptInTokenRow;
  opt_in_consent_events: OptInEventRow;
}

type LogicalTable = keyof OptInSchema;

/** A value a list carries of its own: a whole number or text (or null). */
export type CarriedValue = string | number | null;

/**
 * What a list keeps of a subscriber besides the shared columns, and records with each of the
 * subscriber's consent events as well (the newsletter's separate tracking consent): its own
 * values, by column.
 */
export type CarriedValues = Readonly<Record<string, CarriedValue>>;

/** A double opt-in list: its name (logs, task kinds) and the tables that hold it, each of OptInSchema's shape. */
export interface OptInList {
  name: string;
  tables: Record<LogicalTable, string>;
  /**
   * The columns the list carries (CarriedValues): each one in both its subscribers table and
   * its consent events table. The shared steps write a sign-up's values to the subscriber and
   * copy the subscriber's into each event, without knowing what they mean. None by default.
   */
  carried?: readonly string[];
}

/**
 * The list's carried values found in `values` (a sign-up's, or a subscriber's row read whole);
 * a column the list does not carry is an error of the caller, never written.
 */
export function carriedValues(list: OptInList, values: object, { strict = false } = {}): CarriedValues {
  const columns = list.carried ?? [];
  const given = values as Readonly<Record<string, CarriedValue | undefined>>;
  if (strict) {
    const unknown = Object.keys(given).filter((column) => !columns.includes(column));
    if (unknown.length > 0) throw new Error(`The ${list.name} list carries no column ${unknown.join(', ')}`);
  }
  return Object.fromEntries(
    columns.flatMap((column) => {
      const value = given[column];
      return value === undefined ? [] : [[column, value]];
    }),
  );
}

/**
 * Puts a list's own table names where the shared code writes the logical ones
 * (Kysely's documented way of renaming identifiers, applied to table names
 * alone): the same queries serve every list, typed once.
 */
class ListTables extends OperationNodeTransformer {
  constructor(private readonly names: Readonly<Record<string, string>>) {
    super();
  }

  protected override transformIdentifier(node: IdentifierNode): IdentifierNode {
    const transformed = super.transformIdentifier(node);
    const name = this.names[transformed.name];
    return name === undefined ? transformed : { ...transformed, name };
  }
}

function listPlugin(list: OptInList): KyselyPlugin {
  const transformer = new ListTables(list.tables);
  return {
    transformQuery: ({ node }) => transformer.transformNode(node),
    transformResult: async ({ result }) => result,
  };
}

/** The list's tables through the shared names, in the caller's transaction. */
export function listTables<DB>(trx: Transaction<DB>, list: OptInList): Transaction<OptInSchema>;
export function listTables<DB>(db: Kysely<DB>, list: OptInList): Kysely<OptInSchema>;
export function listTables<DB>(db: Kysely<DB>, list: OptInList): Kysely<OptInSchema> {
  return db.withPlugin(listPlugin(list)) as unknown as Kysely<OptInSchema>;
}
