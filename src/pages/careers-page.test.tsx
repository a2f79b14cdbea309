import { describe, expect, it } from 'vitest';
import { employment } from '../../common/employment';
import { pageHref } from '../../common/page-urls';
import { languageCodes } from '../../common/languages';
import { headingTexts, renderFinishedPage } from '../test/page-text';
import { renderWithProviders, textsOf } from '../test/render';
import CareersPage from './careers-page';

const ns = 'careers';

/** The section (a landmark region) headed by `title`. */
function section(title: string): HTMLElement {
  const heading = [...document.querySelectorAll('h2')].find((element) => element.textContent === title);
  const region = heading?.closest<HTMLElement>('section');
  expect(region, title).toBeTruthy();
  expect(region).toHaveAttribute('aria-labelledby', heading?.id);
  return region as HTMLElement;
}

const cardTitles = (region: HTMLElement) => [...region.querySelectorAll('h3')].map((heading) => heading.textContent);

describe.each(languageCodes)('CareersPage in %s', (lng) => {
  const t = textsOf(lng);
  const titles = {
    culture: t(($) => $.culture.title, { ns }),
    principles: t(($) => $.principles.title, { ns }),
    benefits: t(($) => $.benefits.title, { ns }),
    sustainability: t(($) => $.sustainability.title, { ns }),
    openings: t(($) => $.openings.title, { ns }),
  };

  it('shows culture, its principles, benefit groups and commitments, each a card', () => {
    renderFinishedPage(<CareersPage />, { lng, path: pageHref('careers', lng) });
    expect(headingTexts('h2')).toEqual(Object.values(titles));
    expect(section(titles.culture).querySelectorAll('p').length).toBe(
      t(($) => $.culture.paragraphs, { ns, returnObjects: true }).length,
    );
    const titlesOf = (cards: readonly { title: string }[]) => cards.map((card) => card.title);
    expect(cardTitles(section(titles.principles))).toEqual(
      titlesOf(t(($) => $.principles.items, { ns, returnObjects: true })),
    );
    expect(cardTitles(section(titles.benefits))).toEqual(
      titlesOf(t(($) => $.benefits.groups, { ns, returnObjects: true })),
    );
    expect(cardTitles(section(titles.sustainability))).toEqual(
      titlesOf(t(($) => $.sustainability.items, { ns, returnObjects: true })),
    );
  });

  it('offers the product’s benefits with the numbers of common/employment.ts', () => {
    renderWithProviders(<CareersPage />, { lng, path: pageHref('careers', lng) });
    const benefits = [...section(titles.benefits).querySelectorAll('li')].map((item) => item.textContent ?? '');
    for (const value of [employment.leaveDays, employment.developmentDays, employment.mobileWorkPercent])
      expect(
        benefits.some((benefit) => new RegExp(`(?<!\\d)${value}(?!\\d)`).test(benefit)),
        `${value}`,
      ).toBe(true);
  });

  it('links to the open positions and the application process', () => {
    renderWithProviders(<CareersPage />, { lng, path: pageHref('careers', lng) });
    const hrefs = [...section(titles.openings).querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([pageHref('jobs', lng), pageHref('application-process', lng)]);
    expect(
      document.querySelector('h1')?.parentElement?.querySelector(`a[href="${pageHref('jobs', lng)}"]`),
    ).not.toBeNull();
  });
});
