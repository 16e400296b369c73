import type { LightMyRequestResponse } from 'fastify';
import { sql, type KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PAGE, BAD_CURSOR } from '../../domain/admin-lists.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer, expectError } from '../test-support/http.js';
import { createCaller } from '../trpc/app-router.js';
import { createRequestContext } from '../trpc/context.js';

/** The size of the list the attack found answered whole: 597,551 subscribers in 19 s, 155 MB, RSS 770 MB. */
const SUBSCRIBERS = 600_000;
/** One listed subscriber as JSON is about 300 bytes; a page may not cost more than this a row. */
const MAX_BYTES_PER_ROW = 400;

const two = (n: string) => sql`CASE WHEN ${sql.raw(n)} < 10 THEN '0' || ${sql.raw(n)} ELSE '' || ${sql.raw(n)} END`;

/**
 * SUBSCRIBERS rows in one INSERT … SELECT over a recursive CTE (both engines): a hundred a day from 2020 on
 * (same-day rows tie on created_at, so the pages' order rests on the id too), one in ten unsubscribed, one in
 * four never confirmed, one in five with interests, sources from two forms and an import.
 */
async function seedSubscribers(db: AppDatabase, count: number): Promise<void> {
  await sql`INSERT INTO newsletter_subscriptions (id, email, is_active, created_at, confirmed_at, interests, source)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    SELECT 'seed-' || i, 'reader' || i || '@example.com', CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END,
      '' || (2020 + i / 33600) || '-' || ${two('(1 + (i / 2800) % 12)')} || '-' || ${two('(1 + (i / 100) % 28)')} ||
        'T12:00:00.000Z',
      CASE WHEN i % 4 = 0 THEN NULL ELSE '2020-01-01T00:00:00.000Z' END,
      CASE WHEN i % 5 = 0 THEN '["new-releases"]' ELSE NULL END,
      CASE WHEN i % 3 = 0 THEN 'import:Mailchimp' WHEN i % 3 = 1 THEN 'form:/' ELSE 'form:/newsletter' END
    FROM n`.execute(db);
}

/** Counts the rows every query of `db` hands back to the server. */
function countingRows(db: AppDatabase): { db: AppDatabase; rows: () => number } {
  let rows = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      rows += args.result.rows.length;
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), rows: () => rows };
}

const context = useTestApp();

