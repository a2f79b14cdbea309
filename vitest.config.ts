import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Tests run the components on React itself, as development does (see vite.config.ts).
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'client',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            setupFiles: ['src/test/setup.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'server',
            environment: 'node',
            include: ['common/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
            globalSetup: ['server/test/global-setup.ts'],
            // Server tests share one PostgreSQL when TEST_DATABASE=postgres; files run one at a time.
            fileParallelism: process.env.TEST_DATABASE !== 'postgres',
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ],
    },
  }),
);
