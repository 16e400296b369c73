import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../domain/import-export.js';
import { seedDemoDatabase } from '../operations/seed/demo-seed.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer, expectError } from '../test-support/http.js';
import { fixture, importOk } from '../test-support/import-requests.js';
import { imageUpload } from '../test-support/multipart.js';
import { photo } from '../test-support/photos.js';
import { validBlogPost, validBook } from '../test-support/test-app.js';
import { extractZip } from './zip-reader.js';

const site = useTestApp();
const emptySite = useTestApp();
const taggedSite = useTestApp();
let zip: Buffer;
let unpacked: string;

/** The names the zip holds, as extracted. */
async function entryNames(): Promise<string[]> {
  const entries = await readdir(path.join(unpacked, 'x'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(unpacked, 'x'), path.join(entry.parentPath, entry.name)));
}

beforeAll(async () => {
  await seedDemoDatabase(site.t.services.db, site.t.services.uploads);
  await importOk(site, 'source=subscribers', await fixture('mailchimp-audience.csv'));
  // A cover that is a processed upload: its book refers to its image row.
  const body = imageUpload(await photo(600, 900), 'cover.jpg', 'image/jpeg');
  const upload = await site.t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(site.token) },
    payload: body.payload,
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const cover = upload.json<{ path: string }>().path;
  await site.t
    .callerWithKey(site.token)
    .books.create({ ...validBook, title: 'The Photographed Crown', coverImage: cover });
  // The author's shape: a category of their own, tags, nested pages (one a draft).
  const caller = site.t.callerWithKey(site.token);
  await caller.blog.categories.create({ label: 'Field notes', slug: 'field-notes' });
  await caller.blog.create({
    ...validBlogPost,
    slug: 'tagged-notes',
    category: 'field-notes',
    tags: ['Islands', 'Lantern'],
  });
  const colophon = await caller.pages.create({ title: 'Colophon', content: 'How they are made.', status: 'published' });
  await caller.pages.create({ title: 'Paper', content: 'Soon.', parentId: colophon.id });
  const res = await site.t.app.inject({ method: 'GET', url: '/api/admin/export', headers: bearer(site.token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="site-export-\d{4}-\d{2}-\d{2}\.zip"$/);
  zip = res.rawPayload;
  unpacked = await mkdtemp(path.join(tmpdir(), 'export-test-'));
  const file = path.join(unpacked, 'export.zip');
  await writeFile(file, zip);
  await extractZip(file, path.join(unpacked, 'x'), () => true);
});
afterAll(() => rm(unpacked, { recursive: true, force: true }));

const tableRows = (
  context: typeof site,
  table: 'blogPosts' | 'books' | 'series' | 'artPieces' | 'playlists' | 'excerpts' | 'sitePages' | 'blogCategories',
) => context.t.services.db.selectFrom(table).selectAll().orderBy('id').execute();
/** Each post's tags (slug and name), in order. */
const postTags = (context: typeof site) =>
  context.t.services.db
    .selectFrom('blogPostTags')
    .innerJoin('blogTags', 'blogTags.id', 'blogPostTags.tagId')
    .select(['blogPostTags.postId', 'blogPostTags.position', 'blogTags.slug', 'blogTags.label'])
    .orderBy('blogPostTags.postId')
    .orderBy('blogPostTags.position')
    .execute();

describe('GET /api/admin/export', () => {
  it('refuses without the admin key', async () => {
    expectError(await site.t.app.inject({ method: 'GET', url: '/api/admin/export' }), 401);
  });

  it('holds Markdown with front matter, JSON, CSVs, every upload and a Ghost JSON', async () => {
    const names = await entryNames();
    const posts = await tableRows(site, 'blogPosts');
    for (const post of posts) expect(names).toContain(`posts/${post.slug}.md`);
    expect(names).toEqual(
      expect.arrayContaining([
        'README.txt',
        'content/books.json',
        'content/series.json',
        'content/art.json',
        'content/playlists.json',
        'content/excerpts.json',
        'content/categories.json',
        'content/tags.json',
        'content/post-tags.json',
        'content/pages.json',
        'subscribers.csv',
        'contact-messages.csv',
        'preorders.csv',
        'ghost.json',
      ]),
    );
    const uploads = await site.t.services.uploads.list();
    expect(uploads.length).toBeGreaterThan(0);
    for (const name of uploads) expect(names).toContain(`uploads/${name}`);
    const first = posts[0]!;
    const markdown = await readFile(path.join(unpacked, 'x', 'posts', `${first.slug}.md`), 'utf8');
    expect(markdown.startsWith(`---\nid: "${first.id}"\ntitle: ${JSON.stringify(first.title)}\n`)).toBe(true);
    expect(markdown).toContain(`slug: "${first.slug}"`);
    expect(markdown.endsWith(`${first.content.trimEnd()}\n`)).toBe(true);
    const subscribers = await readFile(path.join(unpacked, 'x', 'subscribers.csv'), 'utf8');
    expect(subscribers.split('\r\n')[0]).toBe('email,name,status,created_at,confirmed_at,unsubscribed_at,source');
    expect(subscribers).toContain('raven@example.com,Mira Vale,subscribed,2021-03-04T10:00:00.000Z');
    const ghost = JSON.parse(await readFile(path.join(unpacked, 'x', 'ghost.json'), 'utf8'));
    // Ghost keeps pages among its posts (type "page").
    const ghostPosts: Array<{ type: string }> = ghost.db[0].data.posts;
    expect(ghostPosts.filter((post) => post.type === 'post')).toHaveLength(posts.length);
    expect(ghostPosts.filter((post) => post.type === 'page')).toHaveLength(2);
    expect(ghost.db[0].data.members.map((member: { email: string }) => member.email)).toContain('raven@example.com');
  });

  it("the Ghost JSON imports back as Ghost: every post's text", async () => {
    const ghostJson = await readFile(path.join(unpacked, 'x', 'ghost.json'));
    const summary = await importOk(emptySite, 'source=ghost&dryRun=1', ghostJson);
    const posts = await tableRows(site, 'blogPosts');
    expect(summary.created.posts + summary.created.drafts + summary.created.scheduled).toBe(posts.length);
    expect(summary.created.subscribers).toBe(3);
  });

  it('importing it into an empty site restores the content: posts, books, series, art, playlists, uploads, subscribers', async () => {
    const dry = await importOk(emptySite, 'source=site&dryRun=1', zip);
    expect(await tableRows(emptySite, 'blogPosts')).toEqual([]);
    expect(dry.created.posts).toBeGreaterThan(0);
    expect(dry.created.pages).toBe(2);
    const summary: ImportSummary = await importOk(emptySite, 'source=site', zip);
    expect(summary.created.subscribers).toBe(3);
    expect(summary.created.pages).toBe(2);
    const tables = [
      'blogPosts',
      'books',
      'series',
      'artPieces',
      'playlists',
      'excerpts',
      'sitePages',
      'blogCategories',
    ];
    for (const table of tables as Array<Parameters<typeof tableRows>[1]>)
      expect(await tableRows(emptySite, table), table).toEqual(await tableRows(site, table));
    expect((await postTags(site)).length).toBe(2);
    expect(await postTags(emptySite)).toEqual(await postTags(site));
    expect((await emptySite.t.services.uploads.list()).sort()).toEqual((await site.t.services.uploads.list()).sort());
    // Covers and pictures find their processed uploads through the same references (set again on import).
    const referenced = await site.t.services.db
      .selectFrom('books')
      .select('coverImageId')
      .where('coverImageId', 'is not', null)
      .execute();
    expect(referenced.length).toBeGreaterThan(0);
    const pictures = async (context: typeof site, url: string) =>
      (await context.t.app.inject({ method: 'GET', url }))
        .json<Array<{ id: string; coverImage?: string; imageUrl?: string; image?: unknown }>>()
        .map(({ id, coverImage, imageUrl, image }) => ({ id, coverImage, imageUrl, image }));
    for (const url of ['/api/books', '/api/art', '/api/blog'])
      expect(await pictures(emptySite, url), url).toEqual(await pictures(site, url));
    expect((await pictures(emptySite, '/api/books')).filter((book) => book.image !== undefined)).toHaveLength(
      referenced.length,
    );
    // Restored posts are found by search and shown on the blog, like written ones.
    const blog = await emptySite.t.app.inject({ method: 'GET', url: '/api/blog' });
    const original = await site.t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(blog.json()).toEqual(original.json());
    // The same hits (PostgreSQL may order equal ranks by where the rows now lie).
    const hits = async (context: typeof site) =>
      (await context.t.app.inject({ method: 'GET', url: '/api/search?q=lantern' }))
        .json<{ results: { id: string }[] }>()
        .results.map((hit) => hit.id)
        .sort();
    expect(await hits(emptySite)).toEqual(await hits(site));
    // Twice changes nothing.
    const again = await importOk(emptySite, 'source=site', zip);
    expect(again.created).toMatchObject({ posts: 0, subscribers: 0, pages: 0 });
    expect(await postTags(emptySite)).toEqual(await postTags(site));
  });

  it("a restored post takes the site's own tag of the same slug: one tag, on both posts", async () => {
    const caller = taggedSite.t.callerWithKey(taggedSite.token);
    const own = await caller.blog.create({ ...validBlogPost, slug: 'own-lantern', tags: ['Lantern'] });
    await importOk(taggedSite, 'source=site', zip);
    const tags = (await postTags(taggedSite)).map(({ postId, slug }) => ({ postId, slug }));
    const restored = (await postTags(site)).map(({ postId, slug }) => ({ postId, slug }));
    expect(tags).toEqual(expect.arrayContaining([...restored, { postId: own.id, slug: 'lantern' }]));
    expect(tags).toHaveLength(restored.length + 1);
    // One tag per slug, which both posts share.
    const lanterns = await taggedSite.t.services.db
      .selectFrom('blogTags')
      .where('slug', '=', 'lantern')
      .selectAll()
      .execute();
    expect(lanterns).toHaveLength(1);
    const tagged = await taggedSite.t.app.inject({ method: 'GET', url: '/api/blog/tags/lantern' });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toEqual({ slug: 'lantern', label: 'Lantern', postCount: 2 });
  });
});
