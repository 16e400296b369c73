import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED_MESSAGE } from '../../domain/admin-auth.js';
import { FREE_FAILURES } from '../auth/guess-throttle.js';
import { LIMITS, TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { bearer, expectError, FAST_WRONG_KEY, freshAddress } from '../test-support/http.js';
import { createScratchPostgresDatabase } from '../test-support/test-database.js';
import { TEST_ADMIN_PASSWORD, validBook, type TestApp } from '../test-support/test-app.js';
import { openPostgresDatabase } from './connection.js';
import { collationWarning } from './collation.js';
import { runExclusively } from './run-exclusively.js';
import { startTwoInstancesOnOneDatabase, type TwoInstances } from '../test-support/two-instances.js';

const TOO_MANY_FAILURES = 'Too many failed attempts. Please wait a moment and try again.';

/** Polls until `check` holds; resolves with the milliseconds it took. */
async function msUntil(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - started;
}

/** Two instances (each its own process state and DATA_DIR) on one PostgreSQL database. */
describe('several instances on one PostgreSQL', () => {
  let instances: TwoInstances | undefined;
  let a: TestApp;
  let b: TestApp;
  let token: string;
  beforeAll(async () => {
    instances = await startTwoInstancesOnOneDatabase();
    ({ a, b, token } = instances);
  });
  afterAll(() => instances?.close());

  const titlesOn = async (t: TestApp) =>
    (await t.app.inject({ method: 'GET', url: '/api/books' })).json<{ title: string }[]>().map((book) => book.title);

  it('clears the other instance’s cached lists after a write (LISTEN/NOTIFY), with no write of its own', async () => {
    const delays: number[] = [];
    for (let round = 1; round <= 5; round++) {
      const before = await titlesOn(b); // cached on B now
      const title = `Written through A ${round}`;
      expect(before).not.toContain(title);
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/books',
        headers: bearer(token),
        payload: { ...validBook, title },
      });
      expect(created.statusCode).toBe(201);
      // B's cached list has no expiry: only A's notification can clear it (10 s: a guard against a hang, not a budget).
      delays.push(await msUntil(async () => (await titlesOn(b)).includes(title), 10_000));
    }
    // Printed for information, not asserted: a CI machine may be busy.
    console.log(`cache invalidation A → B: ${delays.map((ms) => ms.toFixed(1)).join(', ')} ms`);
    expect(await titlesOn(b)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5].map((n) => `Written through A ${n}`)));
  });

  it('counts password guesses per address across instances: a throttle reached through A holds on B', async () => {
    const address = freshAddress();
    const verify = (t: TestApp, key: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/verify', headers: bearer(key), remoteAddress: address });
    // Failures alternate between the instances: each alone would still allow them.
    for (let n = 0; n <= FREE_FAILURES; n++) {
      expectError(await verify(n % 2 === 0 ? a : b, `${FAST_WRONG_KEY}-${n}`), 401, 'Invalid admin key');
    }
    expectError(await verify(a, 'wrong-again'), 429, TOO_MANY_FAILURES);
    const onB = await verify(b, TEST_ADMIN_PASSWORD);
    expectError(onB, 429, TOO_MANY_FAILURES);
    expect(Number(onB.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await b.app.inject({
      method: 'GET',
      url: '/api/admin/verify',
      headers: bearer(TEST_ADMIN_PASSWORD),
      remoteAddress: freshAddress(),
    });
    expect(other.statusCode).toBe(200);
  });

  it('counts a parallel burst of guesses through both instances one by one', async () => {
    const address = freshAddress();
    const burst = Array.from({ length: 20 }, (_, n) =>
      (n % 2 === 0 ? a : b).app.inject({
        method: 'GET',
        url: '/api/admin/verify',
        headers: bearer(`${FAST_WRONG_KEY}-${n}`),
        remoteAddress: address,
      }),
    );
    const statuses = (await Promise.all(burst)).map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(FREE_FAILURES + 1);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20 - FREE_FAILURES - 1);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  it('warns at start when the database sorts by a language (ICU) instead of byte by byte', async () => {
    expect(await collationWarning(a.services.db)).toBeNull();
    const byLanguage = await createScratchPostgresDatabase("LOCALE_PROVIDER icu ICU_LOCALE 'en-US'");
    const db = openPostgresDatabase(byLanguage.url, { poolSize: 1 });
    try {
      expect(await collationWarning(db)).toMatch(/sorts text by "en-US", not byte by byte/);
    } finally {
      await db.destroy();
      await byLanguage.drop();
    }
  });

  it('answers the backup download with 409 and what to use instead', async () => {
    const res = await b.app.inject({ method: 'GET', url: '/api/admin/backup', headers: bearer(token) });
    expectError(res, 409, /PostgreSQL: back the database up with pg_dump/);
  });

  it('runs a job on one instance at a time (advisory lock)', async () => {
    let running = 0;
    let most = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 200));
      running -= 1;
      return 'done';
    };
    const runs = await Promise.all([
      runExclusively(a.services.db, 'test-job', job),
      runExclusively(b.services.db, 'test-job', job),
      runExclusively(b.services.db, 'test-job', job),
    ]);
    expect(runs.filter((run) => run.ran)).toEqual([{ ran: true, value: 'done' }]);
    expect(most).toBe(1);
    // Released afterwards: the next run goes ahead.
    expect(await runExclusively(b.services.db, 'test-job', job)).toEqual({ ran: true, value: 'done' });
  });

  it('stops accepting the old password on B once it is changed through A', async () => {
    const remoteAddress = freshAddress();
    const verifyOnB = (key: string) =>
      b.app.inject({ method: 'GET', url: '/api/admin/verify', headers: bearer(key), remoteAddress });
    expect((await verifyOnB(TEST_ADMIN_PASSWORD)).statusCode).toBe(200); // B now remembers it
    const changed = await a.callerWithKey(token).admin.changePassword({
      currentPassword: TEST_ADMIN_PASSWORD,
      newPassword: 'A-new-Passphrase-42!',
    });
    expect(changed).toEqual({ message: PASSWORD_CHANGED_MESSAGE });
    expectError(await verifyOnB(TEST_ADMIN_PASSWORD), 401, 'Invalid admin key');
    expect((await verifyOnB('A-new-Passphrase-42!')).statusCode).toBe(200);
  });
});

