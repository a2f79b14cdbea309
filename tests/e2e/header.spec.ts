import { jobVisit, visitHref, visitLabel, type Visit } from './support/addresses';
import { expect, test } from './support/test';

test.describe('the header marks where the visitor is', () => {
  for (const [visit, item, current] of [
    [{ id: 'careers' }, 'Careers', 'page'],
    [{ id: 'jobs' }, 'Careers', 'true'],
    [jobVisit('job-002'), 'Careers', 'true'],
    [{ id: 'application-process' }, 'Careers', 'true'],
    [{ id: 'services' }, 'Services', 'page'],
    [{ id: 'logistics' }, 'Services', 'true'],
    [{ id: 'contact' }, 'Contact', 'page'],
  ] as const satisfies readonly (readonly [Visit, string, string])[]) {
    test(`${visitLabel(visit)}: ${item} (${current})`, async ({ page }) => {
      await page.goto(visitHref(visit, 'en'));
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).first();
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveAttribute('aria-current', current);
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    });
  }
});
