/**
 * Counts events per key in fixed time windows. Cheap enough for every public request:
 * one Map lookup, and a sweep of expired keys at most once a window.
 */
export class FixedWindowLimiter {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  private nextSweepAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records one event; false when the key is over its limit for this window. */
  hit(key: string): boolean {
    const entry = this.current(key, true);
    entry.count += 1;
    return entry.count <= this.limit;
  }

  /** True when the key has used up its window without recording anything. */
  isBlocked(key: string): boolean {
    const entry = this.current(key, false);
    return entry.count >= this.limit;
  }

  reset(key: string): void {
    this.counts.delete(key);
  }

  private current(key: string, create: boolean): { count: number; resetAt: number } {
    const now = this.now();
    this.sweep(now);
    const existing = this.counts.get(key);
    if (existing && existing.resetAt > now) return existing;
    const fresh = { count: 0, resetAt: now + this.windowMs };
    if (create) this.counts.set(key, fresh);
    else this.counts.delete(key);
    return fresh;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    for (const [key, entry] of this.counts) if (entry.resetAt <= now) this.counts.delete(key);
  }
}
