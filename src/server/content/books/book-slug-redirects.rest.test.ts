import { describe, expect, it } from 'vitest';
import { SLUG_TAKEN } from './books-router.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError } from '../../test-support/http.js';
import { validBook } from '../../test-support/test-app.js';

const context = useTestApp();

type Listed = { id: string; slug: string; title: string };

/** Old addresses of a book: its id and every slug it had lead to it (the page answers 301). */
describe('book slug redirects', () => {
  const admin = () => bearer(context.token);
  const create = (payload: object) =>
    createVia<Listed>(context.t.app, '/api/books', context.token, { ...validBook, ...payload });
  const rename = async (book: Listed, slug: string) => {
    const res = await context.t.app.inject({
      method: 'PUT',
      url: `/api/books/${book.id}`,
      headers: admin(),
      payload: { ...validBook, title: book.title, slug },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Listed>();
  };
  const bySlug = (slug: string) => context.t.app.inject({ method: 'GET', url: `/api/books/by-slug/${slug}` });
  const leadsTo = async (slug: string) => {
    const res = await bySlug(slug);
    return res.statusCode === 200 ? res.json<Listed>().slug : res.statusCode;
  };
  const redirectsOf = (id: string) =>
    context.t.services.db
      .selectFrom('slugRedirects')
      .select(['kind', 'oldSlug'])
      .where('targetId', '=', id)
      .orderBy('oldSlug')
      .execute();

  it('collapses a chain of renames: A and B both lead straight to C', async () => {
    const book = await create({ title: 'Chain', slug: 'chain-a' });
    await rename(book, 'chain-b');
    await rename(book, 'chain-c');
    expect(await leadsTo('chain-a')).toBe('chain-c');
    expect(await leadsTo('chain-b')).toBe('chain-c');
    expect(await leadsTo('chain-c')).toBe('chain-c');
    expect(await leadsTo(book.id)).toBe('chain-c');
    expect(await redirectsOf(book.id)).toEqual([
      { kind: 'book', oldSlug: 'chain-a' },
      { kind: 'book', oldSlug: 'chain-b' },
    ]);
  });

  it('taking an old slug back drops its redirect; a blank slug or the same slug records nothing', async () => {
    const book = await create({ title: 'Back', slug: 'back-a' });
    await rename(book, 'back-b');
    await rename(book, 'back-a');
    expect(await redirectsOf(book.id)).toEqual([{ kind: 'book', oldSlug: 'back-b' }]);
    await rename(book, '');
    await rename(book, 'back-a');
    expect(await redirectsOf(book.id)).toEqual([{ kind: 'book', oldSlug: 'back-b' }]);
    expect(await leadsTo('back-b')).toBe('back-a');
  });

  it('a slug chosen on purpose may be another book’s old address: the new book takes it and the redirect goes', async () => {
    const old = await create({ title: 'First Holder', slug: 'contested' });
    await rename(old, 'first-holder');
    expect(await leadsTo('contested')).toBe('first-holder');
    const taker = await create({ title: 'Second Holder', slug: 'contested' });
    expect(taker.slug).toBe('contested');
    expect((await bySlug('contested')).json<Listed>().id).toBe(taker.id);
    expect(await redirectsOf(old.id)).toEqual([]);
    // The same on update: another existing book renamed onto an old address.
    await rename(taker, 'second-holder');
    const third = await create({ title: 'Third Holder' });
    await rename(third, 'contested');
    expect((await bySlug('contested')).json<Listed>().id).toBe(third.id);
    expect(await redirectsOf(taker.id)).toEqual([]);
  });

  it('a slug made from the title avoids old addresses, so they keep redirecting', async () => {
    const old = await create({ title: 'Ember Road' });
    expect(old.slug).toBe('ember-road');
    await rename(old, 'the-ember-road');
    const newcomer = await create({ title: 'Ember Road' });
    expect(newcomer.slug).toBe('ember-road-2');
    expect(await leadsTo('ember-road')).toBe('the-ember-road');
  });

  it('a current slug of another book stays refused with 409, whatever its history', async () => {
    const holder = await create({ title: 'Holder', slug: 'held' });
    const other = await create({ title: 'Other', slug: 'other-held' });
    expectError(
      await context.t.app.inject({
        method: 'PUT',
        url: `/api/books/${other.id}`,
        headers: admin(),
        payload: { ...validBook, slug: holder.slug },
      }),
      409,
      SLUG_TAKEN,
    );
    expect(await redirectsOf(other.id)).toEqual([]);
  });

  it('deleting a book drops its old addresses (they answer 404 and are free again)', async () => {
    const book = await create({ title: 'Gone', slug: 'gone-a' });
    await rename(book, 'gone-b');
    const res = await context.t.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: admin() });
    expect(res.statusCode).toBe(204);
    expect(await leadsTo('gone-a')).toBe(404);
    expect(await redirectsOf(book.id)).toEqual([]);
    expect((await create({ title: 'Gone' })).slug).toBe('gone');
  });

  it('renames racing in parallel leave one current slug per book and every old one leading to it', async () => {
    const book = await create({ title: 'Racer', slug: 'racer-0' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        context.t.app.inject({
          method: 'PUT',
          url: `/api/books/${book.id}`,
          headers: admin(),
          payload: { ...validBook, title: 'Racer', slug: `racer-${n + 1}` },
        }),
      ),
    );
    expect(results.map((res) => res.statusCode)).toEqual(Array(12).fill(200));
    const current = (await bySlug(book.id)).json<Listed>().slug;
    for (let n = 0; n <= 12; n += 1) expect(await leadsTo(`racer-${n}`)).toBe(current);
    expect((await redirectsOf(book.id)).map((row) => row.oldSlug)).not.toContain(current);
  });
});