/** The per-address request limits (RATE_LIMITS=on) counted in the database: one address, one count, whatever instance it reaches. */
describe('several instances on one PostgreSQL with RATE_LIMITS=on', () => {
  let instances: TwoInstances | undefined;
  beforeAll(async () => {
    instances = await startTwoInstancesOnOneDatabase({ RATE_LIMITS: 'on' });
  });
  afterAll(() => instances?.close());

  it('counts form writes of one address across instances: a parallel burst through A and B stores 10 in all', async () => {
    const { a, b } = instances!;
    const remoteAddress = freshAddress();
    const message = `shared-limit-${Date.now()}`;
    const burst = Array.from({ length: 30 }, (_, n) =>
      (n % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { name: `Reader ${n}`, email: `r${n}@example.com`, message },
        remoteAddress,
      }),
    );
    const answers = await Promise.all(burst);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(LIMITS.formWrite.limit);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(30 - LIMITS.formWrite.limit);
    for (const res of refused) {
      expectError(res, 429, TOO_MANY_REQUESTS);
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    const stored = await a.services.db
      .selectFrom('contactSubmissions')
      .select('id')
      .where('message', '=', message)
      .execute();
    expect(stored).toHaveLength(LIMITS.formWrite.limit);
    // Another address is not affected, on either instance.
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Reader', email: 'other@example.com', message },
      remoteAddress: freshAddress(),
    });
    expect(other.statusCode).toBe(201);
  });

  it('counts public reads of one address across instances: the 601st read in a minute is refused on either', async () => {
    const { a, b } = instances!;
    const remoteAddress = freshAddress();
    const read = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/books', remoteAddress });
    const limit = LIMITS.publicRead.limit;
    for (let n = 0; n < limit; n += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => read(i % 2 === 0 ? a : b).then((res) => res.statusCode)),
      );
      expect(statuses.every((status) => status === 200)).toBe(true);
    }
    for (const t of [a, b]) {
      const refused = await read(t);
      expectError(refused, 429, TOO_MANY_REQUESTS);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });
});
