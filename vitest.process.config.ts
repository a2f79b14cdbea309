import { defineConfig } from 'vitest/config';

/**
 * Process tests: the built server (`npm run build` first) started as real
 * processes on one PostgreSQL with a real SMTP server, then crashed, stopped,
 * cut off from its database and put behind nginx.
 */
export default defineConfig({
  test: {
    name: 'process',
    environment: 'node',
    include: ['tests/process/**/*.test.ts'],
    globalSetup: ['tests/process/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Files wait much of their time (retry delays, expiring locks): two at once.
    maxWorkers: 2,
  },
});
