import type { LimitDecision, RateLimiter } from './rate-limiter.js';

const ALLOWED: LimitDecision = { allowed: true };

/**
 * The RateLimiter of a process that runs alone: counts in this process's memory. Cheap enough for
 * every public request: one Map lookup, and a sweep of expired keys at most once a window.
 */
export class FixedWindowLimiter implements RateLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private nextSweepAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(key: string, cost = 1): LimitDecision {
    const entry = this.current(key);
    entry.count += cost;
    return entry.count <= this.limit ? ALLOWED : { allowed: false, retryAfterMs: this.msUntilReset(key) };
  }

  /** How long until the key's window ends and it may go again. */
  msUntilReset(key: string): number {
    const entry = this.counts.get(key);
    return entry ? Math.max(0, entry.resetAt - this.now()) : 0;
  }

  private current(key: string): { count: number; resetAt: number } {
    const now = this.now();
    this.sweep(now);
    const existing = this.counts.get(key);
    if (existing && existing.resetAt > now) return existing;
    const fresh = { count: 0, resetAt: now + this.windowMs };
    this.counts.set(key, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
