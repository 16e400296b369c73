import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLongPosts } from '../../test-support/long-posts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { searchSite } from './search-index.js';
import { SEARCH_TOO_LONG, SearchTooLong } from './search-timeout.js';

/**
 * Issue 30, item 7, the bound on PostgreSQL: a search runs under a statement_timeout
 * (SEARCH_TIMEOUT_MS, here 50 ms). To exceed it whatever the machine's speed, another connection
 * holds the search index locked meanwhile (a lock wait counts towards the timeout as any other
 * time): every search is cut and answered 422 with a message, never a 500, and the pool's
 * connections keep no trace of the bound.
 */
const HEAVY_QUERY = 'the and of a to in was it her th';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SEARCH_TIMEOUT_MS: '50' });
  await createLongPosts(t.services.db, 40);
}, 240_000);
afterAll(async () => {
  await t.close();
});

/** Runs `during` while another connection holds search_documents locked. */
async function whileIndexLocked<T>(during: () => Promise<T>): Promise<T> {
  let unlock!: () => void;
  const released = new Promise<void>((resolve) => (unlock = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holder = t.services.db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE search_documents IN ACCESS EXCLUSIVE MODE`.execute(trx);
    locked();
    await released;
  });
  await isLocked;
  try {
    return await during();
  } finally {
    unlock();
    await holder;
  }
}

it('cuts a search past its bound and answers 422 over REST and tRPC, in parallel', async () => {
  const [rest, trpc] = await whileIndexLocked(() =>
    Promise.all([
      Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          t.app.inject({
            method: 'GET',
            url: `/api/search?q=${encodeURIComponent(HEAVY_QUERY)}`,
            remoteAddress: `10.30.7.${n + 1}`,
          }),
        ),
      ),
      t.app.inject({
        method: 'GET',
        url: `/trpc/search.results?input=${encodeURIComponent(JSON.stringify({ json: { q: 'salt' } }))}`,
        remoteAddress: '10.30.7.99',
      }),
    ]),
  );
  for (const res of rest) {
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect(res.json()).toEqual({ error: SEARCH_TOO_LONG });
  }
  expect(trpc.statusCode).toBe(422);
  expect(trpc.body).toContain(SEARCH_TOO_LONG);
});

it('leaves no bound on the connection: other statements and a search with room run as before', async () => {
  await expect(
    whileIndexLocked(() => searchSite(t.services.db, HEAVY_QUERY, { timeoutMs: 20 })),
  ).rejects.toBeInstanceOf(SearchTooLong);
  // Every connection of the pool has carried a cut search by now (seven at once above); none keeps the bound.
  const slow = await Promise.all(
    Array.from({ length: 12 }, () =>
      sql<{ slept: string }>`SELECT pg_sleep(0.06)::text AS slept`.execute(t.services.db),
    ),
  );
  expect(slow).toHaveLength(12);
  const answer = await searchSite(t.services.db, HEAVY_QUERY, { timeoutMs: 60_000 });
  expect(answer.results).toHaveLength(20);
  expect(answer.hasMore).toBe(true);
});
