/**
 * How long the site keeps each kind of personal data: maintenance
 * (server/background/maintenance.ts) deletes by these periods, and the privacy policy
 * states them from here, so the two cannot drift apart
 * (docs/decisions/0017-consent-and-retention-that-tell-the-truth.md).
 * No imports: the browser's texts read it too.
 */

/** A span of time as texts state it; months and years are calendar months and years. */
export interface Period {
  unit: 'minutes' | 'hours' | 'days' | 'months' | 'years';
  count: number;
}

export const retention = {
  /** Contact messages in the database, from receipt. */
  contactMessages: { unit: 'days', count: 180 },
  /** What the spam trap keeps of a message a program sent (the time and a keyed hash of the address), from receipt. */
  honeypotHits: { unit: 'days', count: 30 },
  /**
   * Mails and queued tasks once delivered or given up, from when they were
   * written: the outbox row with its attempts. A delivered mail's content is
   * emptied at once; an undeliverable one keeps it this long for a look by hand.
   */
  finishedMails: { unit: 'days', count: 30 },
  /** The .eml files written under DATA_DIR/mail when SMTP_URL is not set. */
  fileMails: { unit: 'days', count: 30 },
  /** A newsletter confirmation link works this long. */
  confirmationLink: { unit: 'days', count: 7 },
  /** Newsletter sign-ups never confirmed, from sign-up. */
  unconfirmedSignUps: { unit: 'days', count: 30 },
  /** Hand-overs to the newsletter provider once delivered or given up (a given-up one still holds the address). */
  newsletterSyncs: { unit: 'days', count: 30 },
  /** The proof of a newsletter consent and its withdrawal (address hash, dates, text version), from unsubscription. */
  newsletterEvidence: { unit: 'years', count: 3 },
  /** The proof of a job alerts consent and its withdrawal (address hash, dates, text version, departments), from unsubscription or the end of the alerts. */
  jobAlertEvidence: { unit: 'years', count: 3 },
  /** The address of a job alerts subscriber whose mail server refused three alerts in a row, listed for the operator, from the end. */
  endedJobAlerts: { unit: 'days', count: 30 },
  /** Records of cookie choices (consent id, choices, version, time; no address), from receipt. */
  consentRecords: { unit: 'years', count: 3 },
  /** The form rate limit counts submissions per address (a keyed hash) in windows of this length. */
  rateLimitWindow: { unit: 'minutes', count: 10 },
  /** Maintenance runs this often, so a record may outlive its period by up to this much. */
  maintenanceInterval: { unit: 'hours', count: 1 },
  /** The server logs' period is set by whoever runs the server (log rotation), not by this code. */
  serverLogs: { unit: 'days', count: 14 },
  /**
   * Backups of the database (a dump holds all of the above still in it), from when each was made:
   * kept by whoever runs the server (docs/operations.md, "Backup and restore"), not by this code.
   */
  backups: { unit: 'days', count: 7 },
  /**
   * Applications, in the company's mailbox (not this code), from the receipt of the rejection:
   * two months to claim under § 15(4) AGG, three more to sue (§ 61b ArbGG), and time for the
   * claim to arrive; kept until a pending claim is settled.
   */
  applications: { unit: 'months', count: 6 },
  /** Business letters, contact mails included, in the company's own records (§ 257(4) HGB), from the end of their year. */
  businessLetters: { unit: 'years', count: 6 },
  /** Accounting vouchers such as invoices (§ 257(4) HGB, § 147(3) AO), from the end of their year. */
  accountingVouchers: { unit: 'years', count: 8 },
} as const satisfies Record<string, Period>;

/** Which of a language's two forms a count takes ("1 Tag", "7 Tage"): the counts stated are small. */
export function pluralForm(lng: string, count: number): 'one' | 'other' {
  return new Intl.PluralRules(lng).select(count) === 'one' ? 'one' : 'other';
}

export type RetentionKind = keyof typeof retention;

const minute = 60_000;
const fixedUnits: Partial<Record<Period['unit'], number>> = {
  minutes: minute,
  hours: 60 * minute,
  days: 24 * 60 * minute,
};

/** The period in milliseconds; only for units of fixed length. */
export function periodMs(period: Period): number {
  const unit = fixedUnits[period.unit];
  if (unit === undefined) throw new Error(`${period.unit} have no fixed length`);
  return period.count * unit;
}

/**
 * The moment before which something `period` old must be gone: `now` minus the
 * period, counting calendar months and years (three years before
 * 29 February 2028 is 28 February 2025: never a day short).
 */
export function periodCutoff(now: number, period: Period): number {
  if (period.unit !== 'months' && period.unit !== 'years') return now - periodMs(period);
  const date = new Date(now);
  const months = period.unit === 'years' ? period.count * 12 : period.count;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}
