import type { InitOptions } from 'i18next';
import { company } from '../../../common/company';
import { defaultLanguage, languageCodes } from '../../../common/languages';

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
