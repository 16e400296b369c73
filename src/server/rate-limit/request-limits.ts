import type { LimitStore } from '../cluster/limit-store.js';

/** Per-address limits on public requests: reads loose, form writes tight. Password guesses: see auth/. */
export const LIMITS = {
  publicRead: { limit: 600, windowMs: 60_000 },
  formWrite: { limit: 10, windowMs: 60_000 },
} as const;

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
};

/** The limiters of the store (this process's own, or shared by every worker). */
export function createRequestLimiters(options: { publicLimitsEnabled: boolean; store: LimitStore }): RequestLimiters {
  return {
    publicRead: options.publicLimitsEnabled ? options.store.limiter('publicRead') : null,
    formWrite: options.publicLimitsEnabled ? options.store.limiter('formWrite') : null,
  };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/**
 * Counts one request of the address against the limiter (none when null). The caller turns a
 * refusal into its own kind of error (a tRPC error, a REST answer, a 429 page).
 */
export async function consumeLimit(limiter: RequestLimiter | null, address: string): Promise<LimitDecision> {
  return limiter ? limiter.consume(address) : { allowed: true };
}
