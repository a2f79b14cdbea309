import { describe, expect, it } from 'vitest';
import { languageCodes, type Language } from '../../../common/languages';
import { localeTexts, type LocaleText } from '../../test/locale-texts';
import { jobIds } from '../jobs/jobs';
import { frenchTypography as frenchRules, prose, terminology, type TypographyRule } from '../../../common/typography';

const texts = Object.fromEntries(languageCodes.map((lng) => [lng, localeTexts(lng)] as const)) as Record<
  Language,
  LocaleText[]
>;

type Rule = TypographyRule;

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

/**
 * Job texts address every applicant: a German or French text does not call the reader by a
 * masculine job title ("Als IT-Manager verantworten Sie", « En tant que consultant »); the
 * titles themselves carry (m/w/d) and (H/F/D).
 */
describe('job texts address every applicant', () => {
  const addressedByTitle: Partial<Record<Language, RegExp>> = {
    de: /\bAls [\p{Lu}][\p{L}-]*(?: [\p{Lu}][\p{L}-]*)? (?:sind|verbinden|verantworten|arbeiten|leiten|unterstützen|betreuen) Sie\b/u,
    fr: /\bEn tant que (?:consultant|directeur|chef|responsable commercial|ingénieur|développeur)\b/u,
  };
  for (const [lng, pattern] of Object.entries(addressedByTitle) as [Language, RegExp][]) {
    it(`in ${lng}`, () => {
      const jobs = texts[lng].filter(({ where }) => where.startsWith(`jobs-${lng}.ts`));
      expect(jobs.length).toBeGreaterThan(0);
      expect(jobs.filter(({ text }) => pattern.test(text)).map(({ where }) => where)).toEqual([]);
    });
  }
});
