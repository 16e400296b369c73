import { describe, expect, it } from 'vitest';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import { consumeLimit } from './request-limits.js';

/** A limiter on a clock the test moves by hand. */
function limiterWithClock(limit: number, windowMs: number) {
  const clock = { now: 1_000_000 };
  const limiter = new FixedWindowLimiter(limit, windowMs, () => clock.now);
  return { limiter, clock };
}

const allowed = (limiter: FixedWindowLimiter, key: string) => limiter.take(key).allowed;

describe('FixedWindowLimiter', () => {
  it('allows `limit` hits per window and refuses the next', () => {
    const { limiter } = limiterWithClock(3, 1000);
    expect([1, 2, 3, 4, 5].map(() => allowed(limiter, 'a'))).toEqual([true, true, true, false, false]);
  });

  it('counts each key separately', () => {
    const { limiter } = limiterWithClock(1, 1000);
    expect(allowed(limiter, 'a')).toBe(true);
    expect(allowed(limiter, 'a')).toBe(false);
    expect(allowed(limiter, 'b')).toBe(true);
  });

  it('starts a new window once the old one has passed', () => {
    const { limiter, clock } = limiterWithClock(2, 1000);
    limiter.take('a');
    limiter.take('a');
    expect(allowed(limiter, 'a')).toBe(false);
    clock.now += 999;
    expect(allowed(limiter, 'a')).toBe(false);
    clock.now += 1;
    expect(allowed(limiter, 'a')).toBe(true);
    expect(allowed(limiter, 'a')).toBe(true);
    expect(allowed(limiter, 'a')).toBe(false);
  });

  it('tells how long until a used-up key may go again', () => {
    const { limiter, clock } = limiterWithClock(1, 1000);
    expect(limiter.msUntilReset('a')).toBe(0);
    limiter.take('a');
    clock.now += 400;
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 600 });
    expect(limiter.msUntilReset('a')).toBe(600);
    clock.now += 600;
    expect(limiter.msUntilReset('a')).toBe(0);
    expect(allowed(limiter, 'a')).toBe(true);
  });

  it('keeps counting correctly after expired keys are swept', () => {
    const { limiter, clock } = limiterWithClock(1, 1000);
    for (let i = 0; i < 100; i++) limiter.take(`old-${i}`);
    clock.now += 5000;
    expect(allowed(limiter, 'new')).toBe(true);
    expect(allowed(limiter, 'new')).toBe(false);
    expect(allowed(limiter, 'old-1')).toBe(true);
  });
});

describe('consumeLimit', () => {
  it('allows everything without a limiter, and refuses past the limit with the time to wait', async () => {
    expect(await consumeLimit(null, 'a')).toEqual({ allowed: true });
    const { limiter } = limiterWithClock(1, 5000);
    expect(await consumeLimit(limiter, 'a')).toEqual({ allowed: true });
    expect(await consumeLimit(limiter, 'a')).toEqual({ allowed: false, retryAfterMs: 5000 });
  });

  it('counts an IPv6 address as its /64, and a cost of several hits at once', async () => {
    const { limiter } = limiterWithClock(3, 5000);
    expect(await consumeLimit(limiter, '2001:db8:aa:bb::1', 2)).toEqual({ allowed: true });
    expect(await consumeLimit(limiter, '2001:db8:aa:bb::2')).toEqual({ allowed: true });
    expect(await consumeLimit(limiter, '2001:db8:aa:bb::3')).toEqual({ allowed: false, retryAfterMs: 5000 });
    expect(await consumeLimit(limiter, '2001:db8:aa:bc::1')).toEqual({ allowed: true });
  });
});
