import { describe, expect, it } from 'vitest';
import { PUBLISH_AT_REQUIRED, SLUG_LOOKS_LIKE_POST_ID } from '../../../domain/blog.schema.js';
import { PREVIEW_SESSION_PATH } from '../../../domain/post-states.js';
import { SLUG_MESSAGE } from '../../../domain/slugs.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError, getList, type InjectOptions } from '../../test-support/http.js';
import { TEST_ADMIN_PASSWORD, validBlogPost } from '../../test-support/test-app.js';
import { POST_SLUG_TAKEN } from './blog-router.js';

type Post = {
  id: string;
  title: string;
  slug: string;
  url: string;
  status: string;
  publishedAt: string;
  content: string;
  contentFormat: string;
  contentHtml: string;
  metaDescription: string;
  socialImage: string;
};

const context = useTestApp();
const inject = (options: InjectOptions) => context.t.app.inject(options);
const create = (payload: object) => createVia<Post>(context.t.app, '/api/blog', context.token, payload);
const update = (id: string, payload: object) =>
  inject({ method: 'PUT', url: `/api/blog/${id}`, headers: bearer(context.token), payload });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('/api/blog: the documented shape, with fields added', () => {
  it('publishes a post sent without a state, as before, and adds slug, url, format and rendered HTML', async () => {
    const created = await create({ ...validBlogPost, title: 'Shape Check' });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Shape Check',
      summary: validBlogPost.summary,
      content: validBlogPost.content,
      category: validBlogPost.category,
      coverImage: validBlogPost.coverImage,
      publishedAt: expect.any(String),
      status: 'published',
      slug: 'shape-check',
      url: '/blog/shape-check',
      contentFormat: 'markdown',
      contentHtml: '<p>First paragraph.</p>\n<p>Second paragraph.</p>\n',
      metaDescription: '',
      socialImage: '',
    });
    const listed = (await getList<Post>(context.t.app, '/api/blog')).find((post) => post.id === created.id);
    expect(listed).toEqual(created);
    const byId = await inject({ method: 'GET', url: `/api/blog/${created.id}` });
    expect(byId.json()).toEqual(created);
  });

  it('keeps a plain-text post as it always rendered', async () => {
    const created = await create({ ...validBlogPost, contentFormat: 'plain', content: 'One *line*\nTwo <b>' });
    expect(created.contentHtml).toBe('<p>One *line*</p>\n<p>Two &lt;b&gt;</p>');
  });

  it('renders Markdown without raw HTML or unsafe links', async () => {
    const created = await create({
      ...validBlogPost,
      content: '*ash* [x](javascript:alert(1)) <img src=x onerror=alert(1)> ![p](javascript:1)',
    });
    expect(created.contentHtml).toContain('<em>ash</em>');
    expect(created.contentHtml).not.toMatch(/<img|<a |onerror="|javascript:alert\(1\)"/);
  });
});

