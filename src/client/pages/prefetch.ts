import type { TrpcUtils } from '../trpc.js';

/**
 * Loads into the query cache every query the page reads, so the server can render it and the
 * browser hydrates without fetching. Never throws for a missing item.
 */
export type PagePrefetch = (utils: TrpcUtils, params: Record<string, string>) => Promise<unknown>;

/** For pages that read nothing from the server. */
export const noPrefetch: PagePrefetch = () => Promise.resolve();
