import { describe, expect, it } from 'vitest';
import { blogPostInputSchema } from '../../../domain/blog.schema.js';
import { COVER_IMAGE_MESSAGE } from '../../../domain/images.js';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { createBlogPost } from './blog-posts-repository.js';
import { useTestApp } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';
import { validBlogPost } from '../../test-support/test-app.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
type Post = { id: string; title: string; category: string; publishedAt: string };

const context = useTestApp();

describeContentContract(context, {
  name: 'Blog post',
  url: '/api/blog',
  validPayload: () => ({ ...validBlogPost }),
  changes: { title: 'Chapter drop, revised', category: 'soundtracks', summary: 'New summary.' },
  requiredFields: {
    title: 'Title is required',
    summary: 'Summary is required',
    content: 'Content is required',
    category: 'Category must be one of: announcements, behind-scenes, soundtracks',
  },
  textBounds: {
    title: { max: TEXT_LIMITS.title },
    summary: { max: TEXT_LIMITS.summary },
    content: { max: TEXT_LIMITS.content },
    coverImage: { max: TEXT_LIMITS.url, prefix: '/objects/' },
  },
});

describe('/api/blog rules', () => {
  const inject = (options: InjectOptions) => context.t.app.inject(options);
  const post = (payload: object) =>
    inject({ method: 'POST', url: '/api/blog', headers: bearer(context.token), payload });

  /** Posts with known publication dates, written straight to the database. */
  async function seedDatedPosts(): Promise<void> {
    const dated = [
      ['Old announcement', 'announcements', '2020-01-01T00:00:00.000Z'],
      ['Newest soundtrack', 'soundtracks', '2030-06-01T00:00:00.000Z'],
      ['Middle scenes', 'behind-scenes', '2025-03-01T00:00:00.000Z'],
      ['Future announcement', 'announcements', '2030-01-01T00:00:00.000Z'],
    ] as const;
    for (const [title, category, publishedAt] of dated) {
      await createBlogPost(
        context.t.services.db,
        blogPostInputSchema.parse({ ...validBlogPost, title, category }),
        publishedAt,
      );
    }
    // The posts went around the API: a content write is what clears the public cache.
    context.t.services.cache.clear();
  }

  it('stamps publishedAt on create (ISO-8601 in JSON) and ignores one sent by the client', async () => {
    const before = Date.now();
    const res = await post({ ...validBlogPost, publishedAt: '1999-01-01T00:00:00.000Z' });
    const created = res.json<Post>();
    expect(created.publishedAt).toMatch(ISO_8601);
    expect(Date.parse(created.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('lists posts newest first and filters by ?category=', async () => {
    await seedDatedPosts();
    // Every post of the test's site fits in one page of the most a page holds.
    const all = await getList<Post>(context.t.app, '/api/blog?limit=50');
    expect(all.length).toBeLessThan(50);
    const dates = all.map((p) => Date.parse(p.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(all.slice(0, 2).map((p) => p.title)).toEqual(['Newest soundtrack', 'Future announcement']);
    all.forEach((p) => expect(p.publishedAt).toMatch(ISO_8601));

    for (const category of ['announcements', 'behind-scenes', 'soundtracks']) {
      const filtered = await getList<Post>(context.t.app, `/api/blog?category=${category}&limit=50`);
      expect(filtered.length).toBeGreaterThan(0);
      expect(filtered.every((p) => p.category === category)).toBe(true);
      expect(filtered).toEqual(all.filter((p) => p.category === category));
    }
  });

  it.each(['all', 'news', '', 'ANNOUNCEMENTS'])('refuses the unknown category %j with 400', async (category) => {
    expectError(
      await inject({ method: 'GET', url: `/api/blog?category=${category}` }),
      400,
      'Category must be one of: announcements, behind-scenes, soundtracks',
    );
  });

  it('keeps publishedAt when a post is updated', async () => {
    const created = await createVia<Post>(context.t.app, '/api/blog', context.token, validBlogPost);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await inject({
      method: 'PUT',
      url: `/api/blog/${created.id}`,
      headers: bearer(context.token),
      payload: { ...validBlogPost, title: 'Edited', publishedAt: '2001-01-01T00:00:00.000Z' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Edited', publishedAt: created.publishedAt });
    expect((await inject({ method: 'GET', url: `/api/blog/${created.id}` })).json()).toMatchObject({
      publishedAt: created.publishedAt,
    });
  });

  it('applies the cover image rule with the spec message', async () => {
    expect((await post({ ...validBlogPost, coverImage: '/objects/post.png' })).statusCode).toBe(201);
    expectError(await post({ ...validBlogPost, coverImage: 'post.png' }), 400, COVER_IMAGE_MESSAGE);
  });

  it('shows a new post in the filtered list immediately', async () => {
    await getList(context.t.app, '/api/blog?category=soundtracks');
    const created = await createVia<Post>(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      category: 'soundtracks',
      title: 'Fresh score',
    });
    const filtered = await getList<Post>(context.t.app, '/api/blog?category=soundtracks');
    expect(filtered).toContainEqual(created);
  });
});
