import { DatabaseGuessThrottle } from '../../auth/database-guess-throttle.js';
import { GuessThrottle, type GuessLedger } from '../../auth/guess-throttle.js';
import type { AppDatabase } from '../../db/connection.js';
import { databaseEngine } from '../../db/database-engine.js';
import { DatabaseRateLimiter, type LimiterLog } from './database-rate-limiter.js';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { LIMITS, type LimitName, type RequestLimiters } from './request-limits.js';

/** Every per-address counter of the site: the request limits and the password-guess throttle. */
export type RateLimits = { limiters: RequestLimiters; guesses: GuessLedger };

/**
 * Where the site counts, chosen here and nowhere else: in this process on SQLite (one process
 * serves the site), in the database on PostgreSQL, so every instance on it counts an address
 * together and a flood or a guesser gains nothing from the number of instances.
 * `publicLimitsEnabled` false (RATE_LIMITS=off) lifts the request limits, never the guess throttle.
 */
export function createRateLimits(
  db: AppDatabase,
  options: { publicLimitsEnabled: boolean; log?: LimiterLog; guessClock?: () => number },
): RateLimits {
  const inDatabase = databaseEngine(db) === 'postgres';
  const limiterOf = (name: LimitName): RateLimiter | null => {
    if (!options.publicLimitsEnabled) return null;
    const { limit, windowMs } = LIMITS[name];
    return inDatabase
      ? new DatabaseRateLimiter(db, name, limit, windowMs, { log: options.log })
      : new FixedWindowLimiter(limit, windowMs);
  };
  return {
    limiters: {
      publicRead: limiterOf('publicRead'),
      formWrite: limiterOf('formWrite'),
      searchCost: limiterOf('searchCost'),
      mailEvents: limiterOf('mailEvents'),
      tracking: limiterOf('tracking'),
      commentWrite: limiterOf('commentWrite'),
      commentReader: limiterOf('commentReader'),
    },
    guesses: inDatabase ? new DatabaseGuessThrottle(db, options.guessClock) : new GuessThrottle(options.guessClock),
  };
}
