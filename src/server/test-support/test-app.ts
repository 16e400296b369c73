import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { createRequestContext, type AppServices } from '../trpc/context.js';
import { createCaller } from '../trpc/app-router.js';

export const TEST_ADMIN_PASSWORD = 'Test-Admin-Pass1!';

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

/** A fresh app on a temporary data folder; close() removes it. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'site-test-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SEED_DEMO: '0', RATE_LIMITS: 'off', ...env },
    null,
  );
  const { app, services } = await buildApp(config);
  await app.ready();
  const callerWithKey = (key: string | null, clientAddress = '127.0.0.1') =>
    createCaller(
      createRequestContext(services, { ip: clientAddress, headers: { authorization: key ? `Bearer ${key}` : undefined } }),
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
  spoilerLevel: 'none',
});
