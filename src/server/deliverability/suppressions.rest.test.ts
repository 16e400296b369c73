import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, FAST_WRONG_KEY } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { findSuppressed, suppressAddress } from './suppression-list.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await openAdminSession(t.services);
});
afterAll(() => t.close());

type Listed = { entries: { email: string; reason: string; createdAt: string; note: string | null }[]; total: number };

const list = async (query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/suppressions${query}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Listed>();
};
const add = (payload: unknown, key = token) =>
  t.app.inject({ method: 'POST', url: '/api/admin/suppressions', headers: bearer(key), payload: payload as object });
const remove = (payload: unknown, key = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/suppressions/remove',
    headers: bearer(key),
    payload: payload as object,
  });

describe('/api/admin/suppressions', () => {
  it('adds (201, lower-cased), lists newest first with search, removes with a reason (kept in the log)', async () => {
    const res = await add({ email: ' Reader.One@Example.ORG ', reason: 'complaint', note: 'From a report' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ email: 'reader.one@example.org', reason: 'complaint' });
    // The second is newer by at least a millisecond (within one, the list orders the two by address).
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await add({ email: 'second@example.org' })).json()).toEqual({
      email: 'second@example.org',
      reason: 'manual',
    });

    const all = await list();
    expect(all.entries.slice(0, 2).map((entry) => entry.email)).toEqual([
      'second@example.org',
      'reader.one@example.org',
    ]);
    expect(all.entries[1]).toMatchObject({ reason: 'complaint', note: 'From a report' });
    expect((await list('?search=READER.one')).entries.map((entry) => entry.email)).toEqual(['reader.one@example.org']);
    // LIKE's wildcards are taken literally.
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=_')).total).toBe(0);

    expectError(await remove({ email: 'second@example.org' }), 400, /Reason is required/);
    expectError(await remove({ email: 'second@example.org', reason: '   ' }), 400, /Reason is required/);
    const removed = await remove({ email: 'SECOND@example.org', reason: 'She asked to be back on the list' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await list()).entries.map((entry) => entry.email)).not.toContain('second@example.org');
    const log = await t.services.db
      .selectFrom('mailSuppressionRemovals')
      .selectAll()
      .where('email', '=', 'second@example.org')
      .execute();
    expect(log).toEqual([
      expect.objectContaining({ suppressedReason: 'manual', removalReason: 'She asked to be back on the list' }),
    ]);
    expectError(await remove({ email: 'second@example.org', reason: 'again' }), 404, /not on the list/);
  });

  it('refuses without a valid admin key, and bad input of every kind, changing nothing', async () => {
    const before = (await list()).total;
    expectError(await add({ email: 'x@example.org' }, FAST_WRONG_KEY), 401);
    expectError(await remove({ email: 'reader.one@example.org', reason: 'x' }, FAST_WRONG_KEY), 401);
    expectError(await t.app.inject({ method: 'GET', url: '/api/admin/suppressions' }), 401);
    for (const payload of [
      {},
      { email: 'not an address' },
      { email: 'a@example.org', reason: 'spite' },
      { email: 'a@example.org', note: 'n'.repeat(501) },
      { email: ['a@example.org'] },
      { email: `${'a'.repeat(400)}@example.org` },
    ])
      expectError(await add(payload), 400);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/suppressions?offset=-1', headers: bearer(token) }),
      400,
    );
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/admin/suppressions?offset=abc', headers: bearer(token) }),
      400,
    );
    expectError(await add({ email: 'reader.one@example.org', reason: 'bounce' }), 409, /already on the list/);
    expect((await list()).total).toBe(before);
    expect((await list('?search=reader.one')).entries[0]?.reason).toBe('complaint');
  });

  it('of parallel adds of one address (any spelling) exactly one succeeds; parallel removes, exactly one', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => add({ email: index % 2 ? 'Race@Example.org' : 'race@example.org' })),
    );
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(19);
    const removals = await Promise.all(
      Array.from({ length: 10 }, () => remove({ email: 'race@example.org', reason: 'a test' })),
    );
    expect(removals.filter((res) => res.statusCode === 200)).toHaveLength(1);
    expect(removals.filter((res) => res.statusCode === 404)).toHaveLength(9);
  });

  it('pages 100 at a time', async () => {
    for (let index = 0; index < 130; index++)
      await suppressAddress(t.services.db, { email: `page-${index}@bulk.example`, reason: 'bounce' });
    const first = await list('?search=bulk.example');
    const second = await list('?search=bulk.example&offset=100');
    expect(first.total).toBe(130);
    expect(first.entries).toHaveLength(100);
    expect(second.entries).toHaveLength(30);
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.email)).size).toBe(130);
  });
});

describe('findSuppressed (for checking an imported list)', () => {
  it('answers which of thousands of addresses are listed, in any spelling', async () => {
    await suppressAddress(t.services.db, { email: 'hidden-7@import.example', reason: 'complaint' });
    await suppressAddress(t.services.db, { email: 'hidden-1999@import.example', reason: 'bounce' });
    const addresses = Array.from({ length: 2_000 }, (_, index) => `Hidden-${index}@Import.example`);
    expect(await findSuppressed(t.services.db, addresses)).toEqual(
      new Set(['hidden-7@import.example', 'hidden-1999@import.example']),
    );
    expect(await findSuppressed(t.services.db, [])).toEqual(new Set());
  });
});
