import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATEGORY_LABEL } from '../../../domain/blog.js';
import { createFakeClientBuild, readFakeRender } from '../../test-support/fake-client-build.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../../test-support/test-app.js';
import {
  CATEGORY_NOT_FOUND,
  CATEGORY_SLUG_TAKEN,
  LAST_CATEGORY,
  MERGE_INTO_ITSELF,
  movePostsFirst,
  ORDER_MISMATCH,
} from './blog-categories-repository.js';

type Category = { id: string; slug: string; label: string; color: string; position: number };
type Post = { id: string; title: string; category: string; categoryLabel: string; categoryColor: string };

/** One app for the file, serving pages through the real page path with a stand-in renderer. */
const context = {} as { t: TestApp; token: string; remove: () => Promise<void> };
beforeAll(async () => {
  const build = await createFakeClientBuild();
  context.t = await createTestApp({}, { clientDir: build.clientDir });
  context.token = await openAdminSession(context.t.services);
  context.remove = build.remove;
});
afterAll(async () => {
  await context.t.close();
  await context.remove();
});

const inject = (options: InjectOptions) => context.t.app.inject(options);
const admin = () => bearer(context.token);
const categories = () => getList<Category>(context.t.app, '/api/blog/categories');
const slugs = async () => (await categories()).map((category) => category.slug);
const createCategory = (payload: object) =>
  inject({ method: 'POST', url: '/api/blog/categories', headers: admin(), payload });
