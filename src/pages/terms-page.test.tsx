import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { plainPageName } from '../../common/site-pages';
import { expectNumberedSections, pageTitle, renderFinishedPage, tableOfContentsLinks } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import TermsPage, { termsSectionIds } from './terms-page';

const country = (lng: string) => new Intl.DisplayNames([lng], { type: 'region' }).of(company.countryCode) ?? '';

describe('TermsPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      const t = textsOf(lng);
      it('shows ten numbered sections, each reachable from the table of contents', () => {
        renderFinishedPage(<TermsPage />, { lng, path: pageHref('terms', lng) });
        expect(pageTitle()).toBe(plainPageName(t(($) => $.pages.terms)));
        const headings = expectNumberedSections(10);
        const entries = tableOfContentsLinks(t(($) => $.toc, { ns: 'terms' }));
        expect(entries.map((link) => link.getAttribute('href'))).toEqual(termsSectionIds.map((id) => `#${id}`));
        entries.forEach((link, index) => {
          const section = document.getElementById(termsSectionIds[index] ?? '');
          expect(section).toContainElement(headings[index] ?? null);
          expect(link).toHaveTextContent(headings[index]?.textContent ?? '');
        });
      });

      it('sets the minimum age of common/company.ts, German law and the courts of the company’s seat', () => {
        renderWithProviders(<TermsPage />, { lng, path: pageHref('terms', lng) });
        expect(document.getElementById('minimum-age')?.textContent).toMatch(
          new RegExp(`(?<!\\d)${company.minimumAge}(?!\\d)`),
        );
        const lawSection = document.getElementById('governing-law');
        expect(lawSection).toHaveTextContent(country(lng));
        expect(lawSection).toHaveTextContent(company.jurisdiction);
      });

      it('names the provider with working links to the legal notice, e-mail and phone', () => {
        renderWithProviders(<TermsPage />, { lng, path: pageHref('terms', lng) });
        const section = document.getElementById('provider');
        expect(section).toHaveTextContent(company.name);
        const provider = within(section ?? document.body);
        expect(provider.getByRole('link', { name: company.email })).toHaveAttribute('href', `mailto:${company.email}`);
        expect(provider.getByRole('link', { name: company.phone })).toHaveAttribute('href', company.phoneHref);
        expect(provider.getAllByRole('link').some((link) => link.getAttribute('href') === pageHref('legal', lng))).toBe(
          true,
        );
      });
    });
  }
});
