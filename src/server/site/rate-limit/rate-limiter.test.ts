import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseGuessThrottle } from '../../auth/database-guess-throttle.js';
import { GuessThrottle } from '../../auth/guess-throttle.js';
import { migrateToLatest } from '../../db/migrate.js';
import { openScratchDatabase, testDatabaseEngine, type ScratchDatabase } from '../../test-support/test-database.js';
import { DatabaseRateLimiter } from './database-rate-limiter.js';
import { FixedWindowLimiter } from './fixed-window-limiter.js';
import type { RateLimiter } from './rate-limiter.js';
import { createRateLimits } from './rate-limits.js';
import { LIMITS } from './request-limits.js';

/**
 * The one RateLimiter interface, and what both of its implementations answer: the process's own
 * counters and the database's (on this project's engine: SQLite under `unit`, PostgreSQL under
 * `unit-pg`), each on a clock the test moves by hand.
 */
let scratch: ScratchDatabase;
beforeAll(async () => {
  scratch = await openScratchDatabase();
  await migrateToLatest(scratch.db);
});
afterAll(() => scratch?.close());

let nextName = 0;
const implementations: Array<[string, (limit: number, windowMs: number, now: () => number) => RateLimiter]> = [
  ['in process', (limit, windowMs, now) => new FixedWindowLimiter(limit, windowMs, now)],
  // A limit name of its own per limiter: the database keeps every test's counts in one table.
  [
    'in the database',
    (limit, windowMs, now) => new DatabaseRateLimiter(scratch.db, `test-${++nextName}`, limit, windowMs, { now }),
  ],
];

describe.each(implementations)('RateLimiter %s', (_, create) => {
  function limiterWithClock(limit: number, windowMs: number) {
    const clock = { now: Date.parse('2026-11-25T12:00:00.000Z') };
    return { limiter: create(limit, windowMs, () => clock.now), clock };
  }
  const allowed = async (limiter: RateLimiter, key: string) => (await limiter.take(key)).allowed;

  it('allows `limit` hits per window and refuses the next, with the time until the window ends', async () => {
    const { limiter, clock } = limiterWithClock(3, 1000);
    const answers = [];
    for (let n = 0; n < 4; n++) answers.push(await allowed(limiter, 'a'));
    expect(answers).toEqual([true, true, true, false]);
    clock.now += 400;
    expect(await limiter.take('a')).toEqual({ allowed: false, retryAfterMs: 600 });
  });

  it('counts each key separately', async () => {
    const { limiter } = limiterWithClock(1, 1000);
    expect(await allowed(limiter, 'a')).toBe(true);
    expect(await allowed(limiter, 'a')).toBe(false);
    expect(await allowed(limiter, 'b')).toBe(true);
  });

  it('starts a new window once the old one has passed', async () => {
    const { limiter, clock } = limiterWithClock(2, 1000);
    await limiter.take('a');
    await limiter.take('a');
    clock.now += 999;
    expect(await allowed(limiter, 'a')).toBe(false);
    clock.now += 1;
    expect(await allowed(limiter, 'a')).toBe(true);
    expect(await allowed(limiter, 'a')).toBe(true);
    expect(await allowed(limiter, 'a')).toBe(false);
  });

  it('counts a cost of several hits at once, and refused hits too', async () => {
    const { limiter } = limiterWithClock(5, 1000);
    expect(await limiter.take('a', 4)).toEqual({ allowed: true });
    expect(await limiter.take('a', 2)).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(await allowed(limiter, 'a')).toBe(false);
  });

  it('lets exactly `limit` of a parallel burst through', async () => {
    const { limiter } = limiterWithClock(10, 60_000);
    const answers = await Promise.all(Array.from({ length: 40 }, () => limiter.take('burst')));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
  });
});

