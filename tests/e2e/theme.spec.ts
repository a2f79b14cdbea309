import { pageHref } from '../../common/page-urls';
import { localeTexts } from './support/locales';
import { expect, test } from './support/test';

const { theme } = localeTexts('en', 'common');

test.describe('theme toggle', () => {
  test('switches to dark and back, storing the choice', async ({ page }) => {
    await page.goto(pageHref('home', 'en'));
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: theme.switchToDark }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(17, 20, 18)');

    await page.getByRole('button', { name: theme.switchToLight }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a stored dark theme applies before the first paint, with no flash', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      // Record the theme at the first paint-relevant moment: when <body> appears.
      new MutationObserver((_records, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: boolean }).themeAtBody =
          document.documentElement.classList.contains('dark');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(pageHref('home', 'en'));
    expect(await page.evaluate(() => (window as unknown as { themeAtBody?: boolean }).themeAtBody)).toBe(true);
    await expect(page.getByRole('button', { name: theme.switchToLight })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });

  test('starts light even when the system prefers dark', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(pageHref('home', 'en'));
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: theme.switchToDark })).toBeVisible();
    await context.close();
  });
});
