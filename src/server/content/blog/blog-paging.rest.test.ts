import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOG_CARD_PAGE, BLOG_POST_PAGE, CURATED_LIST_PAGE, UNKNOWN_CURSOR } from '../../../domain/paging.js';
import { useTestApp } from '../../test-support/app-context.js';
import { createVia, expectError, getList } from '../../test-support/http.js';
import { validBook } from '../../test-support/test-app.js';

type Post = { id: string; title: string; publishedAt: string; content: string; contentHtml: string };

const context = useTestApp();
const POSTS = 75;

/** Published posts written straight into the database (as an import leaves them), newest first by number. */
async function seedPosts(count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, n) => ({
    id: `paged-${String(n).padStart(3, '0')}`,
    title: `Paged post ${n}`,
    summary: `Summary ${n}`,
    content: `The text of post ${n}.`,
    category: n % 2 === 0 ? 'announcements' : 'soundtracks',
    coverImage: '',
    publishedAt: new Date(Date.UTC(2030, 0, 1) - n * 60_000).toISOString(),
    slug: `paged-post-${n}`,
  }));
  await context.t.services.db.insertInto('blogPosts').values(rows).execute();
  context.t.services.cache.clear();
}

const get = (url: string) => context.t.app.inject({ method: 'GET', url });

/** The superjson answer of one tRPC query. */
async function query<T>(procedure: string, input: unknown): Promise<T> {
  const res = await get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
  expect(res.statusCode, res.body).toBe(200);
  return superjson.deserialize<T>(
    (res.json() as { result: { data: Parameters<typeof superjson.deserialize>[0] } }).result.data,
  );
}

describe('the blog answers a page at a time (issue 30)', () => {
  beforeAll(() => seedPosts(POSTS));

  it('GET /api/blog: the newest 20 posts, with their text, as before; ?limit= and ?cursor= give the rest', async () => {
    const first = await getList<Post>(context.t.app, '/api/blog');
    expect(first).toHaveLength(BLOG_POST_PAGE.defaultLimit);
    expect(first.map((post) => post.title)).toEqual(Array.from({ length: 20 }, (_, n) => `Paged post ${n}`));
    expect(first[0]).toMatchObject({ content: 'The text of post 0.', contentHtml: '<p>The text of post 0.</p>' });

    const seen = [...first];
    for (let page = 0; page < 10 && seen.length < POSTS; page++) {
      const next = await getList<Post>(context.t.app, `/api/blog?limit=50&cursor=${seen.at(-1)!.id}`);
      expect(next.length).toBeLessThanOrEqual(BLOG_POST_PAGE.maxLimit);
      seen.push(...next);
    }
    expect(seen.map((post) => post.id)).toEqual(
      Array.from({ length: POSTS }, (_, n) => `paged-${String(n).padStart(3, '0')}`),
    );
    expect(await getList(context.t.app, `/api/blog?cursor=${seen.at(-1)!.id}`)).toEqual([]);
  });

  it('keeps ?category= with paging', async () => {
    const page = await getList<Post & { category: string }>(context.t.app, '/api/blog?category=soundtracks&limit=3');
    expect(page.map((post) => post.title)).toEqual(['Paged post 1', 'Paged post 3', 'Paged post 5']);
    const next = await getList<Post>(context.t.app, `/api/blog?category=soundtracks&limit=2&cursor=${page[2]!.id}`);
    expect(next.map((post) => post.title)).toEqual(['Paged post 7', 'Paged post 9']);
  });

  it.each([
    ['limit=51', `limit must be at most ${BLOG_POST_PAGE.maxLimit}`],
    ['limit=0', 'limit must be at least 1'],
    ['limit=lots', 'limit must be a number'],
    ['cursor=no-such-post', UNKNOWN_CURSOR],
    [`cursor=${'x'.repeat(101)}`, 'cursor must be an id of at most 100 characters'],
  ])('refuses ?%s with 400 and the reason', async (queryString, message) => {
    expectError(await get(`/api/blog?${queryString}`), 400, message);
  });

  it('blog.cards: numbered pages of cards without the text', async () => {
    const first = await query<{ items: object[]; page: number; pageCount: number; total: number }>('blog.cards', {});
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(POSTS / BLOG_CARD_PAGE.defaultLimit), total: POSTS });
    expect(first.items).toHaveLength(BLOG_CARD_PAGE.defaultLimit);
    expect(first.items.every((card) => !('content' in card) && !('contentHtml' in card))).toBe(true);
    const last = await query<{ items: Array<{ title: string }> }>('blog.cards', { page: first.pageCount });
    expect(last.items.at(-1)!.title).toBe(`Paged post ${POSTS - 1}`);
    expect((await query<{ items: object[] }>('blog.cards', { page: first.pageCount + 1 })).items).toEqual([]);
  });

  it('GET /api/blog/{id} reads one post with its text, an old post too', async () => {
    const res = await get('/api/blog/paged-070');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Paged post 70', content: 'The text of post 70.' });
    expectError(await get('/api/blog/no-such-post'), 404, 'Blog post not found');
  });
});

describe('the author’s lists answer a page at a time too', () => {
  it('GET /api/books?limit=&cursor=, at most 200 a page', async () => {
    const created = [];
    for (let n = 0; n < 3; n++)
      created.push(await createVia(context.t.app, '/api/books', context.token, { ...validBook, title: `Book ${n}` }));
    const all = await getList<{ id: string }>(context.t.app, '/api/books');
    expect(all.length).toBeGreaterThanOrEqual(3);
    const [first] = await getList<{ id: string }>(context.t.app, '/api/books?limit=1');
    expect(first).toEqual(all[0]);
    expect(await getList(context.t.app, `/api/books?limit=2&cursor=${all[0]!.id}`)).toEqual(all.slice(1, 3));
    for (const list of ['books', 'series', 'excerpts', 'art', 'playlists', 'newsletter/archive'])
      expectError(
        await get(`/api/${list}?limit=${CURATED_LIST_PAGE.maxLimit + 1}`),
        400,
        `limit must be at most ${CURATED_LIST_PAGE.maxLimit}`,
      );
  });
});
