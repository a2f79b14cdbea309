import { describe, expect, it } from 'vitest';
import { consentBootScript, consentDecidedClass } from './consent-boot-script';
import { consentStorageKey, consentVersion, readConsent } from './consent-preferences';

const now = new Date();
const monthsAgo = (months: number, extraMs = 0) => {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return new Date(date.getTime() + extraMs).toISOString();
};

const cases: Record<string, string | null> = {
  nothing: null,
  'current choice': JSON.stringify({ analytics: true, timestamp: monthsAgo(1), version: consentVersion }),
  'Reject All': JSON.stringify({ analytics: false, preferences: false, marketing: false, timestamp: monthsAgo(0), version: consentVersion }),
  'almost 12 months old': JSON.stringify({ timestamp: monthsAgo(12, 60_000), version: consentVersion }),
  '12 months old': JSON.stringify({ timestamp: monthsAgo(12, -60_000), version: consentVersion }),
  'older version': JSON.stringify({ timestamp: monthsAgo(0), version: consentVersion - 1 }),
  'no version': JSON.stringify({ timestamp: monthsAgo(0) }),
  'no timestamp': JSON.stringify({ version: consentVersion }),
  'numeric timestamp': JSON.stringify({ timestamp: Date.now(), version: consentVersion }),
  'broken JSON': '{"version":',
  'not an object': '"yes"',
  null: 'null',
};

function runBootScript(raw: string | null): boolean {
  document.documentElement.className = '';
  localStorage.clear();
  if (raw !== null) localStorage.setItem(consentStorageKey, raw);
  // The exact text that goes into every page's <head>.
  new Function(consentBootScript)();
  return document.documentElement.classList.contains(consentDecidedClass);
}

describe('consentBootScript', () => {
  for (const [name, raw] of Object.entries(cases)) {
    it(`agrees with readConsent on ${name}`, () => {
      const expected = readConsent(raw, new Date(), () => {}).decided;
      expect(runBootScript(raw)).toBe(expected);
    });
  }

  it('hides the banner for a current choice and only then', () => {
    expect(runBootScript(cases['current choice'] ?? null)).toBe(true);
    expect(runBootScript(cases['12 months old'] ?? null)).toBe(false);
  });
});
