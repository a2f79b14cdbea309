import i18next, { type TFunction } from 'i18next';
import type { Language } from '../../common/languages';
import { pluralForm, type Period } from '../../common/retention';
import { textVariables } from '../../common/text-variables';
import deConsent from '../../src/content/locales/de/consent.json';
import deMail from '../../src/content/locales/de/mail.json';
import enConsent from '../../src/content/locales/en/consent.json';
import enMail from '../../src/content/locales/en/mail.json';
import frConsent from '../../src/content/locales/fr/consent.json';
import frMail from '../../src/content/locales/fr/mail.json';

/**
 * The mails' words come from the locale files (mail.json), like every page's, so the parity,
 * typography and terminology checks cover them; periods use the site's own wording
 * (consent.json's `lifetime`). Values are not escaped here: the HTML part escapes them.
 */
const instance = i18next.createInstance();
void instance.init({
  resources: {
    de: { mail: deMail, consent: deConsent },
    en: { mail: enMail, consent: enConsent },
    fr: { mail: frMail, consent: frConsent },
  },
  lng: 'de',
  fallbackLng: 'de',
  ns: ['mail', 'consent'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false, defaultVariables: textVariables },
  returnNull: false,
  initAsync: false,
});

export interface MailTexts {
  t: TFunction<'mail'>;
  /** A period in this language: "7 Tage", "7 days", "7 jours". */
  period(period: Period): string;
}

export function mailTexts(lng: Language): MailTexts {
  const t = instance.getFixedT(lng, 'mail');
  const consent = instance.getFixedT(lng, 'consent');
  return {
    t,
    period: ({ unit, count }) => consent(($) => $.lifetime[unit][pluralForm(lng, count)], { n: count }),
  };
}
