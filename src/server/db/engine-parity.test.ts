import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookData } from '../../domain/books.schema.js';
import { subscriberPageInputSchema } from '../../domain/admin-lists.schema.js';
import type { AppDatabase } from './connection.js';
import { migrateToLatest } from './migrate.js';
import { openScratchDatabase, testDatabaseEngine, type ScratchDatabase } from '../test-support/test-database.js';
import { validBook } from '../test-support/test-app.js';
import { createBook, listBooks, updateBook } from '../content/books/books-repository.js';
import { subscribeToNewsletter, unsubscribeFromNewsletter } from '../newsletter/subscriptions-repository.js';
import { listReaders } from '../newsletter/readers/readers-repository.js';

/** The first page of subscribers, as the admin asks for it. */
const FIRST_PAGE = subscriberPageInputSchema.parse(undefined);

const bookData = (changes: Partial<BookData>): BookData => ({
  ...validBook,
  slug: null,
  seriesId: null,
  seriesNumber: null,
  editions: [],
  retailerLinks: [],
  ...changes,
});

/**
 * What the repositories hand out is the same on SQLite and PostgreSQL (this file runs in both the
 * `unit` and `unit-pg` projects): dates, booleans, ids, counts, case-insensitive email uniqueness
 * and the byte order of text.
 */
describe(`repository edge on ${testDatabaseEngine()}`, () => {
  let scratch: ScratchDatabase;
  let db: AppDatabase;
  beforeAll(async () => {
    scratch = await openScratchDatabase();
    db = scratch.db;
    await migrateToLatest(db);
  });
  afterAll(async () => scratch.close());

  it('treats an address in any case as one subscription, with dates as Date and booleans as boolean', async () => {
    const first = await subscribeToNewsletter(db, 'Reader@Example.com');
    expect(first.kind).toBe('subscribed');
    expect(await subscribeToNewsletter(db, 'reader@EXAMPLE.com')).toMatchObject({ kind: 'already-subscribed' });
    const results = await Promise.all(
      ['READER@example.com', 'reader@example.com', 'Reader@Example.COM'].map((email) =>
        subscribeToNewsletter(db, email),
      ),
    );
    expect(results.map((result) => result.kind)).toEqual([
      'already-subscribed',
      'already-subscribed',
      'already-subscribed',
    ]);
    const [listed, ...others] = (await listReaders(db, FIRST_PAGE, null)).items;
    expect(others).toEqual([]);
    expect(listed).toMatchObject({ email: 'Reader@Example.com', isActive: true, confirmedAt: null });
    expect(listed!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(listed!.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(listed!.createdAt.getTime())).toBe(false);

    await unsubscribeFromNewsletter(db, listed!.id);
    expect((await listReaders(db, FIRST_PAGE, null)).items[0]!.isActive).toBe(false);
    expect(await subscribeToNewsletter(db, 'READER@EXAMPLE.COM')).toMatchObject({ kind: 'reactivated' });
  });

  it('sorts text byte by byte (capitals before small letters, accents last)', async () => {
    for (const title of ['zebra', 'apple', 'Zebra', 'Banana', 'Émile']) await createBook(db, bookData({ title }));
    expect((await listBooks(db)).map((book) => book.title)).toEqual(['Banana', 'Zebra', 'apple', 'zebra', 'Émile']);
  });

  it('counts as numbers, and reports changed rows as bigint', async () => {
    const { count } = await db
      .selectFrom('books')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(5);
    const { rows } = await sql<{ total: number }>`SELECT sum("order") AS total FROM books`.execute(db);
    expect(rows[0]!.total).toBe(5);
    const result = await db.updateTable('books').set({ order: 2 }).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(5n);
    expect(await updateBook(db, '00000000-0000-4000-8000-000000000000', bookData({}))).toBeUndefined();
  });

  it('rolls a failed transaction back entirely', async () => {
    const before = (await listBooks(db)).length;
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('books')
          .values({ id: 'x1', ...validBook, slug: 'rolled-back' })
          .execute();
        await trx
          .insertInto('books')
          .values({ id: 'x1', ...validBook, slug: 'duplicate-id' })
          .execute();
      }),
    ).rejects.toThrow(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
    expect((await listBooks(db)).length).toBe(before);
  });
});
