import type { InitOptions } from 'i18next';
import { textVariables } from '../../../common/text-variables';
import { defaultLanguage, languageCodes } from '../../../common/languages';

/** Options shared by the browser, the prerenderer and tests. */
export function baseI18nOptions(): InitOptions {
  return {
    supportedLngs: [...languageCodes],
    fallbackLng: defaultLanguage,
    ns: ['common'],
    defaultNS: 'common',
    interpolation: {
      // React escapes; company facts and what it offers staff are interpolated into every text that shows them.
      escapeValue: false,
      defaultVariables: textVariables,
    },
    returnNull: false,
    react: { useSuspense: true },
  };
}
