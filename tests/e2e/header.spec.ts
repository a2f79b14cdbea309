import { isInSection, mainNavPages, sitePages } from '../../common/site-pages';
import { jobVisit, someJob, visitHref, visitLabel, type Visit } from './support/addresses';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

const lng = 'en';
const names = localeTexts(lng, 'common').pages;

/** Every page of the registry that belongs to a navigation item, and a job: the item is marked as the page or its section. */
const visits: Visit[] = [...sitePages.map((page) => ({ id: page.id })), jobVisit(someJob)];

test.describe('the header marks where the visitor is', () => {
  for (const visit of visits) {
    const page = visit.id === 'not-found' ? undefined : sitePages.find((candidate) => candidate.id === visit.id);
    const item = mainNavPages.find((candidate) => isInSection(candidate.id, page));
    if (!item) continue;
    const current = item.id === visit.id && !('variant' in visit && visit.variant) ? 'page' : 'true';
    test(`${visitLabel(visit)}: ${item.id} (${current})`, async ({ page: tab }) => {
      await tab.goto(visitHref(visit, lng));
      const nav = tab
        .getByRole('banner')
        .getByRole('navigation', { name: localeTexts(lng, 'common').nav.label })
        .first();
      await expect(nav.getByRole('link', { name: names[item.id], exact: true })).toHaveAttribute(
        'aria-current',
        current,
      );
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    });
  }
});
