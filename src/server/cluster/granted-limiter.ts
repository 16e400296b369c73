import { LIMITS, type LimitDecision, type LimitName, type RequestLimiter } from '../rate-limit/request-limits.js';
import type { LimitGrant } from './messages.js';
import type { WorkerLink } from './worker-link.js';

type Grant = { left: number; expiresAt: number; refused: boolean };

const ALLOWED: LimitDecision = { allowed: true };
/** Rounds of asking for one request whose grant others spent meanwhile, before it is counted exactly. */
const MAX_ASKS = 4;

/**
 * A limit counted by the primary for every worker, without a message per request: the worker asks
 * for a grant of hits for an address (counted there at once) and spends it locally. The primary
 * sizes grants by what the address has left, down to 1 near its limit, so the site never serves
 * more than the limit, and at most a few hits less (those granted to a worker the address no longer
 * reaches). For the loose read limit, hit by every public request; the tight ones stay exact.
 */
export class GrantedLimiter implements RequestLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly grants = new Map<string, Grant>();
  private readonly asking = new Map<string, Promise<void>>();
  private nextSweepAt = 0;

  constructor(
    private readonly link: WorkerLink,
    private readonly name: LimitName,
    private readonly now: () => number = Date.now,
  ) {
    this.limit = LIMITS[name].limit;
    this.windowMs = LIMITS[name].windowMs;
  }

  /** Not `async`: a hit within a grant is decided at once, with no promise. */
  consume(key: string): LimitDecision | Promise<LimitDecision> {
    return this.spend(key) ?? this.askAndSpend(key);
  }

  /** The decision the current grant makes, or undefined when a new one is needed. */
  private spend(key: string): LimitDecision | undefined {
    const now = this.now();
    this.sweep(now);
    const grant = this.grants.get(key);
    if (!grant || grant.expiresAt <= now) return undefined;
    if (grant.left > 0) {
      grant.left -= 1;
      return ALLOWED;
    }
    return grant.refused ? { allowed: false, retryAfterMs: grant.expiresAt - now } : undefined;
  }

  private async askAndSpend(key: string): Promise<LimitDecision> {
    for (let ask = 0; ask < MAX_ASKS; ask++) {
      // Requests for one address arriving together share one question to the primary.
      let pending = this.asking.get(key);
      if (!pending) {
        pending = this.ask(key).finally(() => this.asking.delete(key));
        this.asking.set(key, pending);
      }
      const failed = await pending.then(
        () => false,
        () => true,
      );
      // Fails open, like the exact limiter: a public read is not refused for a stuck primary.
      if (failed) return ALLOWED;
      const decision = this.spend(key);
      if (decision) return decision;
    }
    return this.link.call<LimitDecision>({ method: 'limit', name: this.name, key }).catch(() => ALLOWED);
  }

  private async ask(key: string): Promise<void> {
    const { granted, validForMs } = await this.link.call<LimitGrant>({ method: 'limit.grant', name: this.name, key });
    this.grants.set(key, { left: granted, expiresAt: this.now() + validForMs, refused: granted === 0 });
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + this.windowMs;
    for (const [key, grant] of this.grants) if (grant.expiresAt <= now) this.grants.delete(key);
  }
}
