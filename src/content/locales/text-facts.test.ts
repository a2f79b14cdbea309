import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from '../../../common/company';
import { languageCodes, type Language } from '../../../common/languages';
import { englishWordPattern } from '../../test/english-words';
import { localeTexts, type LocaleText } from '../../test/locale-texts';
import { jobTextsSource } from '../jobs/jobs';

/**
 * Facts in texts come from the modules that hold them, and German and French texts are
 * translated: checked on the locale files (the mails' texts included), the job listings and
 * the mail templates, before any page is built.
 */

const root = path.resolve(import.meta.dirname, '../../..');
const texts = Object.fromEntries(languageCodes.map((lng) => [lng, localeTexts(lng)] as const)) as Record<
  Language,
  LocaleText[]
>;

/** Sources where texts are written in code: the job listings and the mail templates. */
const sources = [
  ...languageCodes.map(jobTextsSource),
  'server/mail/templates/newsletter-confirmation.ts',
  'server/mail/templates/contact-notification.ts',
  'server/mail/templates/visitor-mail.ts',
];

// A number, or a span of two, followed by a unit of time, with at most one word between: "7 Tage", "3 bis 5 Werktagen", "2 zusätzliche Tage", "30 jours".
const units = [
  'Minuten?',
  'Stunden?',
  'Tage[ns]?',
  'Tag',
  'Werktage[ns]?',
  'Wochen?',
  'Monate[ns]?',
  'Monat',
  'Jahre[ns]?',
  'Jahr',
  'minutes?',
  'hours?',
  'days?',
  'weeks?',
  'months?',
  'years?',
  'heures?',
  'jours?',
  'semaines?',
  'mois',
  'ans',
  'années?',
];
const space = '[\\s\\u00a0\\u202f]';
const strayPeriod = new RegExp(
  `(?<![\\p{L}\\p{N}.])\\d+(?:${space}*(?:bis|to|à|–|-)${space}*\\d+)?${space}+(?:\\p{L}+${space}+)?(?:${units.join('|')})(?![\\p{L}])`,
  'giu',
);
const strayPeriods = (text: string) => text.match(strayPeriod) ?? [];

describe('no text writes a period as a number', () => {
  it('finds the periods it looks for', () => {
    expect(strayPeriods('Der Link ist 7 Tage gültig; 3 bis 5 Werktagen, 2 zusätzliche Tage')).toHaveLength(3);
    expect(strayPeriods('valid for 7 days; 30\u00a0jours; 15 to 30 minutes; aged 18 years')).toHaveLength(4);
    expect(
      strayPeriods('{{retention.confirmationLink}}, Art. 6 Abs. 1, HTTP/1.1, 30. Dezember 2026, ISO 14083'),
    ).toEqual([]);
  });

  for (const lng of languageCodes) {
    it(`in the ${lng} locale files and job listings: every period is interpolated from common/retention.ts or common/employment.ts`, () => {
      // The job listings are read as written in their sources (below): here they are already interpolated.
      const inLocaleFiles = texts[lng].filter(({ where }) => where.startsWith(`${lng}/`));
      expect(
        inLocaleFiles.flatMap(({ where, text }) => strayPeriods(text).map((found) => `${where}: ${found}`)),
      ).toEqual([]);
    });
  }

  it('in the sources that hold texts: the job listings and the mail templates', () => {
    expect(
      sources.flatMap((file) =>
        strayPeriods(readFileSync(path.join(root, file), 'utf8')).map((found) => `${file}: ${found}`),
      ),
    ).toEqual([]);
  });
});

/** Words that are the same in English and the page's language, or names: a text of only these may equal its English one. */
const sharedWords: Partial<Record<Language, string[]>> = {
  de: ['Sitemap', 'Marketing', 'Newsletter', 'Name', 'Moringa', 'Laptops'],
  fr: [
    'Services',
    'Contact',
    'Menu',
    'Marketing',
    'Newsletter',
    'Message',
    'Moringa',
    'cookie',
    'minute',
    'minutes',
    'Page',
    'Sources',
  ],
};
const names = ['LinkedIn', 'Instagram', 'X', company.shortName, 'EU-US Data Privacy Framework'];

/** What a reader reads: without placeholders, tags, technical names in <code>, addresses and proper names. */
const readable = (text: string) =>
  names
    .reduce((rest, name) => rest.replaceAll(name, ' '), text)
    .replace(/<code>[^<]*<\/code>/g, ' ')
    .replace(/<\/?[a-zA-Z]+>/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\S+@\S+|https?:\/\/\S+/g, ' ');

describe('texts in other languages than English are not English', () => {
  const english = new Map(texts.en.map(({ key, text }) => [key, text]));

  for (const lng of languageCodes.filter((code) => code !== 'en')) {
    it(`no ${lng} text is its English text, unless it consists of words both languages share`, () => {
      const allowed = new Set([...(sharedWords[lng] ?? []), ...names]);
      const copied = texts[lng].filter(
        ({ key, text }) =>
          english.get(key) === text && (readable(text).match(/\p{L}+/gu) ?? []).some((word) => !allowed.has(word)),
      );
      expect(copied.map(({ where, text }) => `${where}: ${text}`)).toEqual([]);
    });

    it(`no ${lng} text contains English function words`, () => {
      const found = texts[lng].flatMap(({ where, text }) =>
        [...readable(text).matchAll(englishWordPattern(lng))].map((match) => `${where}: "${match[0]}" in ${text}`),
      );
      expect(found).toEqual([]);
    });
  }

  it('finds an English text left in a German or French file', () => {
    const pattern = englishWordPattern('de');
    expect('Read more about our services'.match(pattern)).toHaveLength(4);
    expect(
      readable('Mehr in der <privacy>Datenschutzerklärung</privacy>, {{company.email}}').match(pattern),
    ).toBeNull();
  });
});