describe('DatabaseRateLimiter', () => {
  it('counts one address together for every instance on the database (two limiters, one table)', async () => {
    const clock = { now: Date.parse('2026-11-25T12:00:00.000Z') };
    const name = `shared-${++nextName}`;
    const onA = new DatabaseRateLimiter(scratch.db, name, 10, 60_000, { now: () => clock.now });
    const onB = new DatabaseRateLimiter(scratch.db, name, 10, 60_000, { now: () => clock.now });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, n) => (n % 2 === 0 ? onA : onB).take('10.0.0.1')));
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
    expect(await onB.take('10.0.0.2')).toEqual({ allowed: true });
  });

  it('never tells a hit to wait longer than a window, when another instance opened it a moment later', async () => {
    const name = `clock-${++nextName}`;
    const started = Date.parse('2026-11-25T12:00:00.000Z');
    const onA = new DatabaseRateLimiter(scratch.db, name, 1, 1000, { now: () => started + 5 });
    const onB = new DatabaseRateLimiter(scratch.db, name, 1, 1000, { now: () => started });
    expect(await onA.take('10.0.0.3')).toEqual({ allowed: true });
    expect(await onB.take('10.0.0.3')).toEqual({ allowed: false, retryAfterMs: 1000 });
  });

  it('deletes the rows of ended windows', async () => {
    const clock = { now: Date.parse('2026-11-25T12:00:00.000Z') };
    const name = `sweep-${++nextName}`;
    const limiter = new DatabaseRateLimiter(scratch.db, name, 10, 1000, { now: () => clock.now });
    for (let n = 0; n < 5; n++) await limiter.take(`old-${n}`);
    clock.now += 5000;
    await limiter.take('new');
    const rowsOf = async () =>
      (await scratch.db.selectFrom('rateLimitCounts').select('key').where('limitName', '=', name).execute()).map(
        (row) => row.key,
      );
    // The sweep runs beside the hit; it has finished once a later statement has.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rowsOf()).toEqual(['new']);
  });
});

describe('DatabaseRateLimiter on a database that fails', () => {
  it('lets the hits through and logs the failed count and the failed sweep, once a window', async () => {
    // A database without the table: every statement of the limiter fails.
    const bare = await openScratchDatabase();
    try {
      const warnings: Array<{ fields: object; message: string }> = [];
      const clock = { now: Date.parse('2026-11-25T12:00:00.000Z') };
      const limiter = new DatabaseRateLimiter(bare.db, 'failing', 1, 60_000, {
        now: () => clock.now,
        log: { warn: (fields, message) => warnings.push({ fields, message }) },
      });
      const answers = await Promise.all(Array.from({ length: 5 }, () => limiter.take('10.0.0.9')));
      expect(answers).toEqual(Array.from({ length: 5 }, () => ({ allowed: true })));
      await expect.poll(() => warnings.length).toBe(2);
      expect(warnings.map((warning) => warning.message).sort()).toEqual([
        'rate limit could not count a hit: allowed',
        'rate limit could not delete its ended windows',
      ]);
      expect(warnings.every(({ fields }) => (fields as { limit?: string }).limit === 'failing')).toBe(true);
      clock.now += 60_000;
      await limiter.take('10.0.0.9');
      await expect.poll(() => warnings.length).toBe(4);
    } finally {
      await bare.close();
    }
  });
});

describe('createRateLimits', () => {
  it('counts in this process on SQLite and in the database on PostgreSQL, chosen once', () => {
    const { limiters, guesses } = createRateLimits(scratch.db, { publicLimitsEnabled: true });
    const onPostgres = testDatabaseEngine() === 'postgres';
    for (const name of ['publicRead', 'formWrite', 'searchCost'] as const) {
      const limiter = limiters[name];
      expect(limiter).toBeInstanceOf(onPostgres ? DatabaseRateLimiter : FixedWindowLimiter);
      expect(limiter?.limit).toBe(LIMITS[name].limit);
      expect(limiter?.windowMs).toBe(LIMITS[name].windowMs);
    }
    expect(guesses).toBeInstanceOf(onPostgres ? DatabaseGuessThrottle : GuessThrottle);
  });

  it('makes no request limiter when public limits are off, and keeps the guess throttle', () => {
    const { limiters, guesses } = createRateLimits(scratch.db, { publicLimitsEnabled: false });
    expect(limiters).toEqual({
      publicRead: null,
      formWrite: null,
      searchCost: null,
      mailEvents: null,
      tracking: null,
      commentWrite: null,
      commentReader: null,
    });
    expect(guesses).toBeInstanceOf(testDatabaseEngine() === 'postgres' ? DatabaseGuessThrottle : GuessThrottle);
  });
});
