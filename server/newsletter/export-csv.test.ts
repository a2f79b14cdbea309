import { describe, expect, it } from 'vitest';
import { subscribersCsv } from './export-csv';

describe('subscribersCsv', () => {
  it('writes a header and one quoted row per subscriber, defusing formulas', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    const csv = subscribersCsv([
      { email: 'kofi@example.com', language: 'en', signedUpAt: at, confirmedAt: at, consentTextVersion: '2026-11-22', source: 'popup' },
      { email: '=cmd@example.com', language: 'de', signedUpAt: at, confirmedAt: at, consentTextVersion: '2026-11-22', source: 'po"pup' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'email,language,signed_up_at,confirmed_at,consent_text_version,source',
      '"kofi@example.com","en","2026-11-20T10:00:00.000Z","2026-11-20T10:00:00.000Z","2026-11-22","popup"',
      `"'=cmd@example.com","de","2026-11-20T10:00:00.000Z","2026-11-20T10:00:00.000Z","2026-11-22","po""pup"`,
      '',
    ]);
  });
});
