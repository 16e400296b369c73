import { TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact, type createTRPCQueryUtils } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '../server/trpc/app-router.js';

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

/**
 * A link that loads the real one (trpc-http-link.ts) with the first call and hands every call to
 * it: the HTTP transport and superjson stay out of the entry every page loads.
 */
function loadedOnFirstCall(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  let loaded: Promise<OperationLink<AppRouter>> | undefined;
  return (runtime) =>
    ({ op, next }) =>
      observable((observer) => {
        let subscription: Unsubscribable | undefined;
        let ended = false;
        loaded ??= load().then((link) => link(runtime));
        loaded.then(
          (operationLink) => {
            if (!ended) subscription = operationLink({ op, next }).subscribe(observer);
          },
          (error: unknown) => {
            // The chunk did not load (offline, a new deploy): the call fails as a network error would.
            loaded = undefined;
            observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          ended = true;
          subscription?.unsubscribe();
        };
      });
}

export function createBrowserTrpcClient() {
  return trpc.createClient({
    links: [loadedOnFirstCall(() => import('./trpc-http-link.js').then((module) => module.browserBatchLink))],
  });
}
