import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBin } from './scripts/postgres/test-cluster.mjs';

/**
 * Unit tests that never touch the database, or touch only SQLite's file (backups, the data
 * folder's checks, SQLite's schema text): the `unit-pg` project leaves them to `unit`.
 */
const SQLITE_ONLY_OR_NO_DATABASE = [
  'src/server/operations/backup/**',
  'src/server/operations/startup/data-dir.test.ts',
  'db/migrations/migrations.test.ts',
  'db/seed/demo-content.test.ts',
  'src/server/config.test.ts',
  'src/server/auth/guess-throttle.test.ts',
  'src/server/auth/check-slots.test.ts',
  'src/server/auth/password-hash.test.ts',
  'src/server/site/cache/response-cache.test.ts',
  'src/server/content/rendering/render-content.test.ts',
  'src/server/site/http/kept-body.test.ts',
  'src/server/content/images/process-image.test.ts',
  'src/server/newsletter/mail/mailer.test.ts',
  'src/server/newsletter/newsletter-tokens.test.ts',
  'src/server/newsletter/unsubscribe-links.test.ts',
  'src/server/site/rate-limit/fixed-window-limiter.test.ts',
  'src/server/site/pages/client-assets.test.ts',
  'src/server/site/pages/inline-scripts.test.ts',
  'src/server/content/uploads/image-type.test.ts',
  'src/server/sales/copies/epub-copy.epubcheck.test.ts',
  // These look at the files in DATA_DIR/uploads; on PostgreSQL uploads are rows (database-uploads.pg.test.ts).
  'src/server/content/uploads/upload.rest.test.ts',
  'src/server/content/uploads/unreferenced-uploads.rest.test.ts',
  'src/server/content/images/process-existing-uploads.test.ts',
];

/**
 * The API suite (repositories, routers, REST, migrations) again on PostgreSQL: a throwaway
 * cluster (scripts/postgres/test-cluster.mjs), a new database per test app. Left out, loudly,
 * only when PostgreSQL is not installed and CI started none (`npm test` installs it first).
 */
function postgresProject(): TestProjectInlineConfiguration[] {
  if (!process.env.TEST_POSTGRES_URL && !findPostgresBin()) {
    console.warn(
      '\n*** PostgreSQL is not installed: the API suite runs on SQLite only (project unit-pg skipped). ***\n' +
        '*** Install it (apt-get install -y postgresql, or npm test does) to run it on PostgreSQL too. ***\n',
    );
    return [];
  }
  return [
    {
      test: {
        name: 'unit-pg',
        include: ['src/server/**/*.test.ts', 'db/**/*.test.ts'],
        exclude: ['src/e2e/**', '**/node_modules/**', ...SQLITE_ONLY_OR_NO_DATABASE],
        environment: 'node',
        pool: 'forks',
        env: { TEST_DATABASE_ENGINE: 'postgres' },
        globalSetup: ['src/server/test-support/postgres-global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
  ];
}

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
          exclude: ['src/e2e/**', '**/node_modules/**', '**/*.pg.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...postgresProject(),
      {
        test: {
          name: 'browser',
          include: ['src/e2e/**/*.test.ts'],
          exclude: ['src/e2e/load/**', 'src/e2e/readme/**', '**/node_modules/**'],
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
      {
        // The README's `npm ci && npm start` on a clean clone (it installs and builds its own copy): last, alone.
        test: {
          name: 'readme',
          include: ['src/e2e/readme/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
