import { defineConfig, devices } from '@playwright/test';
import { e2eBaseUrl } from './tests/e2e/support/environment';
import { chromiumFlags, chromiumPath } from './scripts/chromium';

/** Browser tests against the built site and the real server (see tests/e2e/support/global-setup.ts). */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: e2eBaseUrl,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
});