describe('post states', () => {
  it('keeps drafts and scheduled posts out of every public read, and lists them for the admin', async () => {
    const draft = await create({ ...validBlogPost, title: 'A Draft', status: 'draft' });
    const scheduled = await create({ ...validBlogPost, title: 'Later', status: 'scheduled', publishAt: inAnHour() });
    expect(draft.status).toBe('draft');
    expect(scheduled.status).toBe('scheduled');
    const publicIds = (await getList<Post>(context.t.app, '/api/blog')).map((post) => post.id);
    expect(publicIds).not.toContain(draft.id);
    expect(publicIds).not.toContain(scheduled.id);
    for (const post of [draft, scheduled]) {
      expectError(await inject({ method: 'GET', url: `/api/blog/${post.id}` }), 404, 'Blog post not found');
      await expect(context.t.publicCaller().blog.bySlug({ slug: post.slug })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    const all = (await context.t.callerWithKey(context.token).blog.adminList()).items;
    expect(all.map((post) => [post.id, post.status])).toEqual(
      expect.arrayContaining([
        [draft.id, 'draft'],
        [scheduled.id, 'scheduled'],
      ]),
    );
    await expect(context.t.publicCaller().blog.adminList()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it("lists posts for the admin without their text, and gives the editor one post's text, in any state", async () => {
    const draft = await create({ ...validBlogPost, title: 'Draft with text', status: 'draft' });
    const admin = context.t.callerWithKey(context.token);
    const listed = (await admin.blog.adminList()).items.find((post) => post.id === draft.id)!;
    expect(listed).toMatchObject({ title: 'Draft with text', status: 'draft', url: `/blog/${draft.slug}` });
    expect(listed).not.toHaveProperty('content');
    expect(listed).not.toHaveProperty('contentHtml');
    const opened = await admin.blog.adminGet({ id: draft.id });
    expect(opened).toMatchObject({ id: draft.id, content: validBlogPost.content, status: 'draft' });
    expect(opened).not.toHaveProperty('contentHtml');
    await expect(admin.blog.adminGet({ id: 'no-such-post' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(context.t.publicCaller().blog.adminGet({ id: draft.id })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('stores the publish time as UTC, whatever offset it was sent with', async () => {
    const scheduled = await create({ ...validBlogPost, status: 'scheduled', publishAt: '2030-05-01T09:30:00+02:00' });
    expect(scheduled.publishedAt).toBe('2030-05-01T07:30:00.000Z');
  });

  it('publishes at once a post scheduled for a time already past', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const post = await create({ ...validBlogPost, status: 'scheduled', publishAt: past });
    expect(post).toMatchObject({ status: 'published', publishedAt: past });
  });

  it('keeps the state on an update without one, and dates a post when it is published', async () => {
    const draft = await create({ ...validBlogPost, title: 'Keeps state', status: 'draft' });
    const edited = await update(draft.id, { ...validBlogPost, title: 'Keeps state', summary: 'Edited.' });
    expect(edited.json<Post>().status).toBe('draft');
    const before = Date.now();
    const published = await update(draft.id, { ...validBlogPost, title: 'Keeps state', status: 'published' });
    const post = published.json<Post>();
    expect(post.status).toBe('published');
    expect(Date.parse(post.publishedAt)).toBeGreaterThanOrEqual(before - 1000);
    const again = await update(draft.id, { ...validBlogPost, title: 'Keeps state', status: 'published' });
    expect(again.json<Post>().publishedAt).toBe(post.publishedAt);
  });

  it.each([
    [{ status: 'live' }, /^Status must be one of: draft, scheduled, published/],
    [{ status: 'scheduled' }, PUBLISH_AT_REQUIRED],
    [{ status: 'scheduled', publishAt: 'tomorrow' }, /Publish time must be a date and time/],
    [{ status: 'scheduled', publishAt: '2026-13-45T99:00:00Z' }, /Publish time must be a date and time/],
    [{ status: 'scheduled', publishAt: 12 }, /Publish time must be a date and time/],
    [{ contentFormat: 'html' }, /^Content format must be one of: plain, markdown/],
    [{ slug: 'Not A Slug' }, SLUG_MESSAGE],
    [{ slug: '123e4567-e89b-12d3-a456-426614174000' }, SLUG_LOOKS_LIKE_POST_ID],
    [{ socialImage: 'javascript:alert(1)' }, /Social image must be a valid URL/],
  ])('refuses %j with 400 and a clear message, storing nothing', async (change, message) => {
    const before = (await context.t.callerWithKey(context.token).blog.adminList()).items.length;
    const res = await inject({
      method: 'POST',
      url: '/api/blog',
      headers: bearer(context.token),
      payload: { ...validBlogPost, ...change },
    });
    expectError(res, 400, message);
    expect((await context.t.callerWithKey(context.token).blog.adminList()).items.length).toBe(before);
  });
});

describe('slugs', () => {
  it('makes unique slugs from titles', async () => {
    const first = await create({ ...validBlogPost, title: 'Night Falls on Vesperhold!' });
    const second = await create({ ...validBlogPost, title: 'Night falls on Vesperhold' });
    expect(first.slug).toBe('night-falls-on-vesperhold');
    expect(second.slug).toBe('night-falls-on-vesperhold-2');
  });

  it('answers 409 to a slug another post uses, on create and on update, changing nothing', async () => {
    const taken = await create({ ...validBlogPost, slug: 'taken-slug' });
    const other = await create({ ...validBlogPost, slug: 'other-slug' });
    expectError(
      await inject({
        method: 'POST',
        url: '/api/blog',
        headers: bearer(context.token),
        payload: { ...validBlogPost, slug: 'taken-slug' },
      }),
      409,
      POST_SLUG_TAKEN,
    );
    expectError(await update(other.id, { ...validBlogPost, slug: taken.slug }), 409, POST_SLUG_TAKEN);
    const reread = await context.t.publicCaller().blog.bySlug({ slug: 'other-slug' });
    expect(reread.id).toBe(other.id);
  });

  it("gives the post page its rendered text only: the Markdown source stays out of the page's state", async () => {
    const created = await inject({
      method: 'POST',
      url: '/api/blog',
      headers: bearer(context.token),
      payload: { ...validBlogPost, slug: 'rendered-only', content: 'Some **bold** words.' },
    });
    expect(created.statusCode).toBe(201);
    const post = await context.t.publicCaller().blog.bySlug({ slug: 'rendered-only' });
    expect(post.contentHtml).toContain('<strong>bold</strong>');
    expect(post).not.toHaveProperty('content');
  });

  it('answers every racing write for one slug with 201 or 409, never 500', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject({
          method: 'POST',
          url: '/api/blog',
          headers: bearer(context.token),
          payload: { ...validBlogPost, slug: 'raced-slug' },
        }),
      ),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(11);
  });

  it('finds a post by its slug, its id and every slug it had before', async () => {
    const post = await create({ ...validBlogPost, slug: 'first-name' });
    await update(post.id, { ...validBlogPost, slug: 'second-name' });
    const renamed = (await update(post.id, { ...validBlogPost, slug: 'third-name' })).json<Post>();
    expect(renamed).toMatchObject({ slug: 'third-name', url: '/blog/third-name' });
    for (const slug of ['third-name', 'second-name', 'first-name', post.id]) {
      const found = await context.t.publicCaller().blog.bySlug({ slug });
      expect(found.slug, slug).toBe('third-name');
    }
    // An update without a slug keeps it.
    expect((await update(post.id, { ...validBlogPost })).json<Post>().slug).toBe('third-name');
  });

  it('lets a new post take an old slug, which then means the new post', async () => {
    const post = await create({ ...validBlogPost, slug: 'moving-house' });
    await update(post.id, { ...validBlogPost, slug: 'moved-house' });
    const newcomer = await create({ ...validBlogPost, slug: 'moving-house' });
    expect((await context.t.publicCaller().blog.bySlug({ slug: 'moving-house' })).id).toBe(newcomer.id);
    expect((await context.t.publicCaller().blog.bySlug({ slug: 'moved-house' })).id).toBe(post.id);
  });

  it('gives a post its previous and next published posts, skipping drafts', async () => {
    const titles = ['Neighbour One', 'Neighbour Two', 'Neighbour Three'];
    const posts: Post[] = [];
    for (const title of titles) {
      posts.push(await create({ ...validBlogPost, title }));
      await create({ ...validBlogPost, title: `${title} draft`, status: 'draft' });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const middle = await context.t.publicCaller().blog.bySlug({ slug: posts[1]!.slug });
    expect(middle.previous).toEqual({ slug: posts[0]!.slug, title: 'Neighbour One' });
    expect(middle.next).toEqual({ slug: posts[2]!.slug, title: 'Neighbour Three' });
  });
});

describe('preview', () => {
  it('shows any post to the signed-in admin and tells everyone else it does not exist', async () => {
    const draft = await create({ ...validBlogPost, title: 'Preview me', status: 'draft' });
    const preview = await context.t.callerWithKey(context.token).blog.preview({ id: draft.id });
    expect(preview).toMatchObject({ id: draft.id, status: 'draft', contentHtml: expect.stringContaining('<p>') });
    for (const key of [null, 'not-a-session-token-at-all', '']) {
      await expect(context.t.callerWithKey(key).blog.preview({ id: draft.id })).rejects.toMatchObject({
        code: 'NOT_FOUND',
      });
    }
  });

  it('withstands a burst of forged keys: each answered at once, nothing throttled, the admin unaffected', async () => {
    const draft = await create({ ...validBlogPost, title: 'Guarded', status: 'draft' });
    const forged = Array.from({ length: 200 }, (_, i) => `forged-${i}-${'x'.repeat(i % 40)}`);
    const cpuBefore = process.cpuUsage();
    const [previews, cookies] = await Promise.all([
      Promise.all(
        forged.map((key) =>
          context.t
            .callerWithKey(key, `10.9.${Math.floor(Math.random() * 250)}.1`)
            .blog.preview({ id: draft.id })
            .then(
              () => 'shown',
              (error: { code?: string }) => error.code,
            ),
        ),
      ),
      Promise.all(
        forged.map((key) =>
          inject({ method: 'POST', url: PREVIEW_SESSION_PATH, headers: bearer(key) }).then((res) => res.statusCode),
        ),
      ),
    ]);
    expect(new Set(previews)).toEqual(new Set(['NOT_FOUND']));
    expect(new Set(cookies)).toEqual(new Set([401]));
    // Session lookups only: no password hashing, so 400 refusals cost less CPU than a few dozen scrypt checks
    // (~0.4 s each; every thread of this process, the app's included, is counted).
    const cpu = process.cpuUsage(cpuBefore);
    expect((cpu.user + cpu.system) / 1000, 'CPU time for 400 forged keys, ms').toBeLessThan(10_000);
    // The password itself is not a preview key either (it is never tried there).
    await expect(context.t.callerWithKey(TEST_ADMIN_PASSWORD).blog.preview({ id: draft.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const still = await context.t.callerWithKey(context.token).blog.preview({ id: draft.id });
    expect(still.title).toBe('Guarded');
  });

  it('sets the HttpOnly preview cookie for a session token only', async () => {
    const ok = await inject({ method: 'POST', url: PREVIEW_SESSION_PATH, headers: bearer(context.token) });
    expect(ok.statusCode).toBe(204);
    const cookie = String(ok.headers['set-cookie']);
    expect(cookie).toContain(`adminPreview=${context.token}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Path=\/blog\/preview\//);
    for (const headers of [{}, bearer('x'.repeat(40)), bearer(TEST_ADMIN_PASSWORD)]) {
      const refused = await inject({ method: 'POST', url: PREVIEW_SESSION_PATH, headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
  });
});
