import { describe, expect, it } from 'vitest';
import { delayAfter, FREE_FAILURES, GuessThrottle, MAX_DELAY_MS } from './guess-throttle.js';

function throttleWithClock() {
  const clock = { now: 1_000_000 };
  return { throttle: new GuessThrottle(() => clock.now), clock };
}

/** Reserves an attempt and settles it as failed; returns the refusal's wait when refused. */
function fail(throttle: GuessThrottle, address: string): number | 'checked' {
  const verdict = throttle.reserve(address);
  if (!verdict.allowed) return verdict.retryAfterMs;
  verdict.settle('failed');
  return 'checked';
}

describe('delayAfter', () => {
  it('is free for the first failures, then grows, then stays at the cap', () => {
    const delays = Array.from({ length: FREE_FAILURES + 6 }, (_, n) => delayAfter(n + 1));
    expect(delays.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(0));
    expect(delays.slice(FREE_FAILURES)).toEqual([2000, 4000, 6000, 6000, 6000, 6000]);
  });
});

describe('GuessThrottle', () => {
  it('counts an attempt before its check ends: a second one while it runs is refused', () => {
    const { throttle } = throttleWithClock();
    const first = throttle.reserve('a');
    expect(first.allowed).toBe(true);
    const second = throttle.reserve('a');
    expect(second).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(throttle.reserve('b').allowed).toBe(true);
  });

  it('lets the free failures through back to back, then makes each next attempt wait', () => {
    const { throttle, clock } = throttleWithClock();
    for (let n = 0; n < FREE_FAILURES; n++) expect(fail(throttle, 'a')).toBe('checked');
    expect(fail(throttle, 'a')).toBe('checked');
    expect(fail(throttle, 'a')).toBe(2000);
    expect(throttle.waitFor('a')).toBe(2000);
    clock.now += 1999;
    expect(fail(throttle, 'a')).toBe(1);
    clock.now += 1;
    expect(fail(throttle, 'a')).toBe('checked');
    expect(fail(throttle, 'a')).toBe(4000);
  });

  it('holds sustained guessing to 10 a minute, and never makes anyone wait more than the cap', () => {
    const { throttle, clock } = throttleWithClock();
    let checked = 0;
    const start = clock.now;
    for (let step = 0; clock.now - start < 10 * 60_000; step++) {
      const result = fail(throttle, 'a');
      if (result === 'checked') checked += 1;
      else expect(result).toBeLessThanOrEqual(MAX_DELAY_MS);
      clock.now += 250;
    }
    // 10 minutes of trying every 250 ms: the free ones, then one every 6 s at most.
    expect(checked).toBeLessThanOrEqual(FREE_FAILURES + 3 + 10 * 10);
    expect(checked).toBeGreaterThanOrEqual(90);
  });

  it('forgets an address once it succeeds', () => {
    const { throttle } = throttleWithClock();
    for (let n = 0; n <= FREE_FAILURES; n++) fail(throttle, 'a');
    expect(throttle.waitFor('a')).toBeGreaterThan(0);
    throttle.forget('a');
    expect(throttle.waitFor('a')).toBe(0);
    const verdict = throttle.reserve('a');
    expect(verdict.allowed).toBe(true);
    if (verdict.allowed) verdict.settle('succeeded');
    expect(throttle.waitFor('a')).toBe(0);
  });

  it('does not count an attempt whose check could not run', () => {
    const { throttle } = throttleWithClock();
    for (let n = 0; n < FREE_FAILURES; n++) fail(throttle, 'a');
    const verdict = throttle.reserve('a');
    if (verdict.allowed) verdict.settle('not-checked');
    expect(fail(throttle, 'a')).toBe('checked');
    expect(fail(throttle, 'a')).toBe(2000);
  });

  it('starts afresh after ten quiet minutes', () => {
    const { throttle, clock } = throttleWithClock();
    for (let n = 0; n < FREE_FAILURES + 3; n++) {
      fail(throttle, 'a');
      clock.now += MAX_DELAY_MS;
    }
    clock.now += 10 * 60_000;
    for (let n = 0; n < FREE_FAILURES; n++) expect(fail(throttle, 'a')).toBe('checked');
  });
});
