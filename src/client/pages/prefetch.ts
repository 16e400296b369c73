import type { TrpcUtils } from '../trpc.js';

/**
 * Loads into the query cache every query the page reads, so the server can render it and the
 * browser hydrates without fetching. Never throws for a missing item.
 */
export type PagePrefetch = (
  utils: TrpcUtils,
  params: Record<string, string>,
  /** The route's validated search parameters (only /blog has one: its category). */
  search: Record<string, unknown>,
) => Promise<unknown>;

/** For pages that read nothing from the server. */
export const noPrefetch: PagePrefetch = () => Promise.resolve();
