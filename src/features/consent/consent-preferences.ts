/**
 * The visitor's cookie choices (docs/product.md#cookie-consent, docs/contract.md#difference-1) as pure
 * functions, shared by the store, the head script and tests.
 */

import { consentVersion } from '../../../common/consent-version.ts';
import type { ConsentCategory } from '../../../common/services.ts';

/** docs/contract.md#storage-keys: the choices live in local storage under this key. */
export { consentStorageKey } from '../../../common/storage-keys.ts';

/** The version of the consent texts (common/consent-version.ts); the server keeps records of this one only. */
export { consentVersion };

/** A stored choice is asked for again once it is this many months old. */
export const consentMaxAgeMonths = 12;

/** The categories a visitor may switch, in the order the settings list them (docs/product.md#cookie-consent). */
export const optionalCategories = [
  'preferences',
  'analytics',
  'marketing',
] as const satisfies readonly ConsentCategory[];

export type { ConsentCategory };

export interface CookiePreferences {
  /** Always true: the site cannot work without them (docs/product.md#cookie-consent). */
  necessary: true;
  preferences: boolean;
  analytics: boolean;
  marketing: boolean;
}

/** What local storage holds: the choices, when they were made, for which consent text and services, and the id of its record. */
export interface StoredConsent extends CookiePreferences {
  /** ISO 8601. */
  timestamp: string;
  version: number;
  /** A random UUID: the server keeps the choice under it (Art. 7(1) GDPR), and the settings show it to the visitor. */
  id: string;
  /** The optional services in use when the choice was made (common/services.ts ids); a choice counts only for them. */
  services: string[];
}

export interface ConsentState {
  preferences: CookiePreferences;
  /** A current choice is stored (any choice, Reject All included): the banner stays hidden. */
  decided: boolean;
  /** The id the current choice was stored and recorded under. */
  id?: string;
}

/** docs/product.md#cookie-consent: the initial state, necessary only. */
export const defaultPreferences: CookiePreferences = Object.freeze({
  necessary: true,
  preferences: false,
  analytics: false,
  marketing: false,
});

export const undecidedState: ConsentState = Object.freeze({ preferences: defaultPreferences, decided: false });

/** docs/product.md#cookie-consent: the one message a stored value that cannot be read produces. */
export const parseFailureMessage = 'Failed to parse cookie preferences';

/** The moment a choice made at `timestamp` runs out; an invalid date when it has none. */
export function consentExpiry(timestamp: unknown): Date {
  const expiry = new Date(typeof timestamp === 'string' ? timestamp : Number.NaN);
  expiry.setMonth(expiry.getMonth() + consentMaxAgeMonths);
  return expiry;
}

/** The services a choice was made for, in one comparable form. */
export const servicesKey = (services: readonly string[]) => [...services].sort().join(' ');

/**
 * Whether a stored object is a choice the visitor made for the current consent
 * text and the optional services in use now, less than 12 months ago.
 */
export function isCurrentConsent(value: unknown, now: Date, services: readonly string[]): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Partial<StoredConsent>;
  return (
    stored.version === consentVersion &&
    Array.isArray(stored.services) &&
    servicesKey(stored.services) === servicesKey(services) &&
    consentExpiry(stored.timestamp).getTime() > now.getTime()
  );
}

/**
 * Reads the stored value. A current choice is merged over the defaults (docs/product.md#cookie-consent);
 * an outdated or expired one, or one made for other services, counts as no
 * choice, so nothing optional runs until the visitor answers again; an
 * unreadable one is logged and ignored (the same section).
 */
export function readConsent(
  raw: string | null,
  now: Date,
  services: readonly string[] = [],
  logError: (message: string) => void = console.error,
): ConsentState {
  if (raw === null) return undecidedState;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    logError(parseFailureMessage);
    return undecidedState;
  }
  if (value === null) return undecidedState;
  if (typeof value !== 'object' || Array.isArray(value)) {
    logError(parseFailureMessage);
    return undecidedState;
  }
  if (!isCurrentConsent(value, now, services)) return undecidedState;
  const stored = value as Record<string, unknown>;
  const preferences: CookiePreferences = { ...defaultPreferences };
  for (const category of optionalCategories) {
    const choice = stored[category];
    if (typeof choice === 'boolean') preferences[category] = choice;
  }
  return { preferences, decided: true, ...(typeof stored.id === 'string' ? { id: stored.id } : {}) };
}

/** The value to store for a choice made at `now`, under the record id `id`, for the services in use. */
export function storedConsent(
  choice: Omit<CookiePreferences, 'necessary'>,
  now: Date,
  id: string,
  services: readonly string[],
): StoredConsent {
  return {
    necessary: true,
    preferences: choice.preferences,
    analytics: choice.analytics,
    marketing: choice.marketing,
    timestamp: now.toISOString(),
    version: consentVersion,
    id,
    services: [...services],
  };
}

/**
 * A random (version 4) UUID. `crypto.randomUUID` exists only on https and
 * localhost; `getRandomValues` everywhere.
 */
export function randomConsentId(
  fill: (bytes: Uint8Array<ArrayBuffer>) => void = (bytes) => crypto.getRandomValues(bytes),
): string {
  const bytes = new Uint8Array(16);
  fill(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function allPreferences(granted: boolean): CookiePreferences {
  return { necessary: true, preferences: granted, analytics: granted, marketing: granted };
}
