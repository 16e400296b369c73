import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, DATABASE_FILE_NAME } from '../app.js';
import type { SnsHttp } from '../deliverability/provider-events/sns.js';
import type { OutboundRules } from '../site/http/safe-fetch.js';
import { loadConfig, type AppConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { createAdminUser, findAdminPasswordHash } from '../auth/admin-credentials-repository.js';
import { createRequestContext } from '../trpc/context.js';
import type { AppServices } from '../services.js';
import { createCaller } from '../trpc/app-router.js';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD_HASH } from './admin-password.js';
import { createMigratedPostgresDatabase, createScratchPostgresDatabase, testDatabaseEngine } from './test-database.js';

export { TEST_ADMIN_PASSWORD };

export type TestApp = {
  app: FastifyInstance;
  services: AppServices;
  config: AppConfig;
  dataDir: string;
  /** A tRPC caller as an anonymous visitor from `clientAddress`. */
  publicCaller: (clientAddress?: string) => ReturnType<typeof createCaller>;
  /** A tRPC caller sending `key` as its bearer token. */
  callerWithKey: (key: string | null, clientAddress?: string) => ReturnType<typeof createCaller>;
  close: () => Promise<void>;
};

/**
 * Hashing the admin password costs ~0.4 s of scrypt and nearly every test file builds an
 * app, so the new database gets its migrations and the admin user with the fixture hash
 * before buildApp, which then keeps the existing user. The real start-up path (migrate, hash,
 * seed a new database) is covered by tests that pass another ADMIN_PASSWORD or seed demo content.
 */
async function prepareDatabaseWithAdmin(config: AppConfig): Promise<void> {
  const file = path.join(config.dataDir, DATABASE_FILE_NAME);
  // On SQLite, a new database is a copy of the file the project migrated once (when it did): migrateToLatest
  // below then has nothing to do. A DATA_DIR the test gave that holds a database already keeps it.
  const template = config.databaseUrl ? undefined : inject('sqliteTemplateFile');
  if (template && existsSync(config.dataDir) && !existsSync(file)) await copyFile(template, file);
  const db = openConfiguredDatabase(config, file);
  try {
    await migrateToLatest(db);
    // A second instance on a shared PostgreSQL database finds the first one's admin.
    if ((await findAdminPasswordHash(db)) === undefined) await createAdminUser(db, TEST_ADMIN_PASSWORD_HASH);
  } finally {
    await db.destroy();
  }
}

/**
 * A fresh app on a temporary data folder; close() removes it. `env` overrides the test
 * defaults below; give a variable as undefined to leave it unset (its production default).
 * `clientDir` serves that client build (e.g. a stand-in from fake-client-build.ts) with its pages.
 * In the `unit-pg` project the app runs on a new PostgreSQL database of its own (dropped by close()),
 * unless `env` names a DATABASE_URL itself.
 */
export async function createTestApp(
  env: Record<string, string | undefined> = {},
  options: {
    clientDir?: string;
    snsHttp?: SnsHttp;
    dnsServers?: string[];
    outbound?: OutboundRules;
    /** The app's log, written here (at LOG_LEVEL) instead of nowhere. */
    logStream?: { write: (line: string) => void };
    /** The password-guess throttle's clock (buildApp's `guessClock`). */
    guessClock?: () => number;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-test-'));
  // An app this function prepares (no demo seed, the fixture admin) starts from a copy of the migrated
  // template; any other starts from an empty database, as a new site does (migrated and seeded by buildApp).
  const given = { SEED_DEMO: '0', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, ...env };
  const preparedHere = given.SEED_DEMO === '0' && given.ADMIN_PASSWORD === TEST_ADMIN_PASSWORD;
  const scratch =
    testDatabaseEngine() === 'postgres' && !('DATABASE_URL' in env)
      ? preparedHere
        ? await createMigratedPostgresDatabase()
        : await createScratchPostgresDatabase()
      : null;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: '0',
      RATE_LIMITS: 'off',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      ...env,
    },
    options.clientDir ?? null,
  );
  // Seeding happens only for a database buildApp creates itself, so seeded apps start from nothing.
  if (!config.seedDemo && config.adminPassword === TEST_ADMIN_PASSWORD) await prepareDatabaseWithAdmin(config);
  const { app, services } = await buildApp(config, {
    client: options.clientDir ? 'built' : 'none',
    snsHttp: options.snsHttp,
    dnsServers: options.dnsServers,
    outbound: options.outbound,
    ...(options.guessClock ? { guessClock: options.guessClock } : {}),
    ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
  });
  await app.ready();
  const callerWithKey = (key: string | null, clientAddress = '127.0.0.1') =>
    // A context per call, as each HTTP request gets its own.
    createCaller(() =>
      createRequestContext(services, {
        ip: clientAddress,
        headers: { authorization: key ? `Bearer ${key}` : undefined },
      }),
    );
  return {
    app,
    services,
    config,
    dataDir,
    publicCaller: (clientAddress) => callerWithKey(null, clientAddress),
    callerWithKey,
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
}

export const adminHeaders = (key = TEST_ADMIN_PASSWORD) => ({ authorization: `Bearer ${key}` });

/** Valid payloads, for tests that need one of each. */
export const validBook = {
  title: 'The Ember Crown',
  description: 'A queen without a kingdom.',
  coverImage: '/objects/cover.png',
  status: 'published',
  price: '$18.99',
  order: 1,
} as const;

/** A book not out yet: the only kind a reader may preorder. */
export const validPreorderBook = { ...validBook, status: 'preorder' } as const;

export const validBlogPost = {
  title: 'Chapter drop',
  summary: 'A new chapter for subscribers.',
  content: 'First paragraph.\nSecond paragraph.',
  category: 'announcements',
  coverImage: 'https://example.com/cover.png',
} as const;

export const validArtPiece = {
  title: 'The Tower',
  imageUrl: '/objects/tower.png',
  artist: 'M. Vale',
  type: 'official',
  description: 'At dusk.',
} as const;

export const validPlaylist = {
  title: 'Soundtrack',
  description: 'Music to read by.',
  tracks: [{ title: 'Ashfall', artist: 'The Choir', duration: '3:12' }],
  spotifyUrl: 'https://open.spotify.com/playlist/abc',
  appleMusicUrl: null,
};

export const validExcerpt = (bookId: string) => ({
  bookId,
  title: 'Prologue',
  description: 'Where it begins.',
  content: 'It was cold.\nThe crown was colder.',
  readTime: '3 min read',
  spoilerLevel: 'none' as const,
});
