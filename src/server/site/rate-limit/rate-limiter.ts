export type LimitDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counts hits per key against one limit in fixed windows: `limit` hits a window, the next refused
 * with the time until the key's window ends. Every limit of the site goes through this one
 * interface, counted in this process (FixedWindowLimiter: one process on SQLite) or in the
 * database every instance shares (DatabaseRateLimiter: several instances on PostgreSQL); the
 * choice is made once, in rate-limits.ts.
 */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Counts `cost` hits of the key (1 by default; refused ones count too); refused past the limit. */
  take(key: string, cost?: number): LimitDecision | Promise<LimitDecision>;
}
