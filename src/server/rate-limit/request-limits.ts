import type { LimitStore } from './limit-store.js';
import { limitKeyOf } from './address-group.js';

/** Per-address limits on public requests: reads loose, form writes tight. Password guesses: see auth/. */
export const LIMITS = {
  publicRead: { limit: 600, windowMs: 60_000 },
  formWrite: { limit: 10, windowMs: 60_000 },
  /** Site search, in units of SEARCH_COST_UNIT_MS of the search's own time (a search costs one at least). */
  searchCost: { limit: 120, windowMs: 60_000 },
} as const;

/** A search costs one unit of the searchCost limit per started slice of this much of its time. */
export const SEARCH_COST_UNIT_MS = 25;

export type LimitName = keyof typeof LIMITS;

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/** Counts requests per key against one limit: in this process, or where every server process counts. */
export interface RequestLimiter {
  readonly limit: number;
  readonly windowMs: number;
  consume(key: string): LimitDecision | Promise<LimitDecision>;
}

/** Null when RATE_LIMITS=off. */
export type RequestLimiters = {
  publicRead: RequestLimiter | null;
  formWrite: RequestLimiter | null;
  searchCost: RequestLimiter | null;
};

/** The limiters of the store (this process's own, or shared by every worker). */
export function createRequestLimiters(options: { publicLimitsEnabled: boolean; store: LimitStore }): RequestLimiters {
  return {
    publicRead: options.publicLimitsEnabled ? options.store.limiter('publicRead') : null,
    formWrite: options.publicLimitsEnabled ? options.store.limiter('formWrite') : null,
    searchCost: options.publicLimitsEnabled ? options.store.limiter('searchCost') : null,
  };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * Counts one request of the address against the limiter (none when null). The caller turns a
 * refusal into its own kind of error (a tRPC error, a REST answer, a 429 page). An IPv6 address
 * counts as its /64 (limitKeyOf).
 */
export async function consumeLimit(limiter: RequestLimiter | null, address: string): Promise<LimitDecision> {
  return limiter ? limiter.consume(limitKeyOf(address)) : { allowed: true };
}
