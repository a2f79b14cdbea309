import type { Page } from '@playwright/test';
import { consentStorageKey, consentVersion } from '../../../src/features/consent/consent-preferences';
import { e2eAnalyticsProvider } from './environment';

export interface SeededConsent {
  preferences?: boolean;
  analytics?: boolean;
  marketing?: boolean;
  /** ISO time of the choice; now by default. */
  timestamp?: string;
  version?: number;
  /** The optional services the choice was made for; those the server uses by default. */
  services?: string[];
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
          id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
          services: [e2eAnalyticsProvider],
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
