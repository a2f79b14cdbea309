import { expect } from 'vitest';
import { company } from '../../common/company';
import type { Language } from '../../common/languages';
import { renderWithProviders } from './render';

/**
 * A rendered page shows finished text: no leftover markup such as `<mail>`,
 * no uninterpolated `{{placeholder}}` and exactly one h1.
 */
export function expectFinishedPage(): void {
  const text = document.body.textContent ?? '';
  expect(text).not.toMatch(/<\/?[a-z][\w-]*>|\{\{|\}\}/i);
  expect(document.querySelectorAll('h1')).toHaveLength(1);
}

/** The h2 headings that carry a section number ("3. Use of the website"), in document order. */
export function numberedSectionHeadings(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('h2')].filter((heading) =>
    /^\d+\.\s/.test(heading.textContent ?? ''),
  );
}

/** Expects headings numbered 1…n in order, each the heading of an item of an ordered list. */
export function expectNumberedSections(count: number): HTMLElement[] {
  const headings = numberedSectionHeadings();
  expect(headings.map((heading) => Number.parseInt(heading.textContent ?? '', 10))).toEqual(
    Array.from({ length: count }, (_, index) => index + 1),
  );
  for (const heading of headings) expect(heading.closest('ol > li'), heading.textContent ?? '').not.toBeNull();
  return headings;
}

/**
 * The links of the table of contents titled `title`: a navigation landmark named
 * by its heading. (Role queries are slow on pages this long, so elements are used.)
 */
export function tableOfContentsLinks(title: string): HTMLAnchorElement[] {
  const heading = [...document.querySelectorAll('h2')].find((element) => element.textContent === title);
  const nav = heading?.closest('nav');
  expect(nav, `navigation titled ${title}`).toBeTruthy();
  expect(nav).toHaveAttribute('aria-labelledby', heading?.id);
  return [...(nav?.querySelectorAll('a') ?? [])];
}

/** The page's h1 as read, without the soft hyphens that let long German words break. */
export function pageTitle(): string {
  return (document.querySelector('h1')?.textContent ?? '').replace(/\u00ad/g, '');
}

/** The texts of the page's headings of one level, in document order. */
export function headingTexts(level: 'h2' | 'h3'): (string | null)[] {
  return [...document.querySelectorAll(level)].map((heading) => heading.textContent);
}

/** Expects the page's postal address to be the company's, with the country named in the page's language. */
export function expectCompanyAddress(lng: Language): void {
  const address = document.querySelector('address');
  const country = new Intl.DisplayNames([lng], { type: 'region' }).of(company.countryCode) ?? '';
  expect(country).not.toBe(company.countryCode);
  for (const line of [company.name, company.streetAddress, `${company.postCode} ${company.city}`, country]) {
    expect(address).toHaveTextContent(line);
  }
}

/** Renders a page as the prerenderer does and expects finished text (see expectFinishedPage). */
export function renderFinishedPage(...args: Parameters<typeof renderWithProviders>): void {
  renderWithProviders(...args);
  expectFinishedPage();
}

/** A text as toHaveTextContent compares it: without its rich-text tags, every run of white space (no-break spaces included) as one space. */
export const asShown = (text: string) =>
  text
    .replace(/<\/?[a-z][\w-]*>/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
