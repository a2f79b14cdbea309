import { expect, test } from './support/test';

test.describe('the header marks where the visitor is', () => {
  for (const [path, item, current] of [
    ['/careers', 'Careers', 'page'],
    ['/jobs', 'Careers', 'true'],
    ['/jobs?job=job-002', 'Careers', 'true'],
    ['/application-process', 'Careers', 'true'],
    ['/services', 'Services', 'page'],
    ['/services/logistics', 'Services', 'true'],
    ['/contact', 'Contact', 'page'],
  ] as const) {
    test(`${path}: ${item} (${current})`, async ({ page }) => {
      await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=en`);
      const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' }).first();
      await expect(nav.getByRole('link', { name: item, exact: true })).toHaveAttribute('aria-current', current);
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    });
  }
});
