import type { Federation } from '@fedify/fedify';
import type { DatabaseKvStore } from './fediverse-kv.js';
import type { DatabaseMessageQueue } from './fediverse-queue.js';

/**
 * The site as an ActivityPub actor, as the service container names it: declared apart from site-federation.ts, which
 * builds it from the blog's repositories, so services.ts does not reach the content code through it.
 */
export type SiteFederation = {
  federation: Federation<void>;
  queue: DatabaseMessageQueue;
  kv: DatabaseKvStore;
  /** Notes the origin a fediverse request came to (without PUBLIC_URL, the jobs' activities use the last one). */
  rememberOrigin: (origin: string) => Promise<void>;
  /** PUBLIC_URL's origin, else the last one a fediverse request came to, else null (nothing is sent). */
  knownOrigin: () => Promise<string | null>;
};
