import { defineConfig } from 'vitest/config';

/**
 * Two projects under one `vitest run`: fast unit/API tests (temporary databases, Fastify
 * inject), and browser tests that drive Debian's Chromium against the production build.
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
          environment: 'node',
          pool: 'forks',
          globalSetup: ['src/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
