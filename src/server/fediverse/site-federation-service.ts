import type { Federation } from '@fedify/fedify';
import type { AppDatabase } from '../db/connection.js';
import type { OutboundRules } from '../site/http/safe-fetch.js';
import { loadFedifySide } from './fedify-loader.js';
import { DatabaseKvStore } from './fediverse-kv.js';
import { DatabaseMessageQueue } from './fediverse-queue.js';

type Log = { error: (details: object, message: string) => void };

export type SiteFederationOptions = {
  db: AppDatabase;
  /** PUBLIC_URL's origin: the handle's host and the actor's addresses; null: each request's own host. */
  publicOrigin: string | null;
  /** Where remote documents may be fetched from (public addresses; a test's loopback stand-ins). */
  outbound: OutboundRules;
  log: Log;
  /** Clears the public pages' cache (what the fediverse changed shows there). */
  publicChanged: () => void;
};

/**
 * The site as an ActivityPub actor, as the service container names it. Its store, queue and origin live in the
 * database and cost nothing at start; Fedify itself (site-federation.ts) is built on first use.
 */
export type SiteFederation = {
  /**
   * Fedify with the site's dispatchers and inbox listeners, loaded and built on its first call (fedify-loader.ts);
   * from then on it listens to the queue.
   */
  federation: () => Promise<Federation<void>>;
  queue: DatabaseMessageQueue;
  kv: DatabaseKvStore;
  /** Notes the origin a fediverse request came to (without PUBLIC_URL, the jobs' activities use the last one). */
  rememberOrigin: (origin: string) => Promise<void>;
  /** PUBLIC_URL's origin, else the last one a fediverse request came to, else null (nothing is sent). */
  knownOrigin: () => Promise<string | null>;
  /** Stops Fedify's queue listener (the app closes). */
  close: () => void;
};

const ORIGIN_KEY = ['site', 'origin'] as const;

/** The site's fediverse service: the key–value store and queue in its database, Fedify on first use. */
export function createSiteFederation(options: SiteFederationOptions): SiteFederation {
  const kv = new DatabaseKvStore(options.db);
  const queue = new DatabaseMessageQueue(options.db, options.log);
  const queueStop = new AbortController();
  let built: Promise<Federation<void>> | null = null;
  const build = async () => {
    const { buildFederation } = await loadFedifySide();
    const federation = buildFederation({ ...options, kv, queue });
    // Fedify's handler of queued messages; the job runner's fediverse-queue job hands it the due ones.
    void federation.startQueue(undefined, { signal: queueStop.signal });
    return federation;
  };

  let remembered: string | null = null;
  const rememberOrigin = async (origin: string) => {
    if (options.publicOrigin || origin === remembered) return;
    remembered = origin;
    await kv.set(ORIGIN_KEY, origin);
  };
  const knownOrigin = async () => options.publicOrigin ?? remembered ?? (await kv.get<string>(ORIGIN_KEY)) ?? null;
  return {
    federation: () =>
      (built ??= build().catch((error: unknown) => {
        built = null;
        throw error;
      })),
    queue,
    kv,
    rememberOrigin,
    knownOrigin,
    close: () => queueStop.abort(),
  };
}
