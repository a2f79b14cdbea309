import type { ConfirmedSubscriber } from './subscriptions';

/** An address made only of characters no spreadsheet formula can use to call anything. */
const plainAddress = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ defused with a
 * quote mark so a spreadsheet never runs the value as a formula. A plain
 * address such as `+1@example.com` is left as it is: a mailing tool would
 * import the prefix as part of the address.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !plainAddress.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export interface CsvOptions {
  /** Starts with a UTF-8 byte order mark, so spreadsheets read umlauts and accents right. */
  bom?: boolean;
}

/** The confirmed subscribers as CSV (RFC 4180, CRLF) for the company's mailing tool. */
export function subscribersCsv(subscribers: readonly ConfirmedSubscriber[], { bom = false }: CsvOptions = {}): string {
  const header = [
    'email',
    'language',
    'signed_up_at',
    'confirmed_at',
    'consent_text_version',
    'source',
    'tracking_consent',
  ];
  const rows = subscribers.map((s) =>
    [
      s.email,
      s.language,
      s.signedUpAt.toISOString(),
      s.confirmedAt.toISOString(),
      s.consentTextVersion,
      s.source,
      // The separate consent to per-person tracking: import only those with `yes` into a tracked segment.
      s.trackingConsent ? 'yes' : 'no',
    ]
      .map(cell)
      .join(','),
  );
  return `${bom ? '\uFEFF' : ''}${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
