import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { company } from '../../../common/company';
import { languageCodes, type Language } from '../../../common/languages';
import { pluralForm, retention } from '../../../common/retention';
import { englishWordPattern } from '../../test/english-words';
import { readNamespace } from '../../test/locale-files';
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
  'server/mail/templates/job-alert-confirmation.ts',
  'server/mail/templates/job-alert.ts',
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
  'Arbeitstage[ns]?',
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

/** "Gross" in each language: a pay range says which it is (SalaryRange in common/jobs.ts is gross). */
const grossWords: Record<Language, RegExp> = { de: /\bbrutto\b/, en: /\bgross\b/, fr: /\bbrut\b/ };

describe('pay ranges say they are gross', () => {
  for (const lng of languageCodes) {
    it(`in ${lng}, every wording of a job's pay`, () => {
      const pay = texts[lng].filter(({ key }) => key.startsWith('jobs.json salary.'));
      expect(pay.length).toBeGreaterThan(0);
      expect(
        pay.filter(({ text }) => !grossWords[lng].test(text)).map(({ where, text }) => `${where}: ${text}`),
      ).toEqual([]);
    });
  }
});

/**
 * A period is interpolated as the consent namespace's words make it ("14 Tage", "6 months"): in
 * the nominative or accusative, with a bare number. The sentence around it must take that form
 * for any count the code may hold, so each placeholder is checked with 1, 2 and its own count:
 * in German not after a preposition that governs the dative (nach, von, vor, binnen, seit, mit,
 * bei, zu, aus, innerhalb von) unless every plural of its unit ends in -n as the dative does
 * („nach höchstens 14 Tage“ is wrong, „von 10 Minuten“ right); in English and French never
 * after an article ("a 6 months period", « les 3 ans »).
 */
const periodPlaceholder = /\{\{(retention\.(\w+)|period|languageCookie)\}\}/g;
const articleBefore: Record<Language, RegExp> = {
  de: /\b(?:ein|eine|einen|einem|einer|der|die|das|den|dem|des)\s+$/i,
  en: /\b(?:a|an|the)\s+$/i,
  fr: /(?:\b(?:un|une|le|la|les|des|du)\s+|\bl’)$/i,
};
const germanDative =
  /\b(?:nach|von|vor|binnen|seit|mit|bei|zu|aus|innerhalb von)\s+(?:(?:höchstens|spätestens|mindestens|etwa|rund|bis zu)\s+)?$/i;
const periodUnits = ['minutes', 'hours', 'days', 'months', 'years'] as const;

function periodWords(lng: Language, unit: (typeof periodUnits)[number], count: number): string {
  const lifetime = (readNamespace(lng, 'consent').lifetime ?? {}) as Record<string, Record<string, string>>;
  return (lifetime[unit]?.[pluralForm(lng, count)] ?? '').replace('{{n}}', String(count));
}

function periodGrammar(lng: Language, text: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(periodPlaceholder)) {
    const before = text.slice(0, match.index);
    const kind = match[2] as keyof typeof retention | undefined;
    const own = kind && Object.hasOwn(retention, kind) ? retention[kind] : null;
    const units = own ? [own.unit] : periodUnits;
    if (articleBefore[lng].test(before)) problems.push(`an article before ${match[0]}`);
    if (lng !== 'de' || !germanDative.test(before)) continue;
    const wrong = units
      .flatMap((unit) => [...(own ? [own.count] : []), 1, 2].map((count) => periodWords(lng, unit, count)))
      .find((words) => /^\d+ /.test(words) && !/^1 /.test(words) && !/n$/.test(words));
    if (wrong) problems.push(`„${before.split(/\s+/).slice(-3).join(' ')}${wrong}“: the dative needs another sentence`);
  }
  return [...new Set(problems)];
}

describe('interpolated periods read grammatically', () => {
  it('finds a period in the wrong case, and one after an article', () => {
    expect(periodGrammar('de', 'Das Protokoll wird nach höchstens {{retention.serverLogs}} gelöscht.')).toHaveLength(1);
    expect(periodGrammar('de', 'in einem Zeitfenster von {{retention.rateLimitWindow}}')).toEqual([]);
    expect(periodGrammar('de', 'Wir bewahren sie {{period}} lang auf.')).toEqual([]);
    expect(periodGrammar('en', 'for a {{period}} period')).toHaveLength(1);
    expect(periodGrammar('fr', 'pendant les {{retention.consentRecords}}')).toHaveLength(1);
  });

  for (const lng of languageCodes) {
    it(`in ${lng}, every interpolated period in every locale file`, () => {
      expect(
        texts[lng].flatMap(({ where, text }) => periodGrammar(lng, text).map((problem) => `${where}: ${problem}`)),
      ).toEqual([]);
    });
  }
});

