/**
 * The visitor's cookie choices (SPEC 3, SPEC 4, DESIGN difference 1) as pure
 * functions, shared by the store, the head script and tests. This module must
 * stay free of imports: the Vite config loads it through the head script.
 */

/** SPEC 3: the choices live in local storage under this key. */
export { consentStorageKey } from '../../../common/storage-keys.ts';

/**
 * Raise this whenever the banner or settings texts change what a visitor agrees
 * to: every stored choice of an older version is asked for again.
 */
export const consentVersion = 1;

/** A stored choice is asked for again once it is this many months old. */
export const consentMaxAgeMonths = 12;

/** The categories a visitor may switch, in the order the settings list them (SPEC 2). */
export const optionalCategories = ['preferences', 'analytics', 'marketing'] as const;

export type OptionalCategory = (typeof optionalCategories)[number];
export type ConsentCategory = 'necessary' | OptionalCategory;

export interface CookiePreferences {
  /** Always true: the site cannot work without them (SPEC 3). */
  necessary: true;
  preferences: boolean;
  analytics: boolean;
  marketing: boolean;
}

/** What local storage holds: the choices, when they were made, and for which consent text. */
export interface StoredConsent extends CookiePreferences {
  /** ISO 8601. */
  timestamp: string;
  version: number;
}

export interface ConsentState {
  preferences: CookiePreferences;
  /** A current choice is stored (any choice, Reject All included): the banner stays hidden. */
  decided: boolean;
}

/** SPEC 4: the initial state, necessary only. */
export const defaultPreferences: CookiePreferences = Object.freeze({
  necessary: true,
  preferences: false,
  analytics: false,
  marketing: false,
});

export const undecidedState: ConsentState = Object.freeze({ preferences: defaultPreferences, decided: false });

/** SPEC 8: the one message a stored value that cannot be read produces. */
export const parseFailureMessage = 'Failed to parse cookie preferences';

/** The moment a choice made at `timestamp` runs out; an invalid date when it has none. */
export function consentExpiry(timestamp: unknown): Date {
  const expiry = new Date(typeof timestamp === 'string' ? timestamp : Number.NaN);
  expiry.setMonth(expiry.getMonth() + consentMaxAgeMonths);
  return expiry;
}

/** Whether a stored object is a choice the visitor made for the current consent text, less than 12 months ago. */
export function isCurrentConsent(value: unknown, now: Date): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const { version, timestamp } = value as Partial<StoredConsent>;
  return version === consentVersion && consentExpiry(timestamp).getTime() > now.getTime();
}

/**
 * Reads the stored value. A current choice is merged over the defaults (SPEC 4);
 * an outdated or expired one counts as no choice, so nothing optional runs until
 * the visitor answers again; an unreadable one is logged and ignored (SPEC 8).
 */
export function readConsent(raw: string | null, now: Date, logError: (message: string) => void = console.error): ConsentState {
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
  if (!isCurrentConsent(value, now)) return undecidedState;
  const stored = value as Record<string, unknown>;
  const preferences: CookiePreferences = { ...defaultPreferences };
  for (const category of optionalCategories) {
    const choice = stored[category];
    if (typeof choice === 'boolean') preferences[category] = choice;
  }
  return { preferences, decided: true };
}

/** The value to store for a choice made at `now`. */
export function storedConsent(choice: Omit<CookiePreferences, 'necessary'>, now: Date): StoredConsent {
  return {
    necessary: true,
    preferences: choice.preferences,
    analytics: choice.analytics,
    marketing: choice.marketing,
    timestamp: now.toISOString(),
    version: consentVersion,
  };
}

export function allPreferences(granted: boolean): CookiePreferences {
  return { necessary: true, preferences: granted, analytics: granted, marketing: granted };
}
