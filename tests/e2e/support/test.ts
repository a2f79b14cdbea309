import { test as base, expect, type Page } from '@playwright/test';

interface Fixtures {
  /** Console messages and CSP violations a test expects (matched by substring); anything else fails it. */
  allowConsoleErrors: string[];
  /** False for tests of the page before (or without) hydration. */
  waitForHydration: boolean;
  /** Every `securitypolicyviolation` event the page fired, as `CSP violation: <directive> blocked <what> at <where>`. */
  cspViolations: string[];
  consoleGuard: undefined;
}

declare global {
  interface Window {
    __reportCspViolation?: (violation: string) => void;
  }
}

/** Waits until React has hydrated the page (RootLayout sets `data-app-ready` on <html>). */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/**
 * - `page.goto` and `page.reload` resolve once the page is interactive, so a
 *   test never clicks a control before React listens to it.
 * - Every test fails on a console error, an uncaught exception or a CSP
 *   violation it did not announce: hydration mismatches, blocked scripts and
 *   styles, and crashes all show up there. CSP violations are caught twice:
 *   as Chromium's console message and as the page's `securitypolicyviolation` event.
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
  cspViolations: async ({ page }, use) => {
    const violations: string[] = [];
    await page.exposeBinding('__reportCspViolation', (_source, violation: string) => void violations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          window.__reportCspViolation?.(
            `CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} at ${event.sourceFile}:${event.lineNumber}`,
          ),
        { capture: true },
      );
    });
    await use(violations);
  },
  consoleGuard: [
    async ({ page, allowConsoleErrors, cspViolations }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const text = message.text();
        if (message.type() === 'warning' && !/hydrat|Content Security Policy|React/i.test(text)) return;
        if (allowConsoleErrors.some((allowed) => text.includes(allowed))) return;
        problems.push(`${message.type()}: ${text}`);
      });
      page.on('pageerror', (error) => {
        if (allowConsoleErrors.some((allowed) => error.message.includes(allowed))) return;
        problems.push(`uncaught: ${error.message}`);
      });
      await use(undefined);
      const violations = cspViolations.filter(
        (violation) => !allowConsoleErrors.some((allowed) => violation.includes(allowed)),
      );
      expect([...problems, ...violations], 'console errors and CSP violations during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
