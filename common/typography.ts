import type { Language } from './languages';

/**
 * The typography and terminology rules of the texts, in one place: the checks of the locale
 * files (src/content/locales/typography.test.ts) and the editor at /admin/, which fixes what
 * can be fixed on saving and refuses the rest with the rule's name.
 */
export interface TypographyRule {
  name: string;
  /** Finds each place that breaks the rule. */
  pattern: RegExp;
  /** What the editor does about it when saving; a rule without one is refused with its name. */
  fix?: (text: string) => string;
}

const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

/**
 * French typography as the Imprimerie nationale sets it: U+202F before ; ! ?,
 * U+00A0 before : and % and inside « », the one-character ellipsis without a
 * space before it. The space must follow a word, so a doubled space fails too.
 */
export const frenchTypography: TypographyRule[] = [
  { name: 'apostrophe ’ (U+2019), not U+0027', pattern: /'/g, fix: (text) => text.replaceAll("'", '’') },
  {
    name: `U+202F NARROW NO-BREAK SPACE before ; ! ?`,
    pattern: new RegExp(`(?<!\\S${narrowNbsp})[;!?]`, 'g'),
    fix: (text) => text.replace(/(\S)\s*([;!?])/g, `$1${narrowNbsp}$2`),
  },
  {
    name: 'U+00A0 NO-BREAK SPACE before :',
    pattern: new RegExp(`(?<!\\S${nbsp}):`, 'g'),
    fix: (text) => text.replace(/(\S)\s*:/g, `$1${nbsp}:`),
  },
  {
    name: 'U+00A0 NO-BREAK SPACE before %',
    pattern: new RegExp(`(?<!\\S${nbsp})%`, 'g'),
    fix: (text) => text.replace(/(\S)\s*%/g, `$1${nbsp}%`),
  },
  {
    name: 'U+00A0 NO-BREAK SPACE after «',
    pattern: new RegExp(`«(?!${nbsp}\\S)`, 'g'),
    fix: (text) => text.replace(/«\s*(\S)/g, `«${nbsp}$1`),
  },
  {
    name: 'U+00A0 NO-BREAK SPACE before »',
    pattern: new RegExp(`(?<!\\S${nbsp})»`, 'g'),
    fix: (text) => text.replace(/(\S)\s*»/g, `$1${nbsp}»`),
  },
  { name: 'the ellipsis character …, not ...', pattern: /\.\.\./g, fix: (text) => text.replaceAll('...', '…') },
  { name: 'no space before …', pattern: /\s…/g, fix: (text) => text.replace(/\s+…/g, '…') },
  { name: 'no space before , or .', pattern: /\s[,.]/g, fix: (text) => text.replace(/\s+([,.])/g, '$1') },
  {
    name: 'the dash – (U+2013) between words, not a hyphen',
    pattern: /\s-\s/g,
    fix: (text) => text.replace(/\s-\s/g, ' – '),
  },
];

/* eslint-disable no-restricted-syntax -- the rules of a language's typography and terminology are facts of that language */

/** The typography a language is set in, besides its terminology: French sets spaces before some signs. */
const typographyOf: Partial<Record<Language, TypographyRule[]>> = { fr: frenchTypography };

/** One term for one thing in each language: a language without rules yet has none to break. */
export const terminology: Partial<Record<Language, TypographyRule[]>> = {
  de: [
    { name: 'Fünftagewoche (Duden), not Fünf-Tage-Woche', pattern: /Fünf-Tage-Woche/g },
    { name: 'Côte d’Ivoire with the apostrophe ’', pattern: /Côte d'Ivoire/g },
    // A Werktag includes Saturday; what the texts promise is counted in business days (docs/product.md).
    { name: 'Arbeitstag, not Werktag', pattern: /Werktag/g },
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

/* eslint-enable no-restricted-syntax */

/** Addresses, placeholders and nestings are not prose: `https://`, `{{company.email}}`, `$t(common:pages.about)`. */
export const prose = (text: string) =>
  text
    .replace(/https?:\/\/\S+/g, 'URL')
    .replace(/\{\{[^}]*\}\}/g, 'X')
    .replace(/\$t\([^)]*\)/g, 'X');

/** What is not prose in a text, left as it is by the fixes: addresses, placeholders, nestings, tags. */
const untouchable = /https?:\/\/\S+|\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[a-zA-Z][\w-]*>/g;

/** A text with every fixable rule of its language's typography applied to its prose; placeholders, nestings, tags and addresses untouched. */
export function fixTypography(lng: Language, text: string): string {
  const rules = typographyOf[lng] ?? [];
  if (rules.length === 0) return text;
  const kept: string[] = [];
  const masked = text.replace(untouchable, (found) => `\u{F0000}${kept.push(found) - 1}\u{F0001}`);
  const fixed = rules.reduce((current, rule) => rule.fix?.(current) ?? current, masked);
  return fixed.replace(/\u{F0000}(\d+)\u{F0001}/gu, (_, index: string) => kept[Number(index)] ?? '');
}

/** The rules a text of a language breaks, each with the text around the first place. */
export function brokenRules(lng: Language, text: string): { rule: string; around: string }[] {
  const rules = [...(typographyOf[lng] ?? []), ...(terminology[lng] ?? [])];
  const readable = prose(text);
  return rules.flatMap((rule) => {
    const match = readable.match(new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '')));
    if (!match || match.index === undefined) return [];
    return [{ rule: rule.name, around: readable.slice(Math.max(0, match.index - 20), match.index + 20) }];
  });
}
