import i18next, { type ResourceKey, type TFunction } from 'i18next';
import { defaultLanguage, type Language } from '../../common/languages';
import { pluralForm, type Period } from '../../common/retention';
import { plainPageName, type SitePageId } from '../../common/site-pages';
import { textVariables } from '../../common/text-variables';

/**
 * The mails' words come from the locale files (mail.json), like every page's, so the parity,
 * typography and terminology checks cover them; periods use the site's own wording
 * (consent.json's `lifetime`), and the company's copy of a contact message labels each field
 * as the form does (contact-form.json's `fields`), a link to a page is named as the site
 * names it (common.json's `pages`), and the job alerts name departments and pay as the jobs
 * pages do (jobs.json). Every language's files are found by their place, so a new
 * language needs no line here. Values are not escaped here: the HTML part escapes them.
 */
const files = import.meta.glob<ResourceKey>(
  '../../src/content/locales/*/{mail,consent,contact-form,common,jobs}.json',
  {
    eager: true,
    import: 'default',
  },
);
const resources: Record<string, Record<string, ResourceKey>> = {};
for (const [file, texts] of Object.entries(files)) {
  const [, lng = '', ns = ''] = /\/([a-z]{2})\/([a-z-]+)\.json$/.exec(file) ?? [];
  resources[lng] = { ...resources[lng], [ns]: texts };
}

const instance = i18next.createInstance();
void instance.init({
  resources,
  lng: defaultLanguage,
  fallbackLng: defaultLanguage,
  ns: ['mail', 'consent', 'contact-form', 'common', 'jobs'],
  defaultNS: 'mail',
  interpolation: { escapeValue: false, defaultVariables: textVariables },
  returnNull: false,
  initAsync: false,
});

export interface MailTexts {
  t: TFunction<'mail'>;
  /** The contact form's own words: its fields' labels. */
  form: TFunction<'contact-form'>;
  /** The jobs pages' words: departments and pay, as the pages say them. */
  jobs: TFunction<'jobs'>;
  /** A period in this language: "7 Tage", "7 days", "7 jours". */
  period(period: Period): string;
  /** A page's name, as its links on the site say it, without the hyphenation points of its heading. */
  pageName(id: SitePageId): string;
}

export function mailTexts(lng: Language): MailTexts {
  const t = instance.getFixedT(lng, 'mail');
  const consent = instance.getFixedT(lng, 'consent');
  const common = instance.getFixedT(lng, 'common');
  return {
    t,
    form: instance.getFixedT(lng, 'contact-form'),
    jobs: instance.getFixedT(lng, 'jobs'),
    period: ({ unit, count }) => consent(($) => $.lifetime[unit][pluralForm(lng, count)], { n: count }),
    pageName: (id) => plainPageName(common(($) => $.pages[id])),
  };
}
