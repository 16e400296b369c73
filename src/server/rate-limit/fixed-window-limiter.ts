import type { LimitDecision, RequestLimiter } from './request-limits.js';

/**
 * Counts events per key in fixed time windows. Cheap enough for every public request:
 * one Map lookup, and a sweep of expired keys at most once a window.
 */
export class FixedWindowLimiter implements RequestLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private nextSweepAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one event; false when the key is over its limit for this window. */
  hit(key: string): boolean {
    const entry = this.current(key);
    entry.count += 1;
    return entry.count <= this.limit;
  }

  /** Records one event; when over the limit, how long until the key may go again. */
  consume(key: string): LimitDecision {
    return this.hit(key) ? { allowed: true } : { allowed: false, retryAfterMs: this.msUntilReset(key) };
  }

  /** Events of the key counted in its current window. */
  countOf(key: string): number {
    const entry = this.counts.get(key);
    return entry && entry.resetAt > this.now() ? entry.count : 0;
  }

  /**
   * Records up to `wanted` events at once, as many as the key has left in its window: a grant
   * that another process spends on its own (see cluster/granted-limiter.ts).
   */
  take(key: string, wanted: number): { granted: number; msUntilReset: number } {
    const entry = this.current(key);
    const granted = Math.max(0, Math.min(wanted, this.limit - entry.count));
    entry.count += granted;
    return { granted, msUntilReset: Math.max(0, entry.resetAt - this.now()) };
  }

  /** How long until the key's window ends and it may go again. */
  msUntilReset(key: string): number {
    const entry = this.counts.get(key);
    return entry ? Math.max(0, entry.resetAt - this.now()) : 0;
  }

  reset(key: string): void {
    this.counts.delete(key);
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
