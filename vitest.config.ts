import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findPostgresBin } from './scripts/postgres/test-cluster.mjs';

/**
 * `unit-pg` runs again on PostgreSQL every server test that reaches SQL: repositories, routers and
 * their REST contract, search, the rate limits and login throttle (counted in the database there),
 * uploads and gift files (rows there), jobs, mail queues, imports and exports, migrations. New test
 * files join it by default. The rule for leaving it: the file runs no SQL whose result could differ
 * by engine. Each list below says why its files qualify; the `unit` project runs them all.
 */

/** No database at all: pure logic (parsers, renderers, limiters in memory, config, file helpers, the image encoder's child process, outbound fetches). */
const NO_DATABASE = [
  'db/seed/demo-content.test.ts',
  'src/server/analytics/analytics-routes.test.ts',
  'src/server/architecture-doc.test.ts',
  'src/server/auth/admin-key.test.ts',
  'src/server/auth/check-slots.test.ts',
  'src/server/auth/guess-throttle.test.ts',
  'src/server/auth/password-hash.test.ts',
  'src/server/config.test.ts',
  'src/server/content/images/process-image.test.ts',
  'src/server/content/images/variant-encoder.test.ts',
  'src/server/content/rendering/content-structures.test.ts',
  'src/server/content/rendering/excerpt-preview.test.ts',
  'src/server/content/rendering/render-content.test.ts',
  'src/server/content/search/fts5-query.test.ts',
  'src/server/content/search/highlight.test.ts',
  'src/server/content/search/match-marks.test.ts',
  'src/server/content/search/tsquery.test.ts',
  'src/server/content/uploads/image-type.test.ts',
  'src/server/deliverability/intake-slots.test.ts',
  'src/server/fediverse/delivery-retry.test.ts',
  'src/server/import-circles.test.ts',
  'src/server/import-export/cli.test.ts',
  'src/server/import-export/html-to-markdown.test.ts',
  'src/server/import-export/markdown-converter.test.ts',
  'src/server/import-export/ndjson-file.test.ts',
  'src/server/import-export/sources/ghost.test.ts',
  'src/server/import-export/summary-recorder.test.ts',
  'src/server/import-export/text-chunks.test.ts',
  'src/server/newsletter/issues/issue-email.test.ts',
  'src/server/newsletter/mail/mail-setup-guide.test.ts',
  'src/server/newsletter/mail/mailer.test.ts',
  'src/server/newsletter/mail/outbox-cleanup.test.ts',
  'src/server/newsletter/newsletter-tokens.test.ts',
  'src/server/newsletter/send-queue/send-outcome.test.ts',
  'src/server/newsletter/unsubscribe-links.test.ts',
  'src/server/operations/backup/backup-schedule.test.ts',
  'src/server/sales/copies/epub-copy.epubcheck.test.ts',
  'src/server/site/cache/cached-body.test.ts',
  'src/server/site/cache/public-cache.test.ts',
  'src/server/site/downloads/write-part-file.test.ts',
  'src/server/site/http/conditional-get.test.ts',
  'src/server/site/http/safe-fetch.test.ts',
  'src/server/site/pages/client-assets.test.ts',
  'src/server/site/pages/inline-scripts.test.ts',
  'src/server/site/rate-limit/address-group.test.ts',
  'src/server/site/rate-limit/fixed-window-limiter.test.ts',
  'src/server/site/rate-limit/per-address-limit.test.ts',
  'src/server/trpc/answer-size.test.ts',
];

/**
 * SQLite whatever the project: they open a SQLite file themselves (SQLite's dialect and schema
 * text, the data folder's checks) or test what only a SQLite site has (backups of its file,
 * uploads as files in DATA_DIR/uploads; on PostgreSQL uploads are rows: database-uploads.pg.test.ts).
 */
const SQLITE_ONLY = [
  'src/server/operations/backup/**',
  'src/server/operations/startup/data-dir.test.ts',
  'db/migrations/migrations.test.ts',
  'src/server/db/sqlite-dialect.test.ts',
  'src/server/auth/admin-auth.test.ts',
  'src/server/analytics/page-view-recorder.test.ts',
  'src/server/analytics/admin-browser-days.test.ts',
  'src/server/content/uploads/upload.rest.test.ts',
  'src/server/content/uploads/unreferenced-uploads.rest.test.ts',
  'src/server/content/images/process-existing-uploads.test.ts',
];

/**
 * Decided before any SQL runs: the request is refused by its headers or its size (a cross-site
 * post, a CSV past the row limit while it is parsed), or what is tested is built from the config
 * (links in mail). The database is only where the test looks to see nothing was written.
 */
const DECIDED_BEFORE_SQL = [
  'src/server/site/forms/cross-site-posts.test.ts',
  'src/server/import-export/huge-subscriber-import.rest.test.ts',
  'src/server/newsletter/mail-link-origin.test.ts',
];

/**
 * Attack runs with their figures (issue 23's 2,000 sign-ups; issue 30's flood of 200 solved
 * sign-ups; 300 long posts searched by an attacker): the `bench` project runs them once, on
 * SQLite, the default deployment, where the attack costs most (better-sqlite3 searches and counts
 * on the server's own thread). What they check per engine (the caps, the confirmations' booking by
 * network, the search gate, the limits) also has small tests that `unit` and `unit-pg` run:
 * signup-abuse.test.ts, confirmation-fairness.test.ts, search.rest.test.ts, rate-limits.rest.test.ts,
 * instances.pg.test.ts. Issue 35's delivery to 10,000 followers on 500 servers is here as a run with figures
 * too (its per-engine counts: fediverse.test.ts, delivery-retry.test.ts).
 */
