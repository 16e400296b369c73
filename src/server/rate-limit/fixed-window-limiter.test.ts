import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import { LocalLimitStore } from './limit-store.js';
import { consumeLimit, createRequestLimiters, LIMITS } from './request-limits.js';

/** A limiter on a clock the test moves by hand. */
function limiterWithClock(limit: number, windowMs: number) {
  const clock = { now: 1_000_000 };
  const limiter = new FixedWindowLimiter(limit, windowMs, () => clock.now);
  return { limiter, clock };
}

describe('FixedWindowLimiter', () => {
  it('allows `limit` hits per window and refuses the next', () => {
    const { limiter } = limiterWithClock(3, 1000);
    expect([1, 2, 3, 4, 5].map(() => limiter.hit('a'))).toEqual([true, true, true, false, false]);
  });

  it('counts each key separately', () => {
    const { limiter } = limiterWithClock(1, 1000);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.hit('b')).toBe(true);
  });

  it('starts a new window once the old one has passed', () => {
    const { limiter, clock } = limiterWithClock(2, 1000);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.hit('a')).toBe(false);
    clock.now += 999;
    expect(limiter.hit('a')).toBe(false);
    clock.now += 1;
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
  });

  it('tells how long until a used-up key may go again', () => {
    const { limiter, clock } = limiterWithClock(1, 1000);
    expect(limiter.msUntilReset('a')).toBe(0);
    limiter.hit('a');
    clock.now += 400;
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.msUntilReset('a')).toBe(600);
    clock.now += 600;
    expect(limiter.msUntilReset('a')).toBe(0);
    expect(limiter.hit('a')).toBe(true);
  });

  it('grants at most what a key has left in its window, counted at once', () => {
    const { limiter, clock } = limiterWithClock(5, 1000);
    limiter.hit('a');
    expect(limiter.take('a', 3)).toEqual({ granted: 3, msUntilReset: 1000 });
    expect(limiter.countOf('a')).toBe(4);
    clock.now += 400;
    expect(limiter.take('a', 3)).toEqual({ granted: 1, msUntilReset: 600 });
    expect(limiter.take('a', 3)).toEqual({ granted: 0, msUntilReset: 600 });
    expect(limiter.hit('a')).toBe(false);
    clock.now += 600;
    expect(limiter.countOf('a')).toBe(0);
    expect(limiter.take('a', 3).granted).toBe(3);
  });

  it('forgets a key on reset', () => {
    const { limiter } = limiterWithClock(1, 1000);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.hit('a')).toBe(true);
  });

  it('keeps counting correctly after expired keys are swept', () => {
    const { limiter, clock } = limiterWithClock(1, 1000);
    for (let i = 0; i < 100; i++) limiter.hit(`old-${i}`);
    clock.now += 5000;
    expect(limiter.hit('new')).toBe(true);
    expect(limiter.hit('new')).toBe(false);
    expect(limiter.hit('old-1')).toBe(true);
  });
});

describe('createRequestLimiters', () => {
  it('makes both limiters when public limits are on', () => {
    const limiters = createRequestLimiters({ publicLimitsEnabled: true, store: new LocalLimitStore() });
    expect(limiters.formWrite?.limit).toBe(LIMITS.formWrite.limit);
    expect(limiters.publicRead?.limit).toBe(LIMITS.publicRead.limit);
  });

  it('makes none when public limits are off', () => {
    const limiters = createRequestLimiters({ publicLimitsEnabled: false, store: new LocalLimitStore() });
    expect(limiters.formWrite).toBeNull();
    expect(limiters.publicRead).toBeNull();
  });
});

describe('consumeLimit', () => {
  it('allows everything without a limiter, and refuses past the limit with the time to wait', async () => {
    expect(await consumeLimit(null, 'a')).toEqual({ allowed: true });
    const { limiter } = limiterWithClock(1, 5000);
    expect(await consumeLimit(limiter, 'a')).toEqual({ allowed: true });
    expect(await consumeLimit(limiter, 'a')).toEqual({ allowed: false, retryAfterMs: 5000 });
  });
});