/**
 * Claims a review found untrue or unbacked, in the words each language used: what procurement
 * says is done (origin and producer group of every lot; for cocoa, the plots' geolocation;
 * Ghanaian cocoa from the Cocoa Marketing Company, Ivorian from licensed exporters; the Living
 * Income Differential charged on every tonne) is the most any text may say. Generic
 * environmental claims name their facts or go (Directive (EU) 2024/825).
 */
const unbackedClaims: Record<Language, { claim: string; pattern: RegExp }[]> = {
  de: [
    {
      claim: 'traceability deeper than procurement states',
      pattern: /lückenlos|bis zum Ursprung|bis zur Genossenschaft/i,
    },
    { claim: 'flat hierarchies', pattern: /flache[nr]? Hierarchie/i },
    {
      claim: 'a generic environmental claim',
      pattern: /ressourcenschonend|klimabewusst|klimafreundlich|umweltfreundlich|überprüfbaren? Kriterien/i,
    },
  ],
  en: [
    {
      claim: 'traceability deeper than procurement states',
      pattern: /full traceability|all the way back|back to the cooperative|traceable to their origin/i,
    },
    { claim: '"fully documented"', pattern: /fully documented/i },
    { claim: 'flat hierarchies', pattern: /flat hierarch/i },
    {
      claim: 'a generic environmental claim',
      pattern:
        /low-impact|climate-conscious|climate-friendly|eco-friendly|environmentally friendly|verifiable criteria/i,
    },
  ],
  fr: [
    {
      claim: 'traceability deeper than procurement states',
      pattern: /traçabilité complète|jusqu’à (?:leur|la) (?:origine|coopérative)/i,
    },
    { claim: 'flat hierarchies', pattern: /hiérarchies? plates?/i },
    {
      claim: 'a generic environmental claim',
      pattern:
        /transports? sobres?|soucieuse du climat|respectueu(?:x|se) de l’environnement|critères vérifiables|logistique durable|bilan carbone/i,
    },
  ],
};
const cocoaWords = /\b(?:Kakao|cocoa|cacao)/i;
const cooperativeWords = /Genossenschaft|cooperative|coopérative/i;
const lidChargedWords: Record<Language, RegExp> = { de: /erheben|erhebt/, en: /\bcharges?\b/, fr: /prélèvent|prélève/ };
const sentencesOf = (text: string) => text.split(/(?<=[.!?;:])\s+/);

function unbacked(lng: Language, text: string): string[] {
  return [
    ...unbackedClaims[lng].filter(({ pattern }) => pattern.test(text)).map(({ claim }) => claim),
    ...(sentencesOf(text).some((sentence) => cocoaWords.test(sentence) && cooperativeWords.test(sentence))
      ? [
          'cocoa from cooperatives (Ghana sells through the Cocoa Marketing Company, Côte d’Ivoire through licensed exporters)',
        ]
      : []),
    ...(text
      .split(/(?<=[.!?])\s+/)
      .some((sentence) => sentence.includes('Living Income Differential') && !lidChargedWords[lng].test(sentence))
      ? ['the Living Income Differential as the company’s own commitment, not what both countries charge every buyer']
      : []),
  ];
}

describe('texts claim no more than the company does', () => {
  it('finds the claims the review found', () => {
    expect(unbacked('de', 'Wir beziehen Kakao von Genossenschaften.')).toHaveLength(1);
    expect(unbacked('en', 'For cocoa, we pay the Living Income Differential.')).toHaveLength(1);
    expect(unbacked('fr', 'Une logistique soucieuse du climat.')).toHaveLength(1);
    expect(
      unbacked('de', 'Cashew kaufen wir bei Genossenschaften. Kakao kaufen wir von der Cocoa Marketing Company.'),
    ).toEqual([]);
  });

  for (const lng of languageCodes) {
    it(`in ${lng}, in every locale file and job listing`, () => {
      expect(texts[lng].flatMap(({ where, text }) => unbacked(lng, text).map((claim) => `${where}: ${claim}`))).toEqual(
        [],
      );
    });
  }
});
