import { e2eBaseUrl } from './support/environment';
import { expect, test } from './support/test';

test.describe('language dropdown', () => {
  test('shows the same page in the chosen language and remembers it', async ({ page, context }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.getByRole('button', { name: 'Sprache' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('lang', 'en');
    await expect(menu.getByRole('menuitemradio', { name: 'Français' })).toHaveAttribute('lang', 'fr');
    await menu.getByRole('menuitemradio', { name: 'English' }).click();

    // The page the server prerendered in English.
    await expect(page).toHaveURL(/\/about\?lng=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About us');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('About us – Westbridge');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about\?lng=en$/);
    await expect(page.getByRole('button', { name: 'Language' })).toBeFocused();
    await expect(page.getByRole('menu')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18next')?.value).toBe('en');

    // Remembered: other pages, without ?lng=, come in English.
    await page.goto('/services');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Everything from a single source – from producer to customer',
    );
  });

  test('stores the language cookie as Secure when the page came over https, and only then', async ({
    page,
    context,
  }) => {
    const languageCookie = async (domain = '127.0.0.1') =>
      (await context.cookies()).find((cookie) => cookie.name === 'i18next' && cookie.domain === domain);
    await page.goto('/about?lng=fr');
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await languageCookie()).toMatchObject({ value: 'en', secure: false });
    await context.clearCookies();

    // The same site as if served over https: the browser takes the https address, the test server answers.
    const secureSite = 'https://www.westbridge.example';
    await context.route(`${secureSite}/**`, async (route) => {
      const url = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${e2eBaseUrl}${url.pathname}${url.search}` }) });
    });
    await page.goto(`${secureSite}/about?lng=fr`);
    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The stand-in server's own cookie follows its http settings; the app, once started, keeps the choice Secure.
    await expect.poll(() => languageCookie('www.westbridge.example')).toMatchObject({ value: 'en', secure: true });
  });

  test('closes on an outside click and on Escape, returning focus', async ({ page }) => {
    await page.goto('/?lng=en');
    const button = page.getByRole('button', { name: 'Language' });
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await button.click();
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('works with arrow keys', async ({ page }) => {
    await page.goto('/?lng=en');
    await page.getByRole('button', { name: 'Language' }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Deutsch' })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitemradio', { name: 'Français' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('button', { name: 'Langue' })).toBeFocused();
  });

  test('?lng= wins over the stored choice, and switching updates it in the address', async ({ page }) => {
    await page.goto('/about?lng=en');
    await page.goto('/about?lng=fr');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de nous');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');

    await page.getByRole('button', { name: 'Langue' }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL(/\/about\?lng=de$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Über uns');
  });

  test('follows the browser language on a first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'fr-CH' });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de nous');
    await context.close();
  });

  test('a stored language without its cookie still wins over the browser language', async ({ page, context }) => {
    await page.goto('/about?lng=fr');
    await context.clearCookies();
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('À propos de nous');
  });
});
