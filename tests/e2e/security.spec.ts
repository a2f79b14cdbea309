import { defaultLanguage } from '../../common/languages';
import { localizedPath, pageHref } from '../../common/page-urls';
import { sitePages } from '../../common/site-pages';
import { jobHref, someJob } from './support/addresses';
import { expect, test } from './support/test';

test.describe('Content Security Policy', () => {
  test('every route runs without a violation', async ({ page, cspViolations }) => {
    const paths = [...sitePages.map((entry) => pageHref(entry.id, defaultLanguage)), jobHref(someJob, defaultLanguage)];
    // Many pages in one test: a loaded machine takes seconds for each.
    test.setTimeout(paths.length * 8_000);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(cspViolations, path).toEqual([]);
    }
  });

  test.describe('on the 404 page', () => {
    // The browser reports the 404 document itself as a failed load.
    test.use({ allowConsoleErrors: ['status of 404'] });

    test('nothing is violated either', async ({ page, cspViolations }) => {
      const response = await page.goto(localizedPath('/no/such/page', 'fr'));
      expect(response?.status()).toBe(404);
      expect(cspViolations).toEqual([]);
    });
  });

  test.describe('a violation', () => {
    // This test provokes one on purpose; the guard would fail any other test on it.
    test.use({ allowConsoleErrors: ['CSP violation: script-src-elem', 'Content Security Policy'] });

    test('is blocked and seen both in the console and as an event', async ({ page, cspViolations }) => {
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      await page.goto(pageHref('home', 'en'));
      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.injectedScriptRan = true;';
        document.head.append(script);
        await new Promise((resolve) => setTimeout(resolve, 100));
        return (window as Window & { injectedScriptRan?: boolean }).injectedScriptRan === true;
      });
      expect(ran).toBe(false);
      await expect
        .poll(() => cspViolations)
        .toContainEqual(expect.stringContaining('CSP violation: script-src-elem blocked inline'));
      await expect.poll(() => consoleErrors).toContainEqual(expect.stringContaining('Content Security Policy'));
    });
  });
});

test('the site has a real favicon.ico', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
  const bytes = await response.body();
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  expect(bytes.length).toBeGreaterThan(100);
});

test('the site has a 180 × 180 apple-touch-icon.png, linked from its pages', async ({ page, request }) => {
  const response = await request.get('/apple-touch-icon.png');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/png');
  const bytes = await response.body();
  // The PNG signature, then the IHDR chunk's width and height.
  expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([180, 180]);
  await page.goto('/');
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
});
