import { GuessThrottle, type GuessLedger } from '../auth/guess-throttle.js';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import { LIMITS, type LimitName } from './request-limits.js';

/** Where the per-address counters live: the request limits and the login throttle. */
export interface LimitStore {
  limiter(name: LimitName): FixedWindowLimiter;
  guesses(): GuessLedger;
}

/** Counters in this process's memory. */
export class LocalLimitStore implements LimitStore {
  private readonly limiters = new Map<LimitName, FixedWindowLimiter>();
  private readonly ledger = new GuessThrottle();

  limiter(name: LimitName): FixedWindowLimiter {
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = new FixedWindowLimiter(LIMITS[name].limit, LIMITS[name].windowMs);
      this.limiters.set(name, limiter);
    }
    return limiter;
  }

  guesses(): GuessThrottle {
    return this.ledger;
  }
}