const created = async (label: string, extra: object = {}) => {
  const res = await createCategory({ label, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
};
const writePost = (title: string, category: string, status = 'published') =>
  createVia<Post>(context.t.app, '/api/blog', context.token, { ...validBlogPost, title, category, status });
const postsIn = async (category: string) =>
  (await getList<Post>(context.t.app, `/api/blog?category=${category}&limit=50`)).map((post) => post.title);

describe('blog categories', () => {
  it('start as the three defaults, in order, each with its name and colour', async () => {
    expect(
      (await categories()).slice(0, 3).map(({ slug, label, color, position }) => ({ slug, label, color, position })),
    ).toEqual([
      { slug: 'announcements', label: 'Announcements', color: 'red', position: 0 },
      { slug: 'behind-scenes', label: 'Behind-the-Scenes', color: 'violet', position: 1 },
      { slug: 'soundtracks', label: 'Soundtracks', color: 'teal', position: 2 },
    ]);
  });

  it('are created by the author (slug from the name), file posts, filter the list and name themselves on posts', async () => {
    const notes = await created('Field Notes', { color: 'blue' });
    expect(notes).toMatchObject({ slug: 'field-notes', label: 'Field Notes', color: 'blue' });
    expect((await categories()).at(-1)!.slug).toBe('field-notes');
    const post = await writePost('A note from the field', 'field-notes');
    expect(post).toMatchObject({ category: 'field-notes', categoryLabel: 'Field Notes', categoryColor: 'blue' });
    expect(await postsIn('field-notes')).toEqual(['A note from the field']);
    // The posts' documented shape keeps every field it had.
    const listed = (await getList<Post & Record<string, unknown>>(context.t.app, '/api/blog?category=field-notes'))[0]!;
    for (const field of ['id', 'title', 'summary', 'content', 'category', 'coverImage', 'publishedAt', 'slug'])
      expect(listed).toHaveProperty(field);
  });

  it('refuse a post or a list naming a category the site lacks, naming those it has', async () => {
    const message = `Category must be one of: ${(await slugs()).join(', ')}`;
    for (const category of ['interviews', '', 'x'.repeat(10_000), 'ANNOUNCEMENTS'])
      expectError(
        await inject({ method: 'POST', url: '/api/blog', headers: admin(), payload: { ...validBlogPost, category } }),
        400,
        message,
      );
    expectError(await inject({ method: 'GET', url: '/api/blog?category=interviews' }), 400, message);
  });

  it('refuse hostile names and slugs with a clear 400, storing nothing', async () => {
    const before = await categories();
    const cases: Array<[object, string | RegExp]> = [
      [{ label: 'x'.repeat(10_000) }, `Name must be at most ${MAX_CATEGORY_LABEL} characters`],
      [{ label: '   ' }, 'Name is required'],
      [{}, 'Name is required'],
      [{ label: 'Ok', slug: '../admin' }, /Slug may use lowercase letters/],
      [{ label: 'Ok', slug: 'x'.repeat(10_000) }, /Slug must be at most/],
      [{ label: 'Ok', color: 'url(javascript:alert(1))' }, /^Colour must be one of/],
      [{ label: ['a'] }, 'Name is required'],
    ];
    for (const [payload, message] of cases) expectError(await createCategory(payload), 400, message);
    expectError(await createCategory({ label: 'Again', slug: 'announcements' }), 409, CATEGORY_SLUG_TAKEN);
    expect(await categories()).toEqual(before);
    // Writes are the author's alone.
    expect((await inject({ method: 'POST', url: '/api/blog/categories', payload: { label: 'Spam' } })).statusCode).toBe(
      401,
    );
  });

  it('are renamed: posts follow, and the old address answers 301 to the new one (the page and the API)', async () => {
    await created('Tour Diary');
    await writePost('On the road', 'tour-diary');
    const res = await inject({
      method: 'PUT',
      url: '/api/blog/categories/tour-diary',
      headers: admin(),
      payload: { label: 'Road Notes', slug: 'road-notes', color: 'orange' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Category>()).toMatchObject({ slug: 'road-notes', label: 'Road Notes', color: 'orange' });
    expect(await postsIn('road-notes')).toEqual(['On the road']);
    // An old filter of the API keeps answering the category's posts.
    expect(await postsIn('tour-diary')).toEqual(['On the road']);
    const page = await inject({ method: 'GET', url: '/blog?category=tour-diary&page=2&utm_source=x' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/blog?category=road-notes&page=2');
    expect((await inject({ method: 'GET', url: '/blog?category=road-notes' })).statusCode).toBe(200);
    // A blank slug keeps the slug; renaming an unknown category is a 404.
    const kept = await inject({
      method: 'PUT',
      url: '/api/blog/categories/road-notes',
      headers: admin(),
      payload: { label: 'Road Notes 2' },
    });
    expect(kept.json<Category>().slug).toBe('road-notes');
    expectError(
      await inject({ method: 'PUT', url: '/api/blog/categories/nope', headers: admin(), payload: { label: 'X' } }),
      404,
      CATEGORY_NOT_FOUND,
    );
  });

  it('answer parallel renames to one slug with one success and 409s, never a 500', async () => {
    await Promise.all(['Race A', 'Race B', 'Race C'].map((label) => created(label)));
    const answers = await Promise.all(
      ['race-a', 'race-b', 'race-c'].map((slug) =>
        inject({
          method: 'PUT',
          url: `/api/blog/categories/${slug}`,
          headers: admin(),
          payload: { label: 'Winner', slug: 'winner' },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const after = await slugs();
    expect(after.filter((slug) => slug === 'winner')).toHaveLength(1);
    // Parallel renames of one category: one wins, the others find it gone.
    const same = await Promise.all(
      ['w1', 'w2', 'w3'].map((slug) =>
        inject({ method: 'PUT', url: '/api/blog/categories/winner', headers: admin(), payload: { label: 'W', slug } }),
      ),
    );
    expect(same.map((res) => res.statusCode).sort()).toEqual([200, 404, 404]);
  });

  it('are merged: posts move, the merged address leads to the one kept', async () => {
    await created('Music Notes');
    await writePost('A new theme', 'music-notes');
    expectError(
      await inject({
        method: 'POST',
        url: '/api/blog/categories/music-notes/merge',
        headers: admin(),
        payload: { into: 'music-notes' },
      }),
      400,
      MERGE_INTO_ITSELF,
    );
    const res = await inject({
      method: 'POST',
      url: '/api/blog/categories/music-notes/merge',
      headers: admin(),
      payload: { into: 'soundtracks' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await slugs()).not.toContain('music-notes');
    expect(await postsIn('soundtracks')).toContain('A new theme');
    const page = await inject({ method: 'GET', url: '/blog?category=music-notes' });
    expect(page.statusCode).toBe(301);
    expect(page.headers.location).toBe('/blog?category=soundtracks');
  });

  it('are reordered with every slug exactly once', async () => {
    const order = (await slugs()).reverse();
    for (const wrong of [order.slice(1), [...order, order[0]], [...order.slice(1), 'nope'], []])
      expect(
        (
          await inject({
            method: 'PUT',
            url: '/api/blog/categories/order',
            headers: admin(),
            payload: { slugs: wrong },
          })
        ).statusCode,
      ).toBe(400);
    expectError(
      await inject({
        method: 'PUT',
        url: '/api/blog/categories/order',
        headers: admin(),
        payload: { slugs: order.slice(1) },
      }),
      400,
      ORDER_MISMATCH,
    );
    const res = await inject({
      method: 'PUT',
      url: '/api/blog/categories/order',
      headers: admin(),
      payload: { slugs: order },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await slugs()).toEqual(order);
  });

  it('are deleted moving their posts to another; one with posts needs a destination; the last one stays', async () => {
    await created('Short Lived');
    await writePost('Soon elsewhere', 'short-lived');
    await writePost('A draft too', 'short-lived', 'draft');
    expectError(
      await inject({ method: 'DELETE', url: '/api/blog/categories/short-lived', headers: admin() }),
      400,
      movePostsFirst(2),
    );
    expectError(
      await inject({ method: 'DELETE', url: '/api/blog/categories/short-lived?moveTo=nope', headers: admin() }),
      404,
    );
    const res = await inject({
      method: 'DELETE',
      url: '/api/blog/categories/short-lived?moveTo=announcements',
      headers: admin(),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(await slugs()).not.toContain('short-lived');
    expect(await postsIn('announcements')).toContain('Soon elsewhere');
    // Its address goes with it: no redirect; the page shows the whole blog (a made-up slug likewise).
    for (const url of ['/blog?category=short-lived', '/blog?category=made-up-123']) {
      const page = await inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(readFakeRender(page.body).url).toMatch(/\/blog$/);
    }

    // Down to one category: it cannot go.
    const remaining = await slugs();
    for (const slug of remaining.slice(1))
      expect(
        (
          await inject({
            method: 'DELETE',
            url: `/api/blog/categories/${slug}?moveTo=${remaining[0]}`,
            headers: admin(),
          })
        ).statusCode,
      ).toBe(204);
    expectError(
      await inject({ method: 'DELETE', url: `/api/blog/categories/${remaining[0]}`, headers: admin() }),
      400,
      LAST_CATEGORY,
    );
    // Every post still names a category the site has.
    const all = await getList<Post>(context.t.app, '/api/blog?limit=50');
    expect(new Set(all.map((post) => post.category))).toEqual(new Set([remaining[0]]));
  });
});
