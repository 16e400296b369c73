import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportSummary } from '../../domain/import-export.js';
import { useTestApp } from '../test-support/app-context.js';
import { pngImage } from '../test-support/images.js';
import { fixture, fixturesDir, importOk, postImport, zipOf, zipOfEntries } from '../test-support/import-requests.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { processExistingUploads } from '../content/images/process-existing-uploads.js';
import { EMPTY_POST_TEXT } from './post-importer.js';
import { cp, mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Issue 31, items 1 and 5: a WordPress export in the shapes of the theme unit test data with a zip of its
 * `wp-content/uploads` beside it, one image on an old host that still answers (a loopback server standing in for
 * it), others nowhere; a Ghost 5 export with its `content/images` zip; a Substack export with a zip of its images.
 */
const oldHost: Server = createServer((request, response) => {
  if (request.url === '/wp-content/uploads/2013/03/image-alignment-580x300.jpg')
    response.writeHead(200, { 'content-type': 'image/png' }).end(pngImage(96));
  else response.writeHead(404).end();
});
await new Promise<void>((resolve) => oldHost.listen(0, '127.0.0.1', resolve));
const hostPort = (oldHost.address() as AddressInfo).port;
afterAll(() => new Promise((resolve) => oldHost.close(resolve)));

const FILES = 'https://wpthemetestdata.files.wordpress.invalid';
let wxr: string;
let uploadsZip: Buffer;
/** 6 MB of zeros: deflated to a few kilobytes, a bomb by its ratio. */
const bomb = Buffer.alloc(6 * 1024 * 1024);

beforeAll(async () => {
  wxr = (await fixture('wordpress-theme-unit-media.xml'))
    .toString()
    .replaceAll('http://fetched.wpthemetestdata.invalid', `http://127.0.0.1:${hostPort}`);
  uploadsZip = await zipOfEntries([
    { name: 'wp-content/uploads/2008/06/canola2.jpg', content: pngImage(64) },
    // A text file named .jpg: refused by its bytes, not its name.
    { name: 'wp-content/uploads/2008/06/dsc20050315_145007_132.jpg', content: Buffer.from('<?php system($_GET[1]);') },
    { name: 'wp-content/uploads/2008/06/dsc04563.jpg', content: bomb, compress: true },
    { name: '../../etc/cron.d/evil.jpg', content: pngImage(8) },
    { name: 'wp-content/uploads/2008/06/readme.txt', content: Buffer.from('not an image') },
  ]);
});

const context = useTestApp({}, { outbound: loopbackStandIns([hostPort]) });
const db = () => context.t.services.db;
const posts = () => db().selectFrom('blogPosts').selectAll().orderBy('slug').execute();
const bySlug = async (slug: string) => (await posts()).find((post) => post.slug === slug)!;
const warningsOf = (summary: ImportSummary, title: string) =>
  summary.warnings.filter((warning) => warning.item.startsWith(title)).map((warning) => warning.message);

describe('WordPress (theme unit test shapes) with a wp-content/uploads zip beside it', () => {
  it('dry run: says where each image will come from and which are missing; refuses bad files alone; writes nothing', async () => {
    const res = await postImport(context, 'source=wordpress&dryRun=1', wxr, { media: uploadsZip });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<ImportSummary>();
    // Password-protected, private and empty posts arrive as drafts, none skipped.
    expect(summary.created).toMatchObject({ posts: 5, drafts: 3 });
    expect(summary.skipped).toEqual([]);
    expect(warningsOf(summary, 'Block: Gallery')).toEqual([
      '3 images: 1 in the media archive, 2 missing',
      `image ${FILES}/2008/06/dsc20050315_145007_132.jpg (dsc20050315_145007_132.jpg in the media archive) is not an image: missing; shown as a placeholder with its alt text and a link`,
      `image ${FILES}/2008/06/100_5540.jpg missing: not in the media archive, and its host does not answer; shown as a placeholder with its alt text and a link`,
    ]);
    expect(warningsOf(summary, 'Post Format: Image')).toContain(
      `3 images: 1 in the media archive, 1 to fetch from 127.0.0.1:${hostPort}, 1 missing`,
    );
    expect(warningsOf(summary, 'Template: Password Protected')).toContain(
      'password-protected on WordPress (this site has no post passwords): arrives as a draft; publish it only if everyone may read it',
    );
    expect(warningsOf(summary, 'A private post')).toContain(
      'private on WordPress: arrives as a draft (the import never publishes it)',
    );
    expect(warningsOf(summary, 'Edge Case: No Content')).toContain(
      'no text on the old site: arrives as a draft with its title and its old address; write it, then publish it',
    );
    expect(summary.warnings).toContainEqual({
      item: 'media archive: wp-content/uploads/2008/06/dsc04563.jpg',
      message: 'unpacks to far more than it holds (a zip bomb?): not read',
    });
    expect(summary.warnings).toContainEqual({
      item: 'media archive: ../../etc/cron.d/evil.jpg',
      message: 'its name leads outside the archive (../ or an absolute path): not read',
    });
    // Distinct addresses: canola2.jpg and its resized copy canola2-150x150.jpg (one file of the archive).
    expect(summary.media).toEqual({ archive: 2, fetched: 1, missing: 3, refused: 2 });
    expect(await posts()).toEqual([]);
    expect(await db().selectFrom('images').select('name').execute()).toEqual([]);
  });

  it('imports: archived and fetched images through the upload pipeline, placeholders, no stand-in covers, drafts', async () => {
    let variantsJobWoken = 0;
    const unsubscribe = context.t.services.imageVariants.on(() => (variantsJobWoken += 1));
    const summary = await importOk(context, 'source=wordpress', wxr, undefined, undefined, uploadsZip);
    unsubscribe();
    expect(summary.created).toMatchObject({ posts: 5, drafts: 3 });
    // canola2.jpg (its resized copy canola2-150x150.jpg found as the original) and the fetched one.
    expect(summary.created.images).toBe(2);
    expect(summary.media).toEqual({ archive: 2, fetched: 1, missing: 3, refused: 2 });
    // Their originals are stored at once, stripped; their variants are the image-variants job's, woken once.
    const originals = (await context.t.services.uploads.list()).filter((name) => /^[0-9a-f]{32}\.png$/.test(name));
    expect(originals).toHaveLength(2);
    expect(await db().selectFrom('images').select('name').execute()).toEqual([]);
    expect(variantsJobWoken).toBe(1);
    const quiet = { info: () => undefined, warn: () => undefined };
    expect(await processExistingUploads(db(), context.t.services.uploads, quiet)).toEqual({ processed: 2, failed: 0 });
    const stored = await db().selectFrom('images').select(['name', 'variants']).execute();
    expect(stored.map((image) => image.name).sort()).toEqual(originals.sort());
    expect(stored.every((image) => image.variants !== '[]')).toBe(true);

    const gallery = await bySlug('block-gallery');
    // Issue 31: a gallery is its images, one a line (the page links each to its full image, not to the old host).
    expect(gallery.content).toMatch(/^!\[canola\]\(\/objects\/[0-9a-f]{32}\.png\)$/m);
    expect(gallery.content).toContain(`[Image](${FILES}/2008/06/dsc20050315_145007_132.jpg)`);
    expect(gallery.content).toContain(`[Image: Boardwalk](${FILES}/2008/06/100_5540.jpg)`);
    expect(gallery.content).not.toContain('[[');
    expect(gallery.coverImage).toMatch(/^\/objects\/[0-9a-f]{32}\.png$/);
    expect(summary.warnings).toContainEqual({
      item: 'Block: Gallery (post 1031)',
      message: `image ${FILES}/2008/06/dsc20050315_145007_132.jpg (dsc20050315_145007_132.jpg in the media archive) is not a PNG, JPEG, GIF, WebP, AVIF or HEIC image; left as a link`,
    });

    // The public page shows the image from /objects/ and each missing one as its alt text, linked: no Markdown.
    const page = await context.t.app.inject({ method: 'GET', url: `/api/blog/${gallery.id}` });
    expect(page.statusCode).toBe(200);
    const html = page.json<{ contentHtml: string }>().contentHtml;
    expect(html).toMatch(/<img[^>]+src="\/objects\/[0-9a-f]{32}/);
    expect(html).toContain(`>Image: Boardwalk</a>`);
    expect(html).not.toMatch(/\]\(https?:|!\[|\[Image/);

    const imagePost = await bySlug('post-format-image');
    // Its featured image is the bomb (not read): the first image brought in is its cover.
    expect(imagePost.content).toContain('[Image: Boat](' + `${FILES}/2008/06/dsc04563.jpg)`);
    expect(imagePost.content).toMatch(/!\[Image Alignment 580x300\]\(\/objects\/[0-9a-f]{32}\.png\)/);
    expect(imagePost.coverImage).toMatch(/^\/objects\//);

    // A post that showed no image has no cover: the blog shows it as a text card.
    const text = await bySlug('markup-text-alignment');
    expect(text.coverImage).toBe('');
    const cards = await context.t.app.inject({ method: 'GET', url: '/api/blog' });
    const card = cards
      .json<Array<{ slug: string; coverImage: string }>>()
      .find((p) => p.slug === 'markup-text-alignment');
    expect(card?.coverImage).toBe('');
    const textPage = await context.t.app.inject({ method: 'GET', url: `/api/blog/${text.id}` });
    expect(textPage.json<{ coverImage: string }>().coverImage).toBe('');
  });

  it('password-protected, private and empty posts are drafts; nothing of theirs is public', async () => {
    for (const slug of ['template-password-protected', 'a-private-post', 'edge-case-no-content']) {
      const post = await bySlug(slug);
      expect(post.status, slug).toBe('draft');
      expect((await context.t.app.inject({ method: 'GET', url: `/api/blog/${post.id}` })).statusCode, slug).toBe(404);
    }
    const listed = await context.t.app.inject({ method: 'GET', url: '/api/blog' });
    expect(listed.body).not.toMatch(/should not be visible|Only logged-in editors/);
    const search = await context.t.app.inject({ method: 'GET', url: '/api/search?q=pingbacks' });
    expect(search.body).not.toContain('Password Protected');
    for (const url of ['/2012/01/04/template-password-protected/', '/?p=1170', '/?p=1256'])
      expect((await context.t.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(301);
  });

  it('structure survives: tables, embeds as cards, lists, code, footnotes; the title is text, the summary prose', async () => {
    const post = await bySlug('markup-title-with-markup');
    expect(post.title).toBe('Markup: Title With Markup & Structure');
    // The first sentences, no heading ("Table") run in.
    expect(post.summary).toBe(
      'Every structure the block editor makes, as the theme unit test data shows them. The rest follows.',
    );
    const { content } = post;
    expect(content).toContain(
      '| Employee | Salary | Ashwardenemberlightunkindledthroneofcinderwake |\n| --- | --- | --- |',
    );
    expect(content).toContain('| Jane Bloggs | $100K \\| a year | For all the blogging she does. |');
    for (const embed of [
      '<https://www.youtube.com/watch?v=nwe-H6l4beM>',
      '<https://x.com/WordPress/status/1217157389543378946>',
      '[Vimeo: The Mountain](https://vimeo.com/22439234)',
      '<https://www.instagram.com/p/CxYzAbC123/>',
      '[Hello from Bluesky](https://bsky.app/profile/did:plc:abc/post/3kxyz)',
      '<https://mastodon.social/@Gargron/109345678901234567>',
      '<https://open.spotify.com/album/1DFixLWuPkv3KT3TnV35m3>',
      '<https://music.apple.com/us/album/abbey-road/1441164426>',
      '<https://vimeo.com/22439234>',
    ])
      expect(content).toContain(`\n\n${embed}\n\n`);
    expect(content).not.toMatch(/tracker\.invalid|javascript:|alert|<script|\[embed\]/i);
    expect(content).toContain('Definition List Title\n: This is a definition list division.\nDefinition\n: An exact');
    expect(content).toContain('3. Third to last\n2. Second to last\n1. Last');
    expect(content).toContain('```php\n<?php echo "Hello, World!"; ?>\n```');
    expect(content).toContain('shows them[^1].');
    expect(content).toContain('[^1]: The footnote block, WordPress 6.3.');

    // The page's text as the reading page, the editor's preview and feeds get it (the browser test draws it at 375 px).
    const res = await context.t.app.inject({ method: 'GET', url: `/api/blog/${post.id}` });
    expect(res.statusCode).toBe(200);
    const page = { body: res.json<{ contentHtml: string }>().contentHtml };
    expect(res.json<{ title: string }>().title).toBe('Markup: Title With Markup & Structure');
    expect(page.body).toContain('<th>Ashwardenemberlightunkindledthroneofcinderwake</th>');
    expect(page.body.match(/<figure class="embed-card">/g)).toHaveLength(9);
    expect(page.body).not.toMatch(/<iframe|<script[^>]+(youtube|twitter|instagram|bsky|spotify|apple)/i);
    expect(page.body).toContain('<dt>Definition List Title</dt>');
    expect(page.body).toContain('<ol start="3" reversed="">');
    expect(page.body).toContain('<ol start="7">');
    expect(page.body).toContain('<code class="language-php">');
    expect(page.body).toContain('class="footnotes"');
  });

  it('the empty post keeps its title and old address: once written and published, the old address leads to it', async () => {
    const empty = await bySlug('edge-case-no-content');
    expect(empty).toMatchObject({ title: 'Edge Case: No Content', content: EMPTY_POST_TEXT, coverImage: '' });
    await db()
      .updateTable('blogPosts')
      .set({ status: 'published', content: 'Now it has words.' })
      .where('id', '=', empty.id)
      .execute();
    context.t.services.cache.clear();
    const res = await context.t.app.inject({ method: 'GET', url: '/2009/08/06/edge-case-no-content/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/blog/edge-case-no-content');
  });
});

describe('a hostile media archive', () => {
  const hostile = useTestApp({}, { outbound: loopbackStandIns([hostPort]) });

  it('a file that is not a zip is refused whole with a 400, and nothing is written', async () => {
    const res = await postImport(hostile, 'source=wordpress', wxr, { media: Buffer.from('PK not really a zip') });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toBe('The media archive is not a zip file');
    expect(await hostile.t.services.db.selectFrom('blogPosts').select('id').execute()).toEqual([]);
  });

  it('a media archive is refused beside a subscribers list', async () => {
    const res = await postImport(hostile, 'source=subscribers', 'email\na@example.com\n', { media: uploadsZip });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/WordPress, Ghost or Substack export only/);
  });
});

describe('Ghost 5 with its content/images zip, and Substack with a zip of its images', () => {
  const ghost = useTestApp();
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'substack-media-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('Ghost: /content/images/… is found in the zip of content/images and stored', async () => {
    const json = await fixture('ghost-5.json');
    const images = await zipOfEntries([
      { name: 'content/images/2024/01/bells.jpg', content: pngImage(40) },
      // The gallery card's second image (issue 31, item 2).
      { name: 'content/images/2024/01/rope.jpg', content: pngImage(41) },
    ]);
    const dry = await importOk(ghost, 'source=ghost&dryRun=1', json, undefined, undefined, images);
    expect(dry.media).toMatchObject({ archive: 2, missing: 0 });
    const summary = await importOk(ghost, 'source=ghost', json, undefined, undefined, images);
    expect(summary.media).toMatchObject({ archive: 2, missing: 0 });
    expect(summary.created.images).toBe(2);
    const rows = await ghost.t.services.db.selectFrom('blogPosts').select(['content', 'coverImage']).execute();
    expect(rows.some((row) => /^\/objects\/[0-9a-f]{32}\.png$/.test(row.coverImage))).toBe(true);
    expect(rows.map((row) => row.content).join('\n')).not.toContain('/content/images/');
  });

  it('Substack: its CDN addresses are matched by the original file name in the zip', async () => {
    await cp(path.join(fixturesDir, 'substack'), folder, { recursive: true });
    const html = path.join(folder, 'posts', '1001.the-drowned-lantern.html');
    await writeFile(
      html,
      '<p>The lantern sank.</p><img src="https://substackcdn.com/image/fetch/w_1456,c_limit,f_auto,q_auto:good,fl_progressive:steep/https%3A%2F%2Fsubstack-post-media.s3.amazonaws.com%2Fpublic%2Fimages%2F7f3a_1200x800.png" alt="A lantern underwater">',
    );
    await mkdir(path.join(folder, 'images'), { recursive: true });
    const images = await zipOfEntries([{ name: 'images/7f3a_1200x800.png', content: pngImage(24) }]);
    const summary = await importOk(ghost, 'source=substack', await zipOf(folder), undefined, undefined, images);
    expect(summary.media).toMatchObject({ archive: 1, missing: 0 });
    const post = await ghost.t.services.db
      .selectFrom('blogPosts')
      .select(['content', 'coverImage'])
      .where('slug', '=', 'the-drowned-lantern')
      .executeTakeFirstOrThrow();
    expect(post.content).toMatch(/!\[A lantern underwater\]\(\/objects\/[0-9a-f]{32}\.png\)/);
    expect(post.coverImage).toMatch(/^\/objects\//);
  });
});
