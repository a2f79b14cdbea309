import { describe, expect, it } from 'vitest';
import { subscribersCsv } from './export-csv';

const at = new Date('2026-11-20T10:00:00Z');
const subscriber = (email: string, source = 'popup', trackingConsent = false) => ({
  email,
  language: 'de',
  signedUpAt: at,
  confirmedAt: at,
  consentTextVersion: '2026-11-22',
  source,
  trackingConsent,
});
const dates = '"2026-11-20T10:00:00.000Z","2026-11-20T10:00:00.000Z"';

describe('subscribersCsv', () => {
  it('writes a header and one quoted row per subscriber, defusing formulas', () => {
    const csv = subscribersCsv([
      subscriber('kofi@example.com'),
      subscriber('=cmd@example.com', 'po"pup', true),
      subscriber("+cmd|'/Ccalc'!A0@example.com"),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'email,language,signed_up_at,confirmed_at,consent_text_version,source,tracking_consent',
      `"kofi@example.com","de",${dates},"2026-11-22","popup","no"`,
      `"'=cmd@example.com","de",${dates},"2026-11-22","po""pup","yes"`,
      `"'+cmd|'/Ccalc'!A0@example.com","de",${dates},"2026-11-22","popup","no"`,
      '',
    ]);
  });

  it('leaves plain addresses that start with + or - as they are', () => {
    const csv = subscribersCsv([
      subscriber('+1@example.com'),
      subscriber('-sales@example.de'),
      subscriber('+49.30.Vertrieb@beispiel.de'),
    ]);
    expect(
      csv
        .split('\r\n')
        .slice(1, 4)
        .map((row) => row.split(',')[0]),
    ).toEqual(['"+1@example.com"', '"-sales@example.de"', '"+49.30.Vertrieb@beispiel.de"']);
  });

  it('starts with a UTF-8 byte order mark only when asked, for spreadsheets', () => {
    const rows = [subscriber('zoë@café.fr')];
    expect(subscribersCsv(rows).startsWith('email,')).toBe(true);
    const withBom = Buffer.from(subscribersCsv(rows, { bom: true }), 'utf8');
    expect([...withBom.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(withBom.subarray(3).toString('utf8')).toBe(subscribersCsv(rows));
  });
});
