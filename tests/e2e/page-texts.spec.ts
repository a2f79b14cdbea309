import type { Page } from '@playwright/test';
import { company } from '../../common/company';
import { languageCodes, languageStorageKey, type Language } from '../../common/languages';
import { consentStorageKey } from '../../src/features/consent/consent-preferences';
import { sitePages } from '../../common/site-pages';
import { englishWordPattern } from '../../src/test/english-words';
import { visitHref, visitLabel, type Visit } from './support/addresses';
import { escapeRegExp } from './support/locales';
import { expect, test } from './support/test';

/**
 * Scans every prerendered page, as the server sends it, for texts that never
 * got translated: raw keys (`meta.title`, `sections.0`, `{{name}}`) in any
 * language, and English on German and French pages.
 */

// Names that stay as they are in every language; they are removed before the English check.
const names = [
  company.name,
  company.shortName,
  'LinkedIn',
  'Instagram',
  'X',
  'Rainforest Alliance',
  'Fairtrade',
  'Incoterms',
];

// The storage keys of docs/contract.md#storage-keys, which the privacy policy names as they are.
const technicalNames = [
  consentStorageKey,
  languageStorageKey,
  `${company.shortName}_newsletter_subscribed`,
  `${company.shortName}_newsletter_hidden`,
];

const rawKeyPatterns: [string, RegExp][] = [
  ['interpolation braces', /\{\{|\}\}/],
  ['nesting left unresolved', /\$t\(/],
  // A first segment of two or more characters: `nav.home` and `sections.0`, but not "e.g." or "z.B.".
  ['dotted key', /(?<![\p{L}\p{N}@./-])[a-z][A-Za-z0-9]+(?:\.[A-Za-z0-9_]+)+(?![\p{L}\p{N}@/-])/u],
  ['camelCase key', /(?<![\p{L}\p{N}])[a-z]+(?:[A-Z][a-z0-9]+)+(?![\p{L}\p{N}])/u],
  // Not "null": German uses it as a word ("auf null gesetzt").
  [
    'missing value',
    /(?<![\p{L}\p{N}])(?:undefined|NaN)(?![\p{L}\p{N}])|\[object Object\]|returned an object instead of string/u,
  ],
];

interface PageTexts {
  title: string;
  description: string;
  /** What a sighted visitor reads in the header, main content and footer. */
  visible: string;
  /** Texts in attributes: alternative texts, accessible names, placeholders. */
  attributes: string[];
}

async function readTexts(page: Page): Promise<PageTexts> {
  return page.evaluate(() => {
    const regions = [...document.querySelectorAll<HTMLElement>('body header, body main, body footer')].filter(
      (region) => !region.parentElement?.closest('header, main, footer'),
    );
    const attributeNames = ['alt', 'aria-label', 'aria-roledescription', 'aria-description', 'title', 'placeholder'];
    return {
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      visible: regions.map((region) => region.innerText).join('\n'),
      attributes: regions.flatMap((region) =>
        [region, ...region.querySelectorAll('*')].flatMap((element) =>
          attributeNames.map((name) => element.getAttribute(name)).filter((value): value is string => !!value),
        ),
      ),
    };
  });
}

const without = (list: readonly string[], text: string) =>
  list.reduce(
    (rest, name) => rest.replace(new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(name)}(?![\\p{L}\\p{N}_])`, 'gu'), ' '),
    text,
  );

/** Addresses, URLs and technical names are data, not words: they may contain dots and English-looking parts. */
const withoutAddresses = (text: string) =>
  without(technicalNames, text.replace(/\S+@\S+|https?:\/\/\S+|(?:www\.)?[\w-]+\.example\b/g, ' '));
const withoutNames = (text: string) => without(names, text);

function rawKeys(text: string): string[] {
  const clean = withoutAddresses(text);
  return rawKeyPatterns.flatMap(([kind, pattern]) => {
    const match = pattern.exec(clean);
    return match ? [`${kind} "${match[0]}" in "${context(clean, match.index)}"`] : [];
  });
}

function englishIn(text: string, lng: Language): string[] {
  const clean = withoutNames(withoutAddresses(text));
  return [...clean.matchAll(englishWordPattern(lng))].map(
    (match) => `"${match[0]}" in "${context(clean, match.index)}"`,
  );
}

const context = (text: string, index: number) =>
  text
    .slice(Math.max(0, index - 40), index + 40)
    .replace(/\s+/g, ' ')
    .trim();

const routes: Visit[] = [...sitePages.map((page) => ({ id: page.id })), { id: 'not-found' }];

test.describe('prerendered page texts', () => {
  test.use({ javaScriptEnabled: false, allowConsoleErrors: ['status of 404'] });

  for (const lng of languageCodes) {
    for (const route of routes) {
      test(`${visitLabel(route)} in ${lng} has no raw keys${lng === 'en' ? '' : ' and no English'}`, async ({
        page,
      }) => {
        await page.goto(visitHref(route, lng));
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        const texts = await readTexts(page);
        expect(texts.visible.length, 'visible text').toBeGreaterThan(200);
        expect(texts.description.length, 'meta description').toBeGreaterThan(0);
        const all = [texts.title, texts.description, texts.visible, ...texts.attributes];
        expect(all.flatMap(rawKeys), 'raw translation keys').toEqual([]);
        if (lng !== 'en')
          expect(
            all.flatMap((text) => englishIn(text, lng)),
            'English words',
          ).toEqual([]);
      });
    }
  }
});

test.describe('the scan itself', () => {
  test('finds raw keys and English words', () => {
    expect(rawKeys('Startseite meta.title')).toHaveLength(1);
    expect(rawKeys('sections.0')).toHaveLength(1);
    expect(rawKeys('Hallo {{name}}')).toHaveLength(1);
    expect(rawKeys('$t(common:pages.about)')).not.toEqual([]);
    expect(rawKeys('pageNotFoundTitle')).toHaveLength(1);
    expect(rawKeys('home.intro')).toHaveLength(1);
    expect(rawKeys('Schreiben Sie an info@westbridge.example, z. B. mit EUR.1 oder 1.000 Stück.')).toEqual([]);
    expect(rawKeys('e.g. GET; auf null gesetzt; im Speicher unter cookiePreferences und i18nextLng')).toEqual([]);
    expect(rawKeys('cookiePreferencesTitle und undefined')).toHaveLength(2);
    expect(englishIn('Lesen Sie more about our services', 'de')).toHaveLength(3);
    expect(englishIn('© 2026 Westbridge Trade & Services GmbH – LinkedIn, X', 'de')).toEqual([]);
    expect(englishIn('Die Thé-Sorte, das Tor, die Theorie', 'de')).toEqual([]);
    expect(englishIn('pas de for général en Allemagne', 'fr')).toEqual([]);
    expect(englishIn('kein for in Deutschland', 'de')).toHaveLength(1);
    expect(englishIn('envoyé for the team', 'fr')).toHaveLength(1);
  });
});
