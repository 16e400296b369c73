/** Whether a password attempt may run its check, or how long it has to wait. */
export type GuessVerdict =
  { allowed: true; settle: (outcome: GuessOutcome) => void | Promise<void> } | { allowed: false; retryAfterMs: number };

/** This process's verdict: settled at once. */
type LocalGuessVerdict =
  { allowed: true; settle: (outcome: GuessOutcome) => void } | { allowed: false; retryAfterMs: number };

/** 'not-checked': the check could not run (the server was busy), so the attempt does not count. */
export type GuessOutcome = 'succeeded' | 'failed' | 'not-checked';

/**
 * The throttle of password guesses as AdminAuth uses it: a GuessThrottle in this process, or the
 * database's, which every instance on one PostgreSQL shares (database-guess-throttle.ts).
 */
export interface GuessLedger {
  /**
   * True when other processes or instances read and write it meanwhile (the database's, on
   * PostgreSQL): every attempt, even with a password this process already verified, then reserves
   * first, or a burst could slip past it.
   */
  readonly shared?: boolean;
  waitFor(address: string): number | Promise<number>;
  reserve(address: string): GuessVerdict | Promise<GuessVerdict>;
  forget(address: string): void | Promise<void>;
}

/** Failed attempts an address may make back to back before each next one has to wait. */
export const FREE_FAILURES = 5;
/** The wait after each failure past the free ones grows by this step... */
const DELAY_STEP_MS = 2_000;
/** ...up to this cap, which holds sustained guessing to 10 a minute and never locks the author out for long. */
export const MAX_DELAY_MS = 6_000;
/** An address that has not failed for this long starts again with its free attempts. */
export const FORGET_AFTER_MS = 10 * 60_000;
/** What an address is told to wait while one of its checks is still running. */
const CHECK_IN_PROGRESS_WAIT_MS = 1_000;
/** A check still unsettled after this long (a bug, not a guess) no longer blocks its address. */
const STALE_CHECK_MS = 60_000;

export type AddressState = { failures: number; lastAttemptAt: number; checkStartedAt: number | null };

/** How long an address in this state must wait before its next attempt (0: it may go ahead). */
export function waitOfState(state: AddressState, now: number): number {
  if (state.checkStartedAt !== null && now - state.checkStartedAt < STALE_CHECK_MS) return CHECK_IN_PROGRESS_WAIT_MS;
  if (now - state.lastAttemptAt >= FORGET_AFTER_MS) return 0;
  return Math.max(0, state.lastAttemptAt + delayAfter(state.failures) - now);
}

/** The state an attempt continues from: a stale one (no failure for FORGET_AFTER_MS, no check running) starts afresh. */
export function isLiveState(state: AddressState, now: number): boolean {
  return state.checkStartedAt !== null || now - state.lastAttemptAt < FORGET_AFTER_MS;
}

/** The wait required after `failures` recent failures before the next attempt. */
export function delayAfter(failures: number): number {
  if (failures <= FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, (failures - FREE_FAILURES) * DELAY_STEP_MS);
}

/**
 * Throttles password guesses per client address. An attempt is counted as a failure when it is
 * reserved, before the slow password check runs, so parallel and batched guesses all count; a
 * success forgets the address. One check at a time per address: another attempt while one runs is
 * refused. The lockout is progressive and short (see MAX_DELAY_MS).
 */
export class GuessThrottle implements GuessLedger {
  private readonly addresses = new Map<string, AddressState>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** How long the address must wait before its next attempt (0: it may go ahead). Records nothing. */
  waitFor(address: string): number {
    const state = this.addresses.get(address);
    return state ? this.waitOf(state, this.now()) : 0;
  }

  /** Counts an attempt as a failure before its check runs; `settle` reports the outcome. */
  reserve(address: string): LocalGuessVerdict {
    const now = this.now();
    this.sweep(now);
    const state = this.stateOf(address, now);
    const wait = this.waitOf(state, now);
    if (wait > 0) return { allowed: false, retryAfterMs: wait };

    state.failures += 1;
    state.lastAttemptAt = now;
    const startedAt = now;
    state.checkStartedAt = startedAt;
    let settled = false;
    return {
      allowed: true,
      settle: (outcome) => {
        if (settled) return;
        settled = true;
        if (state.checkStartedAt === startedAt) state.checkStartedAt = null;
        if (outcome === 'succeeded') this.addresses.delete(address);
        if (outcome === 'not-checked') state.failures -= 1;
      },
    };
  }

  /** Forgets an address's failures (its owner just proved the password). */
  forget(address: string): void {
    const state = this.addresses.get(address);
    if (state && state.checkStartedAt === null) this.addresses.delete(address);
  }

  private waitOf(state: AddressState, now: number): number {
    return waitOfState(state, now);
  }

  private stateOf(address: string, now: number): AddressState {
    const existing = this.addresses.get(address);
    if (existing && isLiveState(existing, now)) return existing;
    const fresh: AddressState = { failures: 0, lastAttemptAt: now, checkStartedAt: null };
    this.addresses.set(address, fresh);
    return fresh;
  }

  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + FORGET_AFTER_MS;
    for (const [address, state] of this.addresses) {
      if (state.checkStartedAt === null && now - state.lastAttemptAt >= FORGET_AFTER_MS) this.addresses.delete(address);
    }
  }
}
