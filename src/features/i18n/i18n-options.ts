import type { InitOptions } from 'i18next';
import { company } from '../../../common/company';
import { defaultLanguage, languageCodes, languageCookieName, languageStorageKey, primaryLanguage } from '../../../common/languages';

/** Options shared by the browser, the prerenderer and tests. */
export function baseI18nOptions(): InitOptions {
  return {
    supportedLngs: [...languageCodes],
    fallbackLng: defaultLanguage,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: {
      // React escapes; company facts are interpolated into every text that shows them.
      escapeValue: false,
      defaultVariables: { company },
    },
    returnNull: false,
    react: { useSuspense: true },
  };
}

/**
 * SPEC 9's detection order; the choice is cached in local storage and the
 * cookie, which is `Secure` when the page came over https.
 */
export const detectionOptions = (https: boolean) => ({
  order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
  lookupQuerystring: 'lng',
  lookupCookie: languageCookieName,
  lookupLocalStorage: languageStorageKey,
  lookupSessionStorage: languageStorageKey,
  caches: ['localStorage', 'cookie'],
  cookieMinutes: 60 * 24 * 365,
  cookieOptions: { path: '/', sameSite: 'lax' as const, secure: https },
  // `fr-CH` counts as `fr`, as on the server, and the bare code is what gets stored.
  convertDetectedLanguage: primaryLanguage,
});
