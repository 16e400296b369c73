import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError } from '../../test-support/http.js';
import { expectTRPCError } from '../../test-support/trpc.js';
import { validExcerpt, validPreorderBook } from '../../test-support/test-app.js';

const context = useTestApp();

type Excerpt = { id: string; slug: string; title: string };

async function newExcerpt(changes: Record<string, unknown> = {}): Promise<Excerpt> {
  const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
    ...validPreorderBook,
    title: `Book ${Math.random()}`,
  });
  return createVia<Excerpt>(context.t.app, '/api/excerpts', context.token, { ...validExcerpt(book.id), ...changes });
}

const put = (excerpt: Excerpt, changes: Record<string, unknown>) =>
  context.t.app.inject({
    method: 'PUT',
    url: `/api/excerpts/${excerpt.id}`,
    headers: bearer(context.token),
    payload: changes,
  });

describe('excerpt slugs', () => {
  it('are made from the title, unique, and carried by the REST answers (a slug field added)', async () => {
    const first = await newExcerpt({ title: 'The Bell at Dusk' });
    const second = await newExcerpt({ title: 'The Bell at Dusk!' });
    expect([first.slug, second.slug]).toEqual(['the-bell-at-dusk', 'the-bell-at-dusk-2']);
    const read = await context.t.app.inject({ method: 'GET', url: `/api/excerpts/${first.id}` });
    expect(read.json()).toMatchObject({ id: first.id, slug: 'the-bell-at-dusk', title: 'The Bell at Dusk' });
    const list = (await context.t.app.inject({ method: 'GET', url: '/api/excerpts' })).json<Excerpt[]>();
    expect(list.find((excerpt) => excerpt.id === second.id)?.slug).toBe('the-bell-at-dusk-2');
  });

  it('are found by slug, by id and by an old slug (the page then moves to the slug it answers)', async () => {
    const excerpt = await newExcerpt({ title: 'Salt and Ash' });
    const visitor = context.t.publicCaller();
    expect((await visitor.excerpts.bySlug({ slug: 'salt-and-ash' })).id).toBe(excerpt.id);
    expect((await visitor.excerpts.bySlug({ slug: excerpt.id })).slug).toBe('salt-and-ash');
    const full = (await context.t.app.inject({ method: 'GET', url: `/api/excerpts/${excerpt.id}` })).json<object>();
    const edited = await put(excerpt, { ...full, slug: 'ash-and-salt' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ slug: 'ash-and-salt' });
    expect((await visitor.excerpts.bySlug({ slug: 'salt-and-ash' })).slug).toBe('ash-and-salt');
    expect((await visitor.excerpts.bySlug({ slug: 'ash-and-salt' })).id).toBe(excerpt.id);
    // An update without a slug (an older API client) keeps it.
    const { slug: _slug, ...withoutSlug } = full as { slug: string };
    expect((await put(excerpt, { ...withoutSlug, title: 'Renamed' })).json()).toMatchObject({ slug: 'ash-and-salt' });
    await expectTRPCError(visitor.excerpts.bySlug({ slug: 'no-such-excerpt' }), 'NOT_FOUND', 'Excerpt not found');
    // A new excerpt never takes an old address.
    expect((await newExcerpt({ title: 'Salt and Ash' })).slug).toBe('salt-and-ash-2');
  });

  it('refuse a taken slug (409), a malformed one or one shaped like an id (400), changing nothing', async () => {
    const taken = await newExcerpt({ title: 'Taken' });
    const other = await newExcerpt({ title: 'Other' });
    const full = (await context.t.app.inject({ method: 'GET', url: `/api/excerpts/${other.id}` })).json<object>();
    expectError(await put(other, { ...full, slug: taken.slug }), 409, 'Another excerpt already uses this slug');
    expectError(await put(other, { ...full, slug: 'Not A Slug' }), 400);
    expectError(await put(other, { ...full, slug: taken.id }), 400, 'Slug may not look like an excerpt id');
    expectError(await put(other, { ...full, slug: 'x'.repeat(81) }), 400);
    const after = (await context.t.app.inject({ method: 'GET', url: `/api/excerpts/${other.id}` })).json<Excerpt>();
    expect(after.slug).toBe('other');
    // Racing creates of one slug: one wins, the others are told (never a 500).
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validPreorderBook,
      title: 'Race',
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        context.t.app.inject({
          method: 'POST',
          url: '/api/excerpts',
          headers: bearer(context.token),
          payload: { ...validExcerpt(book.id), slug: 'one-slug' },
        }),
      ),
    );
    expect(answers.filter((res) => res.statusCode === 201 || res.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(5);
  });

  // The sitemap: seo-routes.test.ts.
  it('are the addresses the search results use', async () => {
    const excerpt = await newExcerpt({ title: 'Heralds of the Drowned Moon', content: 'The heralds sang underwater.' });
    const hits = await context.t.publicCaller().search.results({ q: 'heralds underwater' });
    const hit = hits.results.find((result) => result.id === excerpt.id);
    expect(hit?.url).toBe('/excerpts/heralds-of-the-drowned-moon');
  });
});
