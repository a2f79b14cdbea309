import type { ConfirmedSubscriber } from './subscriptions';

/**
 * One CSV cell: quoted, quotes doubled, and a leading = + - @ defused so a
 * spreadsheet never runs an address as a formula.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The confirmed subscribers as CSV (RFC 4180, CRLF) for the company's mailing tool. */
export function subscribersCsv(subscribers: readonly ConfirmedSubscriber[]): string {
  const header = ['email', 'language', 'signed_up_at', 'confirmed_at', 'consent_text_version', 'source'];
  const rows = subscribers.map((s) =>
    [s.email, s.language, s.signedUpAt.toISOString(), s.confirmedAt.toISOString(), s.consentTextVersion, s.source].map(cell).join(','),
  );
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`;
}
