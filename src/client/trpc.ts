import { createTRPCReact, httpBatchLink, type createTRPCQueryUtils } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import type { AppRouter } from '../server/trpc/app-router.js';
import { MAX_CALLS_PER_BATCH } from '../domain/limits.js';
import { readAdminKey } from './admin/session/admin-key-store.js';
import { fetchWithPlainErrors } from './plain-error-fetch.js';

/** Typed tRPC hooks; only the router's type crosses from the server. */
export const trpc = createTRPCReact<AppRouter>();

/**
 * What each procedure takes, e.g. `RouterInputs['preorders']['create']`: with RouterOutputs, the
 * client's one source of API shapes (never a hand-written copy).
 * @public
 */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** What each procedure answers, e.g. `RouterOutputs['books']['list'][number]`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** The query-cache helpers the loaders use (`utils.books.list.ensureData()`). */
export type TrpcUtils = ReturnType<typeof createTRPCQueryUtils<AppRouter>>;

export function createBrowserTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
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
      }),
    ],
  });
}
