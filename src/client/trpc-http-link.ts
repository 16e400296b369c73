import { httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/app-router.js';
import { MAX_CALLS_PER_BATCH } from '../domain/limits.js';
import { readAdminKey } from './admin/session/admin-key-store.js';
import { fetchWithPlainErrors } from './plain-error-fetch.js';

/**
 * The browser's transport to `/trpc`: batched calls, superjson, the admin's bearer token. Its own
 * chunk (with superjson and tRPC's HTTP code), loaded by trpc.ts with the first call: a reading
 * page hydrates from the data in its HTML and calls nothing.
 */
export const browserBatchLink = httpBatchLink<AppRouter>({
  url: '/trpc',
  // The server refuses a batch of more calls (MAX_CALLS_PER_BATCH): more queries at once go as several batches.
  maxItems: MAX_CALLS_PER_BATCH,
  transformer: superjson,
  fetch: fetchWithPlainErrors,
  headers: () => {
    // The admin session token, sent as the bearer token on every call.
    const key = readAdminKey();
    return key ? { authorization: `Bearer ${key}` } : {};
  },
});
