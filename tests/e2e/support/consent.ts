import type { Page } from '@playwright/test';
import { consentStorageKey, consentVersion } from '../../../src/features/consent/consent-preferences';

export interface SeededConsent {
  preferences?: boolean;
  analytics?: boolean;
  marketing?: boolean;
  /** ISO time of the choice; now by default. */
  timestamp?: string;
  version?: number;
}

/**
 * Stores a cookie choice before the first page of the test loads, as if the
 * visitor had answered the banner on an earlier visit. Only once per tab, so
 * choices made during the test survive reloads.
 */
export async function seedConsent(page: Page, consent: SeededConsent | string = {}): Promise<void> {
  const value =
    typeof consent === 'string'
      ? consent
      : JSON.stringify({
          necessary: true,
          preferences: false,
          analytics: false,
          marketing: false,
          timestamp: new Date().toISOString(),
          version: consentVersion,
          ...consent,
        });
  await page.addInitScript(
    ({ key, value }) => {
      if (sessionStorage.getItem('e2e-consent-seeded')) return;
      sessionStorage.setItem('e2e-consent-seeded', 'true');
      localStorage.setItem(key, value);
    },
    { key: consentStorageKey, value },
  );
}

/**
 * For tests about something else: the visitor has already refused every
 * optional cookie, so the banner stays out of the way and nothing optional loads.
 */
export const skipCookieBanner = (page: Page) => seedConsent(page);
