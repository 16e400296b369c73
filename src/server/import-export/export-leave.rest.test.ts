import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoDatabase } from '../operations/seed/demo-seed.js';
import { useTestApp, type AppContext } from '../test-support/app-context.js';
import { bearer } from '../test-support/http.js';
import { fixture, importOk } from '../test-support/import-requests.js';
import { imageUpload } from '../test-support/multipart.js';
import { photo } from '../test-support/photos.js';
import { validBlogPost } from '../test-support/test-app.js';
import { extractZip } from './zip-reader.js';

/**
 * The export lets the author leave: its WordPress file (WXR 1.2), its Ghost import zip (ghost.json with the posts'
 * images at content/images/) and its Ghost members CSV, each imported into a fresh site, bring back the same posts,
 * categories, images and subscribers with the same consent.
 */
const site = useTestApp();
const fromWordPress = useTestApp();
const fromGhost = useTestApp();
let dir: string;
const file = (name: string) => readFile(path.join(dir, 'x', name));

async function upload(context: AppContext, name: string, width: number): Promise<string> {
  const body = imageUpload(await photo(width, 400), name, 'image/jpeg');
  const res = await context.t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(context.token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ path: string }>().path;
}

beforeAll(async () => {
  await seedDemoDatabase(site.t.services.db, site.t.services.uploads);
  await importOk(site, 'source=subscribers', await fixture('mailchimp-audience.csv'));
  // One who signed up and never confirmed: not consent yet.
  await site.t.services.db
    .insertInto('newsletterSubscriptions')
    .values({
      id: randomUUID(),
      email: 'wren@example.com',
      isActive: 1,
      createdAt: '2024-02-02T10:00:00.000Z',
      confirmedAt: null,
      confirmationNonce: null,
      confirmationSentAt: null,
    })
    .execute();
  // What one reader chose to hear about goes along as a Ghost label.
  await site.t.services.db
    .updateTable('newsletterSubscriptions')
    .set({ interests: '["new-releases"]' })
    .where('email', '=', 'raven@example.com')
    .execute();
  const cover = await upload(site, 'harbour.jpg', 640);
  const inline = await upload(site, 'lantern.jpg', 500);
  await site.t.callerWithKey(site.token).blog.create({
    ...validBlogPost,
    title: 'Pictures from the harbour',
    slug: 'pictures-from-the-harbour',
    category: 'behind-scenes',
    coverImage: cover,
    content: `The harbour at dusk.\n\n![A lantern on the quay](${inline})\n\nThen the boats came in.`,
  });
  await site.t.callerWithKey(site.token).blog.create({
    ...validBlogPost,
    title: 'Notes toward the next book',
    slug: 'notes-toward-the-next-book',
    category: 'soundtracks',
    status: 'draft',
  });
  const res = await site.t.app.inject({ method: 'GET', url: '/api/admin/export', headers: bearer(site.token) });
  expect(res.statusCode).toBe(200);
  dir = await mkdtemp(path.join(tmpdir(), 'export-leave-'));
  await writeFile(path.join(dir, 'export.zip'), res.rawPayload);
  await extractZip(path.join(dir, 'export.zip'), path.join(dir, 'x'), () => true);
  await extractZip(path.join(dir, 'x', 'ghost-import.zip'), path.join(dir, 'ghost'), () => true);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

type PostRow = { title: string; slug: string; status: string; category: string; publishedAt: string };
const postsOf = async (context: AppContext) =>
  (await context.t.services.db.selectFrom('blogPosts').selectAll().orderBy('slug').execute()).map(
    (post): PostRow & { content: string; coverImage: string } => post,
  );
/**
 * What must come back of each post: WordPress keeps dates to the second, and a draft's date is when it was last
 * saved (Ghost exports none), so a draft's is not compared.
 */
const shapeOf = (posts: readonly PostRow[]) =>
  posts.map(({ title, slug, status, category, publishedAt }) => ({
    title,
    slug,
    status,
    category,
    publishedAt: status === 'draft' ? 'draft' : publishedAt.slice(0, 19),
  }));

const namesIn = (post: { coverImage: string; content: string }) =>
  [...`${post.coverImage}\n${post.content}`.matchAll(/\/objects\/([\w.-]+)/g)].map((match) => match[1]!);

/** The uploads the posts show (text and covers), each once. */
async function uploadsShown(context: AppContext): Promise<Set<string>> {
  const held = new Set(await context.t.services.uploads.list());
  return new Set((await postsOf(context)).flatMap(namesIn).filter((name) => held.has(name)));
}

/**
 * How many raster images (uploads) each post shows, every one held by the site. The demo's covers are SVG, which an
 * import does not take from a media archive (its pipeline stores raster images only): those are counted apart.
 */
async function imagesShown(context: AppContext) {
  const shown: Record<string, number> = {};
  for (const post of await postsOf(context)) {
    const names = namesIn(post).filter((name) => !name.endsWith('.svg'));
    for (const name of names) expect(await context.t.services.uploads.read(name), name).not.toBeNull();
    if (names.length > 0) shown[post.slug] = names.length;
  }
  return shown;
}
/** Covers elsewhere on the web (the draft's): attachments in the WXR file, not brought in (the test has no web). */
const externalCovers = async (context: AppContext) =>
  (await postsOf(context)).map((post) => post.coverImage).filter((cover) => /^https?:/.test(cover));
const svgCount = async (context: AppContext) =>
  [...(await uploadsShown(context))].filter((n) => n.endsWith('.svg')).length;

/** Every subscriber's address and consent state. */
const consentOf = async (context: AppContext) =>
  (
    await context.t.services.db
      .selectFrom('newsletterSubscriptions')
      .select(['email', 'isActive', 'confirmedAt'])
      .orderBy('email')
      .execute()
  ).map((row) => ({
    email: row.email.toLowerCase(),
    state: !row.isActive ? 'unsubscribed' : row.confirmedAt ? 'subscribed' : 'pending',
  }));

describe('the export lets the author leave', () => {
  it('wordpress.xml is a WXR 1.2 file as WordPress writes it: namespaces, CDATA, post types, states, attachments', async () => {
    const xml = (await file('wordpress.xml')).toString('utf8');
    // Well-formed with every prefix declared (a namespace-aware parser fails on an undeclared one).
    const parser = new SaxesParser({ xmlns: true });
    const counts = new Map<string, number>();
    const texts: Record<string, string[]> = {};
    let current = '';
    parser.on('opentag', (tag) => {
      counts.set(tag.name, (counts.get(tag.name) ?? 0) + 1);
      current = tag.name;
    });
    const onText = (text: string) => {
      if (text.trim()) (texts[current] ??= []).push(text);
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
    parser.write(xml).close();
    const posts = await postsOf(site);
    const images = await uploadsShown(site);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8" \?>/);
    for (const ns of ['excerpt="http://wordpress.org/export/1.2/excerpt/"', 'wp="http://wordpress.org/export/1.2/"'])
      expect(xml).toContain(`xmlns:${ns}`);
    expect(texts['wp:wxr_version']).toEqual(['1.2']);
    expect(texts['wp:post_type']!.filter((type) => type === 'post')).toHaveLength(posts.length);
    const external = await externalCovers(site);
    expect(external).toEqual(['https://example.com/cover.png']);
    const attachments = images.size + external.length;
    expect(texts['wp:post_type']!.filter((type) => type === 'attachment')).toHaveLength(attachments);
    expect(counts.get('item')).toBe(posts.length + attachments);
    const wpStatus: Record<string, string> = { published: 'publish', draft: 'draft', scheduled: 'future' };
    expect(new Set(texts['wp:status'])).toEqual(new Set(['inherit', ...posts.map((post) => wpStatus[post.status])]));
    const urls = texts['wp:attachment_url']!;
    expect(urls.filter((url) => !url.includes('/objects/'))).toEqual(external);
    const uploaded = urls.filter((url) => url.includes('/objects/'));
    expect(uploaded.map((url) => /^http:\/\/[^/]+\/objects\/([\w.-]+)$/.exec(url)?.[1]).sort()).toEqual(
      [...images].sort(),
    );
    expect(xml).toContain('<wp:category_nicename><![CDATA[behind-scenes]]></wp:category_nicename>');
    expect(xml).toContain(
      '<category domain="category" nicename="behind-scenes"><![CDATA[Behind-the-Scenes]]></category>',
    );
    expect(xml).toContain('<wp:meta_key><![CDATA[_thumbnail_id]]></wp:meta_key>');
    expect(xml).toContain('<content:encoded><![CDATA[<p>The harbour at dusk.</p>');
  });

  it('the WXR file into a fresh site, with the images zip: the same posts, categories and images', async () => {
    const summary = await importOk(
      fromWordPress,
      'source=wordpress',
      await file('wordpress.xml'),
      undefined,
      undefined,
      await file('ghost-import.zip'),
    );
    expect(summary.warnings.filter((warning) => /categor/.test(warning.message))).toEqual([]);
    const missing = (await svgCount(site)) + (await externalCovers(site)).length;
    expect(summary.media).toEqual({ archive: 2, fetched: 0, missing, refused: 0 });
    expect(shapeOf(await postsOf(fromWordPress))).toEqual(shapeOf(await postsOf(site)));
    expect(await imagesShown(fromWordPress)).toEqual(await imagesShown(site));
    const harbour = (await postsOf(fromWordPress)).find((post) => post.slug === 'pictures-from-the-harbour')!;
    expect(harbour.coverImage).toMatch(/^\/objects\//);
    expect(harbour.content).toMatch(/!\[A lantern on the quay\]\(\/objects\/[\w.-]+\)/);
  });

  it("the Ghost zip holds ghost.json and the posts' images at the /content/images/ paths its posts name", async () => {
    const ghost = JSON.parse((await readFile(path.join(dir, 'ghost', 'ghost.json'))).toString('utf8'));
    const posts: Array<{ slug: string; html: string; feature_image: string | null }> = ghost.db[0].data.posts;
    const harbour = posts.find((post) => post.slug === 'pictures-from-the-harbour')!;
    expect(harbour.feature_image).toMatch(/^\/content\/images\/[\w.-]+\.jpg$/);
    const inline = /<img src="(\/content\/images\/[\w.-]+)"/.exec(harbour.html)?.[1];
    expect(inline).toBeDefined();
    for (const image of [harbour.feature_image!, inline!]) {
      const bytes = await readFile(path.join(dir, 'ghost', image));
      const original = await site.t.services.uploads.read(path.basename(image));
      expect(bytes.equals(original!)).toBe(true);
    }
    expect(JSON.stringify(posts)).not.toMatch(/\/objects\/[\w.-]+\.jpg/);
  });

  it('the Ghost zip into a fresh site: the same posts, categories, images and consent', async () => {
    const ghostZip = await file('ghost-import.zip');
    const json = await readFile(path.join(dir, 'ghost', 'ghost.json'));
    const summary = await importOk(fromGhost, 'source=ghost', json, undefined, undefined, ghostZip);
    const missing = (await svgCount(site)) + (await externalCovers(site)).length;
    expect(summary.media).toEqual({ archive: 2, fetched: 0, missing, refused: 0 });
    expect(shapeOf(await postsOf(fromGhost))).toEqual(shapeOf(await postsOf(site)));
    expect(await imagesShown(fromGhost)).toEqual(await imagesShown(site));
    // Its members: subscribed only those who confirmed (one who never did was exported subscribed before).
    expect(await consentOf(fromGhost)).toEqual(
      (await consentOf(site)).map((row) => (row.state === 'pending' ? { ...row, state: 'unsubscribed' } : row)),
    );
  });

  it("ghost-members.csv is Ghost's member import format and brings the same consent back", async () => {
    const csv = (await file('ghost-members.csv')).toString('utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels',
    );
    expect(rows).toHaveLength(4);
    expect(rows).toContainEqual(
      expect.stringMatching(/^raven@example\.com,Mira Vale,,true,false,,2021-03-04T10:00:00\.000Z,,New releases$/),
    );
    expect(rows).toContainEqual(expect.stringMatching(/^owl@example\.com,Tomas,,false,false,,/i));
    expect(rows).toContainEqual(
      'wren@example.com,,Signed up but never confirmed the address: not subscribed,false,false,,2024-02-02T10:00:00.000Z,,pending',
    );
    // Into the site the WXR file went to (Ghost's JSON brought its own members along).
    expect(await consentOf(fromWordPress)).toEqual([]);
    const summary = await importOk(fromWordPress, 'source=subscribers', csv);
    expect(summary.service).toBe('ghost');
    const before = await consentOf(site);
    const after = await consentOf(fromWordPress);
    // Subscribed stays subscribed, unsubscribed stays unsubscribed; one who never confirmed is not subscribed.
    expect(after).toEqual(before.map((row) => (row.state === 'pending' ? { ...row, state: 'unsubscribed' } : row)));
    const raven = await fromWordPress.t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('interests')
      .where('email', '=', 'raven@example.com')
      .executeTakeFirstOrThrow();
    expect(raven.interests).toBe('["new-releases"]');
    expect(after.filter((row) => row.state === 'subscribed').map((row) => row.email)).toEqual(
      before.filter((row) => row.state === 'subscribed').map((row) => row.email),
    );
  });
});
