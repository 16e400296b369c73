import type { AppDatabase } from '../../db/connection.js';
import type { LimitDecision, RateLimiter } from './rate-limiter.js';

const ALLOWED: LimitDecision = { allowed: true };

/** Where the limiter tells of a count or a sweep the database failed (the app's logger). */
export type LimiterLog = { warn: (fields: object, message: string) => void };

export type DatabaseRateLimiterOptions = {
  /** The clock (tests move it by hand). */
  now?: () => number;
  log?: LimiterLog;
};
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The RateLimiter of several instances on one PostgreSQL: the same fixed windows as
 * FixedWindowLimiter, counted in the rate_limit_counts table, so every instance counts an address
 * together. A hit is one statement (an upsert that starts a new window when the old one ended and
 * returns the count), atomic however many instances hit the key at once. Expired rows are deleted
 * at most once a window. Fails open: a limit the database cannot count refuses nobody (the
 * request's own queries then answer for the outage); the failures are logged, at most once a window.
 */
export class DatabaseRateLimiter implements RateLimiter {
  private nextSweepAt = 0;
  private nextFailureLogAt = 0;
  private readonly now: () => number;
  private readonly log: LimiterLog | null;

  constructor(
    private readonly db: AppDatabase,
    private readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    options: DatabaseRateLimiterOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.log = options.log ?? null;
  }

  async take(key: string, cost = 1): Promise<LimitDecision> {
    const now = this.now();
    this.sweep(now);
    const nowIso = iso(now);
    try {
      const row = await this.db
        .insertInto('rateLimitCounts')
        .values({ limitName: this.name, key, count: cost, resetAt: iso(now + this.windowMs) })
        .onConflict((conflict) =>
          conflict.columns(['limitName', 'key']).doUpdateSet((eb) => {
            const ended = eb('rateLimitCounts.resetAt', '<=', nowIso);
            return {
              count: eb
                .case()
                .when(ended)
                .then(eb.ref('excluded.count'))
                .else(eb('rateLimitCounts.count', '+', eb.ref('excluded.count')))
                .end(),
              resetAt: eb
                .case()
                .when(ended)
                .then(eb.ref('excluded.resetAt'))
                .else(eb.ref('rateLimitCounts.resetAt'))
                .end(),
            };
          }),
        )
        .returning(['count', 'resetAt'])
        .executeTakeFirstOrThrow();
      if (row.count <= this.limit) return ALLOWED;
      // A window another instance opened a moment after this hit's `now` ends at most a window away.
      return { allowed: false, retryAfterMs: Math.min(this.windowMs, Math.max(0, Date.parse(row.resetAt) - now)) };
    } catch (error) {
      // Every hit fails while the database does: one line a window tells of it.
      if (now >= this.nextFailureLogAt) {
        this.nextFailureLogAt = now + this.windowMs;
        this.log?.warn({ err: error, limit: this.name }, 'rate limit could not count a hit: allowed');
      }
      return ALLOWED;
    }
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    this.db
      .deleteFrom('rateLimitCounts')
      .where('limitName', '=', this.name)
      .where('resetAt', '<=', iso(now))
      .execute()
      .then(
        () => undefined,
        (error: unknown) =>
          this.log?.warn({ err: error, limit: this.name }, 'rate limit could not delete its ended windows'),
      );
  }
}
