import { describe, expect, it } from 'vitest';
import { consentServicesAttribute } from '../../../common/page-placeholders';
import { consentBootScript, consentDecidedClass } from './consent-boot-script';
import { consentStorageKey, consentVersion, readConsent } from './consent-preferences';

const now = new Date();
const monthsAgo = (months: number, extraMs = 0) => {
  const date = new Date(now);
  date.setMonth(date.getMonth() - months);
  return new Date(date.getTime() + extraMs).toISOString();
};

/** The services the server lists on <html> in these cases. */
const inUse = ['matomo'];

const cases: Record<string, string | null> = {
  nothing: null,
  'current choice': JSON.stringify({
    analytics: true,
    timestamp: monthsAgo(1),
    version: consentVersion,
    services: inUse,
  }),
  'Reject All': JSON.stringify({
    analytics: false,
    preferences: false,
    marketing: false,
    timestamp: monthsAgo(0),
    version: consentVersion,
    services: inUse,
  }),
  'almost 12 months old': JSON.stringify({
    timestamp: monthsAgo(12, 60_000),
    version: consentVersion,
    services: inUse,
  }),
  '12 months old': JSON.stringify({ timestamp: monthsAgo(12, -60_000), version: consentVersion, services: inUse }),
  'older version': JSON.stringify({ timestamp: monthsAgo(0), version: consentVersion - 1, services: inUse }),
  'no version': JSON.stringify({ timestamp: monthsAgo(0), services: inUse }),
  'no timestamp': JSON.stringify({ version: consentVersion, services: inUse }),
  'numeric timestamp': JSON.stringify({ timestamp: Date.now(), version: consentVersion, services: inUse }),
  'made for another service': JSON.stringify({
    timestamp: monthsAgo(0),
    version: consentVersion,
    services: ['google'],
  }),
  'made when no service was in use': JSON.stringify({ timestamp: monthsAgo(0), version: consentVersion, services: [] }),
  'no services': JSON.stringify({ timestamp: monthsAgo(0), version: consentVersion }),
  'services not a list': JSON.stringify({ timestamp: monthsAgo(0), version: consentVersion, services: 'matomo' }),
  'broken JSON': '{"version":',
  'not an object': '"yes"',
  null: 'null',
};

function runBootScript(raw: string | null): boolean {
  document.documentElement.className = '';
  document.documentElement.setAttribute(consentServicesAttribute, inUse.join(' '));
  localStorage.clear();
  if (raw !== null) localStorage.setItem(consentStorageKey, raw);
  // The exact text that goes into every page's <head>.
  new Function(consentBootScript)();
  return document.documentElement.classList.contains(consentDecidedClass);
}

describe('consentBootScript', () => {
  for (const [name, raw] of Object.entries(cases)) {
    it(`agrees with readConsent on ${name}`, () => {
      const expected = readConsent(raw, new Date(), inUse, () => {}).decided;
      expect(runBootScript(raw)).toBe(expected);
    });
  }

  it('hides the banner for a current choice and only then', () => {
    expect(runBootScript(cases['current choice'] ?? null)).toBe(true);
    expect(runBootScript(cases['12 months old'] ?? null)).toBe(false);
  });
});
