import { mainNavPages } from '../../common/site-pages';
import { pageHref } from '../../common/page-urls';
import { skipCookieBanner } from './support/consent';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

test.use({ viewport: { width: 390, height: 800 } });

const lng = 'en';
const common = localeTexts(lng, 'common');
const [first, last] = [mainNavPages[0], mainNavPages.at(-1)];

test.describe('mobile menu', () => {
  test('replaces the navigation below 768 px', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    await expect(page.getByRole('button', { name: common.menu.open })).toBeVisible();
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeHidden();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.getByRole('button', { name: common.menu.open })).toBeHidden();
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeVisible();
  });

  test('opens with focus on its first item and closes on Escape', async ({ page }) => {
    await page.goto(pageHref('home', lng));
    const button = page.getByRole('button', { name: common.menu.open });
    await button.click();
    await expect(page.getByRole('button', { name: common.menu.close })).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: common.nav.label });
    await expect(nav.getByRole('link', { name: common.pages[first?.id ?? 'home'], exact: true })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: common.menu.open })).toBeFocused();
    await expect(page.getByRole('button', { name: common.menu.open })).toHaveAttribute('aria-expanded', 'false');
  });

  test('closes on an outside click and after choosing a page', async ({ page }) => {
    // The outside click lands where the cookie banner would be.
    await skipCookieBanner(page);
    await page.goto(pageHref('home', lng));
    await page.getByRole('button', { name: common.menu.open }).click();
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeVisible();
    await page.mouse.click(200, 700);
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeHidden();

    const target = last?.id ?? 'home';
    await page.getByRole('button', { name: common.menu.open }).click();
    await page
      .getByRole('navigation', { name: common.nav.label })
      .getByRole('link', { name: common.pages[target], exact: true })
      .click();
    await expect(page).toHaveURL(pageHref(target, lng));
    await expect(page.getByRole('navigation', { name: common.nav.label })).toBeHidden();
  });
});
