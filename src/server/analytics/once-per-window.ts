import { createHash } from 'node:crypto';

/**
 * Remembers what was counted lately, so that one visitor's repeats within `windowMs` count once:
 * a reload, a bot replaying a beacon, a click on the same shop link again. Keys are hashed (the
 * address and user agent they are made of are not kept) and at most `maxKeys` are remembered, the
 * oldest forgotten first. In process: with several instances a visitor whose requests reach
 * several of them can be counted once by each.
 */
export class OncePerWindow {
  /** Key hash → when its window ends; in insertion order, so the oldest come first. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** True the first time `parts` are seen in a window (and remembers them); false for a repeat. */
  first(parts: readonly string[], now = Date.now()): boolean {
    const key = createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22);
    const until = this.seen.get(key);
    if (until !== undefined && until > now) return false;
    this.seen.delete(key);
    this.seen.set(key, now + this.windowMs);
    this.forgetOld(now);
    return true;
  }

  private forgetOld(now: number): void {
    for (const [key, until] of this.seen) {
      if (until > now && this.seen.size <= this.maxKeys) break;
      this.seen.delete(key);
    }
  }
}
