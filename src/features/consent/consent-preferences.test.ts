import { describe, expect, it, vi } from 'vitest';
import {
  consentVersion,
  defaultPreferences,
  parseFailureMessage,
  randomConsentId,
  readConsent,
  storedConsent,
} from './consent-preferences';

const now = new Date('2026-06-15T12:00:00.000Z');
const stored = (fields: Record<string, unknown>) =>
  JSON.stringify({
    necessary: true,
    preferences: false,
    analytics: false,
    marketing: false,
    timestamp: '2026-06-01T08:00:00.000Z',
    version: consentVersion,
    id: '0b7e3c1a-5d2f-4e8a-9c6b-1f2a3b4c5d6e',
    services: [],
    ...fields,
  });

describe('readConsent', () => {
  it('starts with necessary only and no choice when nothing is stored', () => {
    expect(readConsent(null, now)).toEqual({ preferences: defaultPreferences, decided: false });
    expect(defaultPreferences).toEqual({ necessary: true, preferences: false, analytics: false, marketing: false });
  });

  it('applies a current stored choice, Reject All included (docs/contract.md#difference-1)', () => {
    expect(readConsent(stored({ analytics: true }), now)).toEqual({
      preferences: { necessary: true, preferences: false, analytics: true, marketing: false },
      decided: true,
      id: '0b7e3c1a-5d2f-4e8a-9c6b-1f2a3b4c5d6e',
    });
    expect(readConsent(stored({}), now).decided).toBe(true);
  });

  it('merges the stored choice over the defaults: missing or malformed fields keep their default, necessary stays on', () => {
    const raw = JSON.stringify({
      necessary: false,
      marketing: true,
      analytics: 'yes',
      timestamp: '2026-06-01T08:00:00.000Z',
      version: consentVersion,
      services: [],
    });
    expect(readConsent(raw, now).preferences).toEqual({
      necessary: true,
      preferences: false,
      analytics: false,
      marketing: true,
    });
  });

  it('logs a value it cannot parse and keeps the defaults', () => {
    for (const raw of ['{not json', '[true]', '"accepted"', '42']) {
      const log = vi.fn();
      expect(readConsent(raw, now, [], log)).toEqual({ preferences: defaultPreferences, decided: false });
      expect(log).toHaveBeenCalledExactlyOnceWith(parseFailureMessage);
    }
    expect(parseFailureMessage).toBe('Failed to parse cookie preferences');
  });

  it('asks again when the consent text has a newer version, or the choice has no version or time', () => {
    const log = vi.fn();
    expect(readConsent(stored({ analytics: true, version: consentVersion - 1 }), now, [], log)).toEqual({
      preferences: defaultPreferences,
      decided: false,
    });
    expect(readConsent(stored({ analytics: true, version: undefined }), now, [], log).decided).toBe(false);
    expect(readConsent(stored({ timestamp: undefined }), now, [], log).decided).toBe(false);
    expect(readConsent(stored({ timestamp: 'yesterday' }), now, [], log).decided).toBe(false);
    expect(readConsent(stored({ timestamp: now.getTime() - 1000 }), now, [], log).decided).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('counts a choice only for the optional services it was made for', () => {
    const forMatomo = stored({ analytics: true, services: ['matomo'] });
    expect(readConsent(forMatomo, now, ['matomo'])).toMatchObject({ decided: true, preferences: { analytics: true } });
    // The site now uses another service, or none, or one more: the visitor is asked again and nothing runs until then.
    expect(readConsent(forMatomo, now, ['google'])).toEqual({ preferences: defaultPreferences, decided: false });
    expect(readConsent(forMatomo, now, [])).toEqual({ preferences: defaultPreferences, decided: false });
    expect(readConsent(stored({ services: undefined }), now, []).decided).toBe(false);
    expect(readConsent(stored({ services: ['plausible', 'matomo'] }), now, ['matomo', 'plausible']).decided).toBe(true);
  });

  it('asks again once a choice is 12 months old', () => {
    expect(readConsent(stored({ timestamp: '2025-06-15T12:00:01.000Z' }), now).decided).toBe(true);
    expect(readConsent(stored({ timestamp: '2025-06-15T12:00:00.000Z' }), now).decided).toBe(false);
    expect(
      readConsent(stored({ analytics: true, timestamp: '2024-01-01T00:00:00.000Z' }), now).preferences.analytics,
    ).toBe(false);
  });
});

describe('storedConsent', () => {
  it('records the choice with its time, the consent version, its id and the services in use', () => {
    expect(storedConsent({ preferences: true, analytics: false, marketing: true }, now, 'id-1', ['matomo'])).toEqual({
      necessary: true,
      preferences: true,
      analytics: false,
      marketing: true,
      timestamp: '2026-06-15T12:00:00.000Z',
      version: consentVersion,
      id: 'id-1',
      services: ['matomo'],
    });
  });
});

describe('randomConsentId', () => {
  it('is a random version 4 UUID, also where crypto.randomUUID is missing (plain http)', () => {
    const ids = new Set(Array.from({ length: 100 }, () => randomConsentId()));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomConsentId((bytes) => bytes.fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});
