import { describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../../common/languages';
import { localeTexts, type LocaleText } from '../../test/locale-texts';
import { jobIds } from '../jobs/jobs';

const texts = Object.fromEntries(languageCodes.map((lng) => [lng, localeTexts(lng)] as const)) as Record<
  Language,
  LocaleText[]
>;

const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

interface Rule {
  name: string;
  /** Finds each place that breaks the rule. */
  pattern: RegExp;
}

/**
 * French typography as the Imprimerie nationale sets it: U+202F before ; ! ?,
 * U+00A0 before : and % and inside « », the one-character ellipsis without a
 * space before it. The space must follow a word, so a doubled space fails too.
 */
const frenchRules: Rule[] = [
  { name: 'apostrophe ’ (U+2019), not U+0027', pattern: /'/g },
  { name: `U+202F NARROW NO-BREAK SPACE before ; ! ?`, pattern: new RegExp(`(?<!\\S${narrowNbsp})[;!?]`, 'g') },
  { name: 'U+00A0 NO-BREAK SPACE before :', pattern: new RegExp(`(?<!\\S${nbsp}):`, 'g') },
  { name: 'U+00A0 NO-BREAK SPACE before %', pattern: new RegExp(`(?<!\\S${nbsp})%`, 'g') },
  { name: 'U+00A0 NO-BREAK SPACE after «', pattern: new RegExp(`«(?!${nbsp}\\S)`, 'g') },
  { name: 'U+00A0 NO-BREAK SPACE before »', pattern: new RegExp(`(?<!\\S${nbsp})»`, 'g') },
  { name: 'the ellipsis character …, not ...', pattern: /\.\.\./g },
  { name: 'no space before …', pattern: /\s…/g },
  { name: 'no space before , or .', pattern: /\s[,.]/g },
  { name: 'the dash – (U+2013) between words, not a hyphen', pattern: /\s-\s/g },
];

/** One term for one thing in each language (docs/decisions/0019-texts-that-follow-the-settings.md): a language without rules yet has none to break. */
const terminology: Partial<Record<Language, Rule[]>> = {
  de: [
    { name: 'Fünftagewoche (Duden), not Fünf-Tage-Woche', pattern: /Fünf-Tage-Woche/g },
    { name: 'Côte d’Ivoire with the apostrophe ’', pattern: /Côte d'Ivoire/g },
  ],
  en: [
    { name: 'email, not e-mail', pattern: /\be-mail/gi },
    { name: 'Côte d’Ivoire with the apostrophe ’', pattern: /Côte d'Ivoire/g },
    // The button word "Customize" stays as docs/contract.md#control-names writes it.
    {
      name: 'British spelling: -ise, not -ize',
      pattern: /\b(?!(?:Customize|size[sd]?|maize|prizes?|seize[sd]?)\b)[a-z]+iz(?:e|es|ed|ing|ations?)\b/gi,
    },
    {
      name: 'British spelling: colour, centre, behaviour, favour, labour, defence, catalogue',
      pattern: /\b(?:colors?|centers?|behaviors?|favors?|labor|defense|catalog)\b/gi,
    },
    { name: 'plain English, not "from a single source" (aus einer Hand)', pattern: /single source/gi },
  ],
  fr: [
    { name: 'newsletter, not lettre d’information', pattern: /lettres? d’information/gi },
    { name: 'adresse électronique for the address, e-mail for the message, never courriel', pattern: /courriel/gi },
    { name: 'offres d’emploi, not postes ouverts or postes à pourvoir', pattern: /postes? (ouverts?|à pourvoir)/gi },
    { name: 'télétravail, not travail mobile', pattern: /travail mobile/gi },
    { name: 'job titles end in (H/F/D), as the German ones in (m/w/d)', pattern: /\(H\/F\)/g },
  ],
};

/** Addresses and placeholders are not prose: `https://`, `{{company.email}}`. */
const prose = (text: string) => text.replace(/https?:\/\/\S+/g, 'URL').replace(/\{\{[^}]*\}\}/g, 'X');

interface Violation {
  /** `<where> – <rule>`. */
  entry: string;
  around: string;
}

function violationsOf(lng: Language, rules: Rule[]): Violation[] {
  return texts[lng].flatMap(({ where, text }) =>
    rules.flatMap((rule) =>
      [...prose(text).matchAll(rule.pattern)].map((match) => ({
        entry: `${where} – ${rule.name}`,
        around: prose(text).slice(Math.max(0, match.index - 20), match.index + 20),
      })),
    ),
  );
}

/** What a failing test prints: where, which rule, and the text around the place. */
const reported = (violations: Violation[]) => violations.map(({ entry, around }) => `${entry}: …${around}…`);

describe('French typography', () => {
  it('finds the French texts of every locale file and every job', () => {
    expect(texts.fr.some(({ where }) => where.startsWith('fr/common.json'))).toBe(true);
    expect(texts.fr.some(({ where }) => where.startsWith(`jobs-fr.ts ${jobIds.at(-1)}.`))).toBe(true);
  });

  for (const rule of frenchRules) {
    it(rule.name, () => {
      expect(reported(violationsOf('fr', [rule]))).toEqual([]);
    });
  }
});

describe('terminology', () => {
  for (const lng of languageCodes) {
    it(`${lng} uses one term for one thing`, () => {
      expect(reported(violationsOf(lng, terminology[lng] ?? []))).toEqual([]);
    });
  }
});
