import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageHref } from '../../common/page-urls';
import { languageCodes } from '../../common/languages';
import { headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders } from '../test/render';
import CareersPage from './careers-page';

const expected = {
  de: {
    sections: {
      culture: 'Unsere Kultur',
      principles: 'Unsere Grundsätze',
      benefits: 'Was wir bieten',
      sustainability: 'Nachhaltigkeit',
      openings: 'Offene Stellen',
    },
    leave: '25 Tage bezahlter Urlaub im Jahr bei einer Fünftagewoche',
    development: '2 zusätzliche Tage im Jahr für Ihre persönliche Weiterentwicklung',
    mobile: 'Mobiles Arbeiten bis zu 20 % der Arbeitszeit',
  },
  en: {
    sections: {
      culture: 'Our culture',
      principles: 'Our principles',
      benefits: 'What we offer',
      sustainability: 'Sustainability',
      openings: 'Open positions',
    },
    leave: '25 days of paid leave a year on a five-day week',
    development: '2 additional days a year for your personal development',
    mobile: 'Mobile working for up to 20% of your working time',
  },
  fr: {
    sections: {
      culture: 'Notre culture',
      principles: 'Nos principes',
      benefits: 'Ce que nous offrons',
      sustainability: 'Développement durable',
      openings: 'Offres d’emploi',
    },
    leave: '25 jours de congés payés par an sur la base d’une semaine de cinq jours',
    development: '2 jours supplémentaires par an consacrés à votre développement personnel',
    mobile: 'Télétravail jusqu’à 20 % du temps de travail',
  },
} as const;

/** The section (a landmark region) headed by `title`. */
function section(title: string): HTMLElement {
  const heading = [...document.querySelectorAll('h2')].find((element) => element.textContent === title);
  const region = heading?.closest<HTMLElement>('section');
  expect(region, title).toBeTruthy();
  expect(region).toHaveAttribute('aria-labelledby', heading?.id);
  return region as HTMLElement;
}

const cardTitles = (region: HTMLElement) => [...region.querySelectorAll('h3')].map((heading) => heading.textContent);

describe('CareersPage', () => {
  for (const lng of languageCodes) {
    const text = expected[lng];

    it(`shows culture, four principles, four benefit groups and three commitments in ${lng}`, () => {
      renderFinishedPage(<CareersPage />, { lng, path: '/careers' });
      expect(headingTexts('h2')).toEqual(Object.values(text.sections));
      expect(section(text.sections.culture).querySelectorAll('p').length).toBeGreaterThanOrEqual(2);
      expect(cardTitles(section(text.sections.principles))).toHaveLength(4);
      expect(cardTitles(section(text.sections.benefits))).toHaveLength(4);
      expect(cardTitles(section(text.sections.sustainability))).toHaveLength(3);
    });

    it(`quotes the benefits of SPEC 9 in ${lng}`, () => {
      renderWithProviders(<CareersPage />, { lng, path: '/careers' });
      const benefits = within(section(text.sections.benefits));
      for (const benefit of [text.leave, text.development, text.mobile])
        expect(benefits.getByText(benefit)).toBeInTheDocument();
    });

    it(`links to the open positions and the application process in ${lng}`, () => {
      renderWithProviders(<CareersPage />, { lng, path: '/careers' });
      const hrefs = [...section(text.sections.openings).querySelectorAll('a')].map((link) => link.getAttribute('href'));
      expect(hrefs).toEqual([pageHref('jobs', lng), pageHref('application-process', lng)]);
      expect(
        document.querySelector('h1')?.parentElement?.querySelector(`a[href="${pageHref('jobs', lng)}"]`),
      ).not.toBeNull();
    });
  }
});
