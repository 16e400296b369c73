import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { createVia, getList } from '../../test-support/http.js';
import { validBook, validPreorderBook } from '../../test-support/test-app.js';

const context = useTestApp({ RATE_LIMITS: 'off' });
const post = (url: string, payload: object) => context.t.app.inject({ method: 'POST', url, payload });

/** How often each value occurs. */
const tally = (values: string[]) =>
  values.reduce((counts, v) => counts.set(v, (counts.get(v) ?? 0) + 1), new Map<string, number>());

describe('parallel submissions', () => {
  it('200 parallel subscriptions with distinct emails store exactly 200 rows, each once', async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `reader${i}@example.com`);
    const answers = await Promise.all(emails.map((email) => post('/api/newsletter', { email })));
    expect(answers.map((res) => res.statusCode)).toEqual(emails.map(() => 201));

    const rows = await context.t.services.db.selectFrom('newsletterSubscriptions').select(['id', 'email']).execute();
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((row) => row.id)).size).toBe(200);
    expect(rows.map((row) => row.email).sort()).toEqual([...emails].sort());
  });

  it('50 parallel subscriptions of one email in varying case store one row; the others get 409', async () => {
    const variants = Array.from({ length: 50 }, (_, i) => {
      const email = 'same.reader@example.com';
      const mixed = [...email].map((c, j) => ((i >> (j % 6)) & 1 ? c.toUpperCase() : c)).join('');
      return i % 3 === 0 ? `  ${mixed} ` : mixed;
    });
    const answers = await Promise.all(variants.map((email) => post('/api/newsletter', { email })));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toEqual({ error: 'This email is already subscribed' });

    const rows = await context.t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('email')
      // lower(), not LIKE: LIKE ignores case on SQLite but not on PostgreSQL.
      .where(sql<string>`lower(email)`, '=', 'same.reader@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(rows[0]!.email.trim());
  });

  it('100 parallel preorders store exactly 100 rows, each once', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook);
    const names = Array.from({ length: 100 }, (_, i) => `Customer ${i}`);
    const answers = await Promise.all(
      names.map((customerName) =>
        post('/api/preorders', {
          bookId: book.id,
          customerName,
          customerEmail: 'c@example.com',
          preferredFormat: 'paperback',
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(names.map(() => 201));
    expect(new Set(answers.map((res) => res.json<{ id: string }>().id)).size).toBe(100);

    const rows = await context.t.services.db.selectFrom('preorders').select(['customerName', 'bookTitle']).execute();
    expect(rows).toHaveLength(100);
    expect([...tally(rows.map((row) => row.customerName)).values()].every((count) => count === 1)).toBe(true);
    expect(rows.map((row) => row.customerName).sort()).toEqual([...names].sort());
    expect(new Set(rows.map((row) => row.bookTitle))).toEqual(new Set([validBook.title]));
  });

  it('parallel contact messages are each stored once', async () => {
    const messages = Array.from({ length: 50 }, (_, i) => `Message number ${i}`);
    const answers = await Promise.all(
      messages.map((message) => post('/api/contact', { name: 'Ada', email: 'ada@example.com', message })),
    );
    expect(answers.every((res) => res.statusCode === 201)).toBe(true);
    const rows = await context.t.services.db.selectFrom('contactSubmissions').select('message').execute();
    expect(rows.map((row) => row.message).sort()).toEqual([...messages].sort());
  });
});

describe('parallel admin writes and public reads', () => {
  it('every write is visible in the list that follows, however reads and writes interleave', async () => {
    const titles = Array.from({ length: 40 }, (_, i) => `Parallel ${i}`);
    const writes = titles.map((title) =>
      createVia(context.t.app, '/api/books', context.token, { ...validBook, title }),
    );
    const reads = titles.map(() => context.t.app.inject({ method: 'GET', url: '/api/books' }));
    const [, readAnswers] = await Promise.all([Promise.all(writes), Promise.all(reads)]);
    expect(readAnswers.every((res) => res.statusCode === 200)).toBe(true);

    const listed = (await getList<{ title: string }>(context.t.app, '/api/books')).map((book) => book.title);
    for (const title of titles) expect(listed).toContain(title);
  });
});
