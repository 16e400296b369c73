import { TRPCError } from '@trpc/server';
import { FixedWindowLimiter } from './fixed-window-limiter.js';

/** Per-address limits: reads loosest, public form writes tighter, failed admin keys tightest. */
export const LIMITS = {
  publicRead: { limit: 600, windowMs: 60_000 },
  formWrite: { limit: 10, windowMs: 60_000 },
  failedAdminKey: { limit: 10, windowMs: 5 * 60_000 },
} as const;

export type RequestLimiters = {
  /** Null when RATE_LIMITS=off. */
  publicRead: FixedWindowLimiter | null;
  formWrite: FixedWindowLimiter | null;
  /** Always on. */
  failedAdminKey: FixedWindowLimiter;
};

export function createRequestLimiters(options: { publicLimitsEnabled: boolean }): RequestLimiters {
  const make = (spec: { limit: number; windowMs: number }) => new FixedWindowLimiter(spec.limit, spec.windowMs);
  return {
    publicRead: options.publicLimitsEnabled ? make(LIMITS.publicRead) : null,
    formWrite: options.publicLimitsEnabled ? make(LIMITS.formWrite) : null,
    failedAdminKey: make(LIMITS.failedAdminKey),
  };
}

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Counts one request of the address; throws TOO_MANY_REQUESTS past the limit (none when null). */
export function enforceLimit(limiter: FixedWindowLimiter | null, address: string): void {
  if (limiter && !limiter.hit(address)) throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_REQUESTS });
}
