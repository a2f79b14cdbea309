import type { CookiePreferences } from './consent-preferences';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

type Signal = 'granted' | 'denied';

/**
 * Google Consent Mode v2 (https://developers.google.com/tag-platform/security/guides/consent):
 * the four signals as the visitor chose. The registry has no advertising
 * service, so the advertising signals stay denied whatever the marketing choice.
 */
export function consentSignals(preferences: Pick<CookiePreferences, 'analytics'>): Record<string, Signal> {
  return {
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
    analytics_storage: preferences.analytics ? 'granted' : 'denied',
  };
}

/** Google's `gtag()`: queues a command for the tag, which reads the `arguments` objects. */
function gtag(..._command: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- gtag.js expects the arguments object itself, as Google's snippet pushes it.
  (window.dataLayer ??= []).push(arguments);
}

let sent: string | null = null;

/**
 * The tag's settings (https://developers.google.com/analytics/devguides/collection/ga4/display-features):
 * no Google signals (the visits of people signed in to Google joined across their devices)
 * and no use of the data for personalised advertising, as the cookie settings say.
 */
export const googleTagSettings = {
  allow_google_signals: false,
  allow_ad_personalization_signals: false,
} as const;

/**
 * What Google's inline snippet would do, from our own script (the CSP allows
 * no inline code): every signal denied by default, then the visitor's choice,
 * then the tag's set-up. Runs before gtag.js is added.
 */
export function startGoogleTag(measurementId: string, preferences: Pick<CookiePreferences, 'analytics'>): void {
  sent = null;
  gtag('consent', 'default', consentSignals({ analytics: false }));
  updateGoogleConsent(preferences);
  gtag('js', new Date());
  gtag('config', measurementId, googleTagSettings);
}

/** Tells a started tag a choice that changes its signals. */
export function updateGoogleConsent(preferences: Pick<CookiePreferences, 'analytics'>): void {
  if (!window.dataLayer) return;
  const signals = consentSignals(preferences);
  const key = JSON.stringify(signals);
  if (key === sent) return;
  sent = key;
  gtag('consent', 'update', signals);
}