const ATTACK_RUNS = [
  'src/server/newsletter/signup-abuse/signup-attack.test.ts',
  'src/server/newsletter/signup-abuse/solved-flood.test.ts',
  'src/server/content/search/search-under-attack.test.ts',
  'src/server/fediverse/delivery-at-scale.test.ts',
];

/**
 * The API suite (repositories, routers, REST, migrations) again on PostgreSQL: a throwaway
 * cluster (scripts/postgres/test-cluster.mjs), every test app on a copy of a template database
 * migrated once per run (postgres-global-setup.ts). Left out, loudly, only when PostgreSQL is not
 * installed and CI started none (`npm test` installs it first).
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
        exclude: [
          'src/e2e/**',
          '**/node_modules/**',
          ...NO_DATABASE,
          ...SQLITE_ONLY,
          ...DECIDED_BEFORE_SQL,
          ...ATTACK_RUNS,
        ],
        environment: 'node',
        pool: 'forks',
        // As in `unit`: test files share a worker's modules, two workers.
        isolate: false,
        maxWorkers: API_WORKERS,
        env: { TEST_DATABASE_ENGINE: 'postgres' },
        globalSetup: ['src/server/test-support/postgres-global-setup.ts'],
        testTimeout: 30_000,
        hookTimeout: 60_000,
      },
    },
  ];
}

/** API test files at a time, in `unit` and `unit-pg` together (API_WORKERS to try another count). */
const API_WORKERS = Number(process.env.API_WORKERS ?? 2);

/**
 * Browser files at a time (E2E_WORKERS to try another count). Two on two cores: with three, CI's machine was busy enough
 * that a quick navigation showed the pending bar (navigation-feedback.test.ts); the project took 403 s with four,
 * 425 s with three, about 445 s with two.
 */
const BROWSER_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

/**
 * Files at a time in the last group (bench, load, readme: Vitest gives a group one count, shared by its projects).
 * One at a time, the group's nine files took 190 s on one core while the other idled (ci26); each checks counts
 * and RSS ceilings of its own server, never a time, so two run side by side. `npm test` runs this group in a
 * Vitest of its own at the lowest CPU priority, beside the others (scripts/test.mjs); `npx vitest run` runs it last.
 */
const LAST_GROUP_WORKERS = 2;

/**
 * Fast unit/API tests (temporary databases, Fastify inject) and the same API suite on PostgreSQL together; then the
 * browser tests that drive Debian's Chromium against the production build, two files at a time; and the load tests
 * (soak, crash, a login burst, checked by counts and RSS), the attack runs (`bench`) and the README's quick start on
 * a clean clone, two files at a time: last in one `vitest run`, beside the others under `npm test`.
 * Wall-clock budgets live in the `bench:*` scripts (docs/operations.md), never in a test.
 */
export default defineConfig({
  test: {
    // The default output, then each project's span and summed file time (the figures issue 36 compares).
    reporters: ['default', './src/server/test-support/project-times-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/e2e/**', '**/node_modules/**', '**/*.pg.test.ts', ...ATTACK_RUNS],
          environment: 'node',
          pool: 'forks',
          // Test files share a worker's modules: the app and its packages load once per worker, not per
          // file. Keep it true of every test: no vi.mock of a module (pass a stand-in in, as
          // admin-auth.test.ts does), fake timers and spies restored, no module state another file reads.
          isolate: false,
          // Both cores (Vitest's default on 2 is one worker); unit-pg, in the same group, asks the same.
          maxWorkers: API_WORKERS,
          // One migrated SQLite file per run, copied for each test app (test-app.ts).
          globalSetup: ['src/server/test-support/sqlite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...postgresProject(),
      {
        // After the API suites, on its own: two files at a time (Vitest's default on 2 cores is one),
        // as a browser file mostly waits (on its server, on Chromium, on a mail, on a scheduled post).
        // Each site starts from a copy of a data folder seeded once per run: site-templates-setup.ts.
        test: {
          name: 'browser',
          include: ['src/e2e/**/*.test.ts'],
          exclude: ['src/e2e/load/**', 'src/e2e/readme/**', '**/node_modules/**'],
          environment: 'node',
          pool: 'forks',
          // A worker keeps its modules (playwright-core, the fixture) and its Chromium between files
          // (browser.ts, workerChromium): one launch per worker, not per file. Each file still gets its
          // own server and its own browser contexts, closed with it.
          isolate: false,
          maxWorkers: BROWSER_WORKERS,
          sequence: { groupOrder: 1 },
          globalSetup: ['src/e2e/support/global-setup.ts', 'src/e2e/support/site-templates-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The attack runs above, on SQLite, in the last group with the load tests and the README's quick start.
        test: {
          name: 'bench',
          include: ATTACK_RUNS,
          environment: 'node',
          pool: 'forks',
          maxWorkers: LAST_GROUP_WORKERS,
          sequence: { groupOrder: 2 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'load',
          include: ['src/e2e/load/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: LAST_GROUP_WORKERS,
          sequence: { groupOrder: 2 },
          globalSetup: ['src/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The README's `npm ci && npm start` on a clean clone (it installs and builds its own copy), beside the load
        // tests: its install mostly waits on the registry and the disk, and nothing it checks is a time.
        test: {
          name: 'readme',
          include: ['src/e2e/readme/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          maxWorkers: LAST_GROUP_WORKERS,
          sequence: { groupOrder: 2 },
          testTimeout: 60_000,
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
