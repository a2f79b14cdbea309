import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { company } from '../../common/company';
import { languageCodes } from '../../common/languages';
import { expectNumberedSections, pageTitle, renderFinishedPage, tableOfContentsLinks } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import TermsPage, { termsSectionIds } from './terms-page';

const expected = {
  de: {
    title: 'Nutzungsbedingungen',
    toc: 'Inhalt',
    age: /mindestens 18 Jahre alt/,
    law: /Recht der Bundesrepublik Deutschland/,
    courts: /Gerichtsstand .* ist Berlin/,
  },
  en: {
    title: 'Terms of Use',
    toc: 'Contents',
    age: /aged 18 or over/,
    law: /law of the Federal Republic of Germany/,
    courts: /courts of Berlin have jurisdiction/,
  },
  fr: {
    title: 'Conditions d’utilisation',
    toc: 'Sommaire',
    age: /au moins 18 ans/,
    law: /droit de la République fédérale d’Allemagne/,
    courts: /tribunaux de Berlin sont compétents/,
  },
} as const;

describe('TermsPage', () => {
  for (const lng of languageCodes) {
    describe(`in ${lng}`, () => {
      it('shows ten numbered sections, each reachable from the table of contents', () => {
        renderFinishedPage(<TermsPage />, { lng, path: '/terms' });
        expect(pageTitle()).toBe(expected[lng].title);
        const headings = expectNumberedSections(10);
        const entries = tableOfContentsLinks(expected[lng].toc);
        expect(entries.map((link) => link.getAttribute('href'))).toEqual(termsSectionIds.map((id) => `#${id}`));
        entries.forEach((link, index) => {
          const section = document.getElementById(termsSectionIds[index] ?? '');
          expect(section).toContainElement(headings[index] ?? null);
          expect(link).toHaveTextContent(headings[index]?.textContent ?? '');
        });
      });

      it('sets the minimum age of 18, German law and the courts of Berlin', () => {
        renderWithProviders(<TermsPage />, { lng, path: '/terms' });
        expect(document.getElementById('minimum-age')).toHaveTextContent(expected[lng].age);
        const lawSection = document.getElementById('governing-law');
        expect(lawSection).toHaveTextContent(expected[lng].law);
        expect(lawSection).toHaveTextContent(expected[lng].courts);
      });

      it('names the provider with working links to the legal notice, e-mail and phone', () => {
        renderWithProviders(<TermsPage />, { lng, path: '/terms' });
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
