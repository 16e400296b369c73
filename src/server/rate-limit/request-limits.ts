import { FixedWindowLimiter } from './fixed-window-limiter.js';

/** Per-address limits on public requests: reads loose, form writes tight. Password guesses: see auth/. */
export const LIMITS = {
  publicRead: { limit: 600, windowMs: 60_000 },
  formWrite: { limit: 10, windowMs: 60_000 },
} as const;

/** Null when RATE_LIMITS=off. */
export type RequestLimiters = {
  publicRead: FixedWindowLimiter | null;
  formWrite: FixedWindowLimiter | null;
};

export function createRequestLimiters(options: { publicLimitsEnabled: boolean }): RequestLimiters {
  const make = (spec: { limit: number; windowMs: number }) => new FixedWindowLimiter(spec.limit, spec.windowMs);
  return {
    publicRead: options.publicLimitsEnabled ? make(LIMITS.publicRead) : null,
    formWrite: options.publicLimitsEnabled ? make(LIMITS.formWrite) : null,
  };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts one request of the address against the limiter (none when null). The caller turns a
 * refusal into its own kind of error (a tRPC error, a REST answer, a 429 page).
 */
export function consumeLimit(limiter: FixedWindowLimiter | null, address: string): LimitDecision {
  if (!limiter || limiter.hit(address)) return { allowed: true };
  return { allowed: false, retryAfterMs: limiter.msUntilReset(address) };
}
