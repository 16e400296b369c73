import { limitKeyOf } from './address-group.js';
import type { LimitDecision, RateLimiter } from './rate-limiter.js';

/** Per-address limits on public requests: reads loose, form writes tight. Password guesses: see auth/. */
export const LIMITS = {
  publicRead: { limit: 600, windowMs: 60_000 },
  formWrite: { limit: 10, windowMs: 60_000 },
  /** Site search, in units of SEARCH_COST_UNIT_MS of the search's own time (a search costs one at least). */
  searchCost: { limit: 120, windowMs: 60_000 },
  /**
   * Posts to /api/mail/events/{provider}, in units: a post costs one, a refused one (forged, unsigned)
   * REFUSED_MAIL_EVENT_COST more, so an address sending forgeries is stopped after a few dozen.
   */
  mailEvents: { limit: 600, windowMs: 60_000 },
  /** Counted events a visitor's browser reports or passes through: the page-view beacon and /r/ links. */
  tracking: { limit: 30, windowMs: 60_000 },
  /** Comments posted, edited, deleted or reported from one address (src/server/comments). */
  commentWrite: { limit: 20, windowMs: 60_000 },
  /** Comments one signed-in reader posts, from any address: keyed `reader:<id>`. */
  commentReader: { limit: 10, windowMs: 3_600_000 },
} as const;

/** The extra units of the mailEvents limit a refused (401) provider post costs. */
export const REFUSED_MAIL_EVENT_COST = 20;

/** A search costs one unit of the searchCost limit per started slice of this much of its time. */
export const SEARCH_COST_UNIT_MS = 25;

export type LimitName = keyof typeof LIMITS;

/** One limiter per limit; null when RATE_LIMITS=off. */
export type RequestLimiters = Record<LimitName, RateLimiter | null>;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

const ALLOWED: LimitDecision = { allowed: true };

/**
 * Counts `cost` hits (one by default) of the address against the limiter (none when null). The
 * caller turns a refusal into its own kind of error (a tRPC error, a REST answer, a 429 page). An
 * IPv6 address counts as its /64 (limitKeyOf).
 */
export async function consumeLimit(limiter: RateLimiter | null, address: string, cost = 1): Promise<LimitDecision> {
  return limiter ? limiter.take(limitKeyOf(address), cost) : ALLOWED;
}
