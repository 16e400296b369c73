import { createTRPCReact, httpBatchLink } from '@trpc/react-query';
import superjson from 'superjson';
import { ADMIN_KEY_STORAGE_NAME } from '../domain/admin-auth.js';
import type { AppRouter } from '../server/trpc/app-router.js';

/** Typed tRPC hooks; only the router's type crosses from the server. */
export const trpc = createTRPCReact<AppRouter>();

/** The stored admin session token, sent as the bearer token on every call. */
export function storedAdminKey(): string | null {
  return typeof localStorage === 'undefined' ? null : localStorage.getItem(ADMIN_KEY_STORAGE_NAME);
}

export function createBrowserTrpcClient() {
  return trpc.createClient({
    links: [
      httpBatchLink({
        url: '/trpc',
        transformer: superjson,
        headers: () => {
          const key = storedAdminKey();
          return key ? { authorization: `Bearer ${key}` } : {};
        },
      }),
    ],
  });
}
