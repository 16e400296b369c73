import { defineConfig } from 'vitest/config';

/**
 * Three projects under one `vitest run`: fast unit/API tests (temporary databases, Fastify
 * inject) and browser tests that drive Debian's Chromium against the production build run
 * together; then the load tests (soak, crash, a login burst timed against a 200 ms budget) run
 * alone, one file at a time, so no other test's load skews their timings.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/e2e/**', '**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['src/e2e/**/*.test.ts'],
          exclude: ['src/e2e/load/**', '**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
          globalSetup: ['src/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'load',
          include: ['src/e2e/load/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          globalSetup: ['src/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
