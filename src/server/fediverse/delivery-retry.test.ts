import { Temporal } from '@js-temporal/polyfill';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GIVE_UP_AFTER_MS, deliveryRetryPolicy } from './delivery-retry.js';

describe("a dead server's deliveries (Fedify's retry policy, on a counted clock)", () => {
  // Fedify's jitter held at its middle: the same waits on every run.
  beforeEach(() => void vi.spyOn(Math, 'random').mockReturnValue(0.5));
  afterEach(() => void vi.restoreAllMocks());

  it('are retried with growing waits from about a minute, at most 6 h, and given up once a day has passed', () => {
    const waits: number[] = [];
    let elapsed = 0;
    for (let attempts = 1; attempts < 100; attempts++) {
      const next = deliveryRetryPolicy({ elapsedTime: Temporal.Duration.from({ milliseconds: elapsed }), attempts });
      if (next === null) break;
      const wait = next.total('millisecond');
      waits.push(wait);
      elapsed += wait;
    }
    // Given up: after a day, within one wait of it.
    expect(elapsed).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(elapsed).toBeLessThan(GIVE_UP_AFTER_MS + 7 * 60 * 60_000);
    // About a dozen tries, not thousands.
    expect(waits.length).toBeGreaterThan(5);
    expect(waits.length).toBeLessThan(20);
    // The first wait is a minute or two (Fedify doubles per attempt and adds jitter), the later ones grow up to the 6 h ceiling.
    expect(waits[0]!).toBeGreaterThan(30_000);
    expect(waits[0]!).toBeLessThan(4 * 60_000);
    expect(waits.at(-1)!).toBeGreaterThan(waits[0]! * 100);
    expect(Math.max(...waits)).toBeLessThanOrEqual(6 * 60 * 60_000 * 1.5);
    // Growing until the ceiling (jitter aside: four attempts on, the wait is 16 times longer, or capped).
    for (let index = 4; index < waits.length; index++)
      if (waits[index - 4]! < 60 * 60_000) expect(waits[index]!).toBeGreaterThan(waits[index - 4]!);
  });

  it('gives up at once when the first attempt is already a day old', () => {
    const context = { elapsedTime: Temporal.Duration.from({ milliseconds: GIVE_UP_AFTER_MS }), attempts: 3 };
    expect(deliveryRetryPolicy(context)).toBeNull();
  });
});
