import { defineConfig } from 'vitest/config';

/**
 * The everyday changes of docs/development.md, each made on a copy of the project and left
 * incomplete one part at a time (tests/changes/): each run is a Vitest run of the project's
 * own checks in that copy, so the files take minutes, not seconds.
 */
export default defineConfig({
  test: {
    name: 'changes',
    environment: 'node',
    include: ['tests/changes/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
