import { pageHref } from '../../common/page-urls';
import { skipCookieBanner } from './support/consent';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 800 } });

test.describe('mobile menu', () => {
  test('replaces the navigation below 768 px', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('opens with focus on its first item and closes on Escape', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on an outside click and after choosing a page', async ({ page }) => {
    // The outside click lands where the cookie banner would be.
    await skipCookieBanner(page);
    await page.goto(pageHref('home', 'en'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(pageHref('careers', 'en'));
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  });
});
