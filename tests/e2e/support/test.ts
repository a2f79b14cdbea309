import { test as base, expect, type Page } from '@playwright/test';

interface Fixtures {
  /** Console messages a test expects (matched by substring); anything else fails it. */
  allowConsoleErrors: string[];
  /** False for tests of the page before (or without) hydration. */
  waitForHydration: boolean;
  consoleGuard: undefined;
}

/** Waits until React has hydrated the page (RootLayout sets `data-app-ready` on <html>). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * - `page.goto` and `page.reload` resolve once the page is interactive, so a
 *   test never clicks a control before React listens to it.
 * - Every test fails on a console error or an uncaught exception it did not
 *   announce: hydration mismatches, CSP violations and crashes all show up there.
 */
export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  waitForHydration: [true, { option: true }],
  page: async ({ page, javaScriptEnabled, waitForHydration }, use) => {
    if (javaScriptEnabled && waitForHydration) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await waitForApp(page);
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await waitForApp(page);
        return response;
      };
    }
    await use(page);
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const text = message.text();
        if (message.type() === 'warning' && !/hydrat|Content Security Policy|React/i.test(text)) return;
        if (allowConsoleErrors.some((allowed) => text.includes(allowed))) return;
        problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use(undefined);
      expect(problems, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
