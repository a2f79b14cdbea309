import { describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { defaultLanguage, languageCodes } from '../../common/languages';
import { pageHref } from '../../common/page-urls';
import { renderWithProviders } from '../test/render';
import ApplicationProcessPage from './application-process-page';
import LegalPage from './legal-page';
import PrivacyPage from './privacy-page';
import TermsPage from './terms-page';

/**
 * German names of acts, their abbreviations and German institutions stay German on the English and
 * French pages (a reader looks them up as they are written), and are marked `lang="de"` so that a
 * screen reader says them in German (WCAG 3.1.2): `<de>…</de>` in a text, or the element itself.
 */
const germanTerm = new RegExp(
  [
    '\\b(?:AGG|ArbGG|TDDDG|HGB|BGB|UWG|AO|GmbHG|BDSG|DDG|MStV|VSBG|UStG)\\b',
    'Digitale-Dienste-Gesetz|Handelsregister|Umsatzsteuergesetz|Medienstaatsvertrag|Produkthaftungsgesetz',
    'Kaufmann|juristische Person des öffentlichen Rechts|Sondervermögen|Erfüllungsgehilfen|Kardinalpflicht',
    company.registerCourt,
  ].join('|'),
  'gu',
);

const pages = {
  privacy: PrivacyPage,
  terms: TermsPage,
  legal: LegalPage,
  'application-process': ApplicationProcessPage,
} as const;

/** Each German term in the page's text, with the language of the element that holds it. */
function germanTermsIn(root: HTMLElement): { term: string; lang: string | null }[] {
  const found: { term: string; lang: string | null }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const [term] of (node.textContent ?? '').matchAll(germanTerm))
      found.push({ term, lang: node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? null });
  }
  return found;
}

describe.each(languageCodes.filter((lng) => lng !== defaultLanguage))('German terms on the %s pages', (lng) => {
  it.each(Object.keys(pages) as (keyof typeof pages)[])('are marked lang="de" on %s', (id) => {
    const Page = pages[id];
    // The page's own language on a root element, as <html lang> gives it in the built page.
    const { container } = renderWithProviders(
      <div lang={lng}>
        <Page />
      </div>,
      { lng, path: pageHref(id, lng) },
    );
    const terms = germanTermsIn(container);
    expect(terms.filter(({ lang }) => lang !== defaultLanguage).map(({ term }) => term)).toEqual([]);
    if (id === 'privacy' || id === 'legal') expect(terms.length).toBeGreaterThan(0);
  });
});
