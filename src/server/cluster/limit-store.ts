import { GuessThrottle, type GuessLedger } from '../auth/guess-throttle.js';
import { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter.js';
import { LIMITS, type LimitName, type RequestLimiter } from '../rate-limit/request-limits.js';

/**
 * Where the per-address counters live: the request limits and the login throttle. They must be
 * shared by every process that answers one site, or a guesser multiplies their tries by the
 * number of processes. One box: this process's memory (LocalLimitStore), which the cluster's
 * primary also uses for all its workers (cluster/worker-link.ts asks it). Several boxes on
 * PostgreSQL: tables of counters, beside these.
 */
export interface LimitStore {
  limiter(name: LimitName): RequestLimiter;
  guesses(): GuessLedger;
}

/** Counters in this process's memory: for a single server, and in the cluster's primary. */
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

  /** Up to `wanted` hits of the key counted at once, for a worker to spend without asking each time. */
  grant(name: LimitName, key: string, wanted: number): { granted: number; validForMs: number } {
    const { granted, msUntilReset } = this.limiter(name).take(key, wanted);
    return { granted, validForMs: msUntilReset };
  }

  guesses(): GuessThrottle {
    return this.ledger;
  }
}