describe(`the admin's subscriber list with ${SUBSCRIBERS.toLocaleString('en')} subscribers`, () => {
  beforeAll(async () => {
    await seedSubscribers(context.t.services.db, SUBSCRIBERS);
  }, 120_000);

  const get = (url: string) => context.t.app.inject({ method: 'GET', url, headers: bearer(context.token) });

  it('answers GET /api/admin/newsletter with one bounded page, newest first, and the next page by its cursor', async () => {
    const first = await get('/api/admin/newsletter');
    expect(first.statusCode, first.body.slice(0, 300)).toBe(200);
    const page = first.json<{ id: string; email: string; createdAt: string }[]>();
    expect(page).toHaveLength(ADMIN_PAGE.defaultLimit);
    expect(first.rawPayload.length).toBeLessThan(ADMIN_PAGE.defaultLimit * MAX_BYTES_PER_ROW);
    const dates = page.map((row) => row.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    expect(first.headers.link).toBe(`</api/admin/newsletter?cursor=${String(cursor)}>; rel="next"`);

    const second = await get(`/api/admin/newsletter?cursor=${String(cursor)}`);
    expect(second.statusCode).toBe(200);
    const next = second.json<{ id: string; createdAt: string }[]>();
    expect(next).toHaveLength(ADMIN_PAGE.defaultLimit);
    expect(new Set([...page, ...next].map((row) => row.id)).size).toBe(2 * ADMIN_PAGE.defaultLimit);
    expect(next[0]!.createdAt <= page.at(-1)!.createdAt).toBe(true);
  });

  it('gives at most the largest page, and refuses a larger limit or a forged cursor (400, nothing read)', async () => {
    const largest = await get(`/api/admin/newsletter?limit=${ADMIN_PAGE.maxLimit}`);
    expect(largest.statusCode).toBe(200);
    expect(largest.json<unknown[]>()).toHaveLength(ADMIN_PAGE.maxLimit);
    expect(largest.rawPayload.length).toBeLessThan(ADMIN_PAGE.maxLimit * MAX_BYTES_PER_ROW);
    expectError(
      await get(`/api/admin/newsletter?limit=${ADMIN_PAGE.maxLimit + 1}`),
      400,
      `Limit must be at most ${ADMIN_PAGE.maxLimit}`,
    );
    expectError(await get('/api/admin/newsletter?limit=all'), 400, 'Limit must be a number');
    expectError(await get('/api/admin/newsletter?cursor=not-a-cursor'), 400, BAD_CURSOR);
    expectError(await get(`/api/admin/newsletter?cursor=${'x'.repeat(400)}`), 400, BAD_CURSOR);
  });

  it('reads from the database only the rows of the page asked for (and one more), on any page', async () => {
    const counting = countingRows(context.t.services.db);
    const admin = createCaller(() =>
      createRequestContext(
        { ...context.t.services, db: counting.db },
        { ip: '127.0.0.1', headers: bearer(context.token) },
      ),
    );
    const first = await admin.admin.newsletterSubscriptions({ limit: 50 });
    const afterFirst = counting.rows();
    expect(first.items).toHaveLength(50);
    // The page, the row that says another follows, and the admin session's own rows.
    expect(afterFirst).toBeLessThanOrEqual(51 + 5);
    const deep = await admin.admin.newsletterSubscriptions({ limit: 50, cursor: first.nextCursor, status: 'pending' });
    expect(deep.items).toHaveLength(50);
    expect(deep.items.every((row) => row.status === 'pending')).toBe(true);
    expect(counting.rows() - afterFirst).toBeLessThanOrEqual(51 + 5);
  });

  it('finds an address by part of it, and counts by status without sending the rows', async () => {
    const found = await get('/api/admin/newsletter?search=READER59999');
    expect(found.statusCode).toBe(200);
    const emails = found.json<{ email: string }[]>().map((row) => row.email);
    expect(emails.sort()).toEqual(
      ['reader59999@example.com', ...Array.from({ length: 10 }, (_, d) => `reader59999${d}@example.com`)].sort(),
    );
    const counting = countingRows(context.t.services.db);
    const admin = createCaller(() =>
      createRequestContext(
        { ...context.t.services, db: counting.db },
        { ip: '127.0.0.1', headers: bearer(context.token) },
      ),
    );
    const summary = await admin.admin.newsletterSummary({ search: '' });
    expect(summary.counts).toEqual({
      all: SUBSCRIBERS,
      unsubscribed: SUBSCRIBERS / 10,
      // Of the active nine in ten: those with i % 4 = 0 are pending (i divisible by 4 but not by 10).
      pending: SUBSCRIBERS / 4 - SUBSCRIBERS / 20,
      active: SUBSCRIBERS - SUBSCRIBERS / 10 - (SUBSCRIBERS / 4 - SUBSCRIBERS / 20),
      bounced: 0,
    });
    expect(summary.sources).toEqual(['form:/', 'form:/newsletter', 'import:Mailchimp']);
    expect(summary.interests).toEqual(['new-releases']);
    expect(counting.rows()).toBeLessThanOrEqual(20);
    const narrowed = await admin.admin.newsletterSummary({ search: '', interest: 'none', source: 'import:Mailchimp' });
    // i divisible by 3 and not by 5.
    expect(narrowed.counts.all).toBe(SUBSCRIBERS / 3 - SUBSCRIBERS / 15);
  });
});

describe('walking an admin list page by page', () => {
  const walk = async (url: string) => {
    const seen: string[] = [];
    let next: string | null = url;
    let pages = 0;
    while (next) {
      const res: LightMyRequestResponse = await context.t.app.inject({
        method: 'GET',
        url: next,
        headers: bearer(context.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json<{ id: string }[]>().map((row) => row.id));
      pages += 1;
      next = /^<([^>]+)>; rel="next"$/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    return { seen, pages };
  };

  it('gives every contact message once, even when many share their time to the millisecond', async () => {
    const db = context.t.services.db;
    await sql`INSERT INTO contact_submissions (id, name, email, message, created_at)
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 250)
      SELECT 'message-' || i, 'Reader ' || i, 'r' || i || '@example.com', 'Hello', '2026-01-01T00:00:00.000Z' FROM n`.execute(
      db,
    );
    const { seen, pages } = await walk('/api/admin/contact?limit=100');
    expect(pages).toBe(3);
    expect(seen).toHaveLength(250);
    expect(new Set(seen).size).toBe(250);
  });
});
