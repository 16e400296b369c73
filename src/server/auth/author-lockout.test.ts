import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { DatabaseGuessThrottle } from './database-guess-throttle.js';
import { createAdminUser } from './admin-credentials-repository.js';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD_HASH } from '../test-support/admin-password.js';
import { openScratchDatabase, type ScratchDatabase } from '../test-support/test-database.js';
import { AdminAuth, type KeyCheck } from './admin-auth.js';
import { FREE_FAILURES, GuessThrottle } from './guess-throttle.js';

/** Where the author logs in from: an IPv6 address of their home /64, which changes within it. */
const AUTHOR_ADDRESS = '2001:db8:a:b::10';
const AUTHOR_NEXT_ADDRESS = '2001:db8:a:b:9f3c:1:2:3';

let scratch: ScratchDatabase;
let db: AppDatabase;

/** An instance's AdminAuth as buildApp makes it: the login throttle in the database on PostgreSQL. */
const startInstance = () =>
  new AdminAuth(db, { throttle: scratch.engine === 'postgres' ? new DatabaseGuessThrottle(db) : new GuessThrottle() });

beforeEach(async () => {
  scratch = await openScratchDatabase();
  db = scratch.db;
  await migrateToLatest(db);
  await createAdminUser(db, TEST_ADMIN_PASSWORD_HASH);
});

afterEach(async () => {
  await scratch.close();
});

/**
 * Guesses from `count` addresses (each in a /64 of its own) in parallel, each sent again as soon as
 * the previous is answered (after the wait it was told, capped at 200 ms), until stop() is called.
 */
function guessFromManyAddresses(auth: AdminAuth, count: number) {
  let attacking = true;
  const answers: KeyCheck[] = [];
  const guessers = Array.from({ length: count }, async (_, n) => {
    const address = `2001:db8:${(n + 1).toString(16)}::1`;
    while (attacking) {
      const answer = await auth.login(`Wrong-Guess-${n}-${answers.length}`, address);
      answers.push(answer);
      if (!answer.ok && answer.reason === 'throttled') await sleep(Math.min(answer.retryAfterMs, 200));
    }
  });
  return {
    answers,
    stop: async () => {
      attacking = false;
      await Promise.all(guessers);
    },
  };
}

describe('the author under a flood of password guesses', () => {
  it('logs in after a restart while guesses from 40 addresses keep the check slots full', async () => {
    // The author has logged in from home before (through another instance, on PostgreSQL).
    expect((await startInstance().login(TEST_ADMIN_PASSWORD, AUTHOR_ADDRESS)).ok).toBe(true);

    const restarted = startInstance();
    const attack = guessFromManyAddresses(restarted, 40);
    await sleep(500);
    const authorAnswers: KeyCheck[] = [];
    try {
      // A new address in the same /64 (IPv6 privacy addresses change), three tries over the attack.
      for (let attempt = 0; attempt < 3; attempt++) {
        authorAnswers.push(await restarted.login(TEST_ADMIN_PASSWORD, AUTHOR_NEXT_ADDRESS));
        await sleep(300);
      }
    } finally {
      await attack.stop();
    }
    expect(authorAnswers.map((answer) => answer.ok)).toEqual([true, true, true]);
    // The attack did fill the shared slots: guesses were turned away as the server being busy.
    expect(attack.answers.some((answer) => !answer.ok && answer.reason === 'throttled')).toBe(true);
  }, 120_000);

  it('counts an IPv6 /64 as one address: its guesses share one allowance', async () => {
    const auth = startInstance();
    const answers: KeyCheck[] = [];
    // Over-long keys are refused without scrypt; they still count as failures.
    for (let n = 0; n < FREE_FAILURES + 4; n++)
      answers.push(await auth.login('k'.repeat(300), `2001:db8:bad:1::${(n + 1).toString(16)}`));
    // The free failures and one more are checked; from then on the /64 has to wait.
    const checked = answers.slice(0, FREE_FAILURES + 1);
    expect(checked.every((answer) => !answer.ok && answer.reason === 'invalid')).toBe(true);
    const refused = answers.slice(FREE_FAILURES + 1);
    expect(refused.every((answer) => !answer.ok && answer.reason === 'throttled')).toBe(true);
    // Another /64 is not affected.
    const other = await auth.login('k'.repeat(300), '2001:db8:bad:2::1');
    expect(other).toEqual({ ok: false, reason: 'invalid' });
  });
});
