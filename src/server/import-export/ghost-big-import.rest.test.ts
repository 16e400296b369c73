import { readFile, rm, mkdtemp, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-support/app-context.js';
import { importOk } from '../test-support/import-requests.js';
import { readGhostExport } from './sources/ghost.js';

const context = useTestApp();

/** Posts of the export, each about 50 KB (Ghost keeps a post's text three times: HTML, Lexical, plain text). */
const POSTS = 840;
/** Every post has a tag; every fifth is a draft. */
const TAGS = ['announcements', 'behind-scenes', 'soundtracks', '#internal'];
const slugOf = (i: number) => `big-ghost-post-${i}`;

const words = (i: number, n: number) =>
  Array.from({ length: n }, (_, k) => ['ember', 'vesper', 'harbour', 'thorn', 'gull'][(i + k) % 5]).join(' ');

/** A Ghost 5 export with its tags and posts_tags written AFTER the posts, as Ghost may order its tables. */
async function writeBigExport(file: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    await handle.write('{"db":[{"meta":{"exported_on":1717171717171,"version":"5.82.0"},"data":{"posts":[');
    for (let i = 1; i <= POSTS; i++) {
      const paragraph = words(i, 300);
      const lexical = JSON.stringify({
        root: { children: Array.from({ length: 12 }, () => ({ type: 'paragraph', children: [{ text: paragraph }] })) },
      });
      const post = {
        id: `p${i}`,
        uuid: `u${i}`,
        title: `Big post ${i}`,
        slug: slugOf(i),
        html: `<p>Post number ${i}: ${words(i, 40)}</p>`,
        lexical,
        plaintext: Array.from({ length: 6 }, () => paragraph).join('\n\n'),
        status: i % 5 === 0 ? 'draft' : 'published',
        type: 'post',
        published_at: '2024-01-15T20:00:00.000Z',
        custom_excerpt: null,
        feature_image: null,
      };
      await handle.write(`${i > 1 ? ',' : ''}${JSON.stringify(post)}`);
    }
    await handle.write('],"tags":');
    await handle.write(JSON.stringify(TAGS.map((name, t) => ({ id: `t${t}`, name, slug: name }))));
    await handle.write(',"posts_tags":');
    const links = [];
    for (let i = 1; i <= POSTS; i++)
      links.push({ id: `pt${i}`, post_id: `p${i}`, tag_id: `t${i % 3}` }, { post_id: `p${i}`, tag_id: 't3' });
    await handle.write(JSON.stringify(links));
    await handle.write(',"users":[{"id":"1","name":"Ada"}]}}]}');
  } finally {
    await handle.close();
  }
}

const largeObjectBytes = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'large_object_space')?.space_used_size ?? 0;

describe('a big Ghost export, read as a stream', () => {
  let dir: string;
  let file: string;
  let bytes: Buffer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ghost-big-'));
    file = path.join(dir, 'ghost.json');
    await writeBigExport(file);
    bytes = await readFile(file);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is never whole in memory, and relates tags listed after the posts', async () => {
    expect(bytes.length).toBeGreaterThan(28 * 1024 * 1024);
    const scratch = await mkdtemp(path.join(dir, 'scratch-'));
    let reading = true;
    // Strings over 128 KB live in V8's large-object space: a file read whole is one such string (and its parse
    // holds the whole tree). Sampled at every turn of the event loop while the file is read.
    const baseline = largeObjectBytes();
    let peak = 0;
    const reader = readGhostExport(file, scratch).finally(() => (reading = false));
    while (reading) {
      peak = Math.max(peak, largeObjectBytes() - baseline);
      await nextTurn();
    }
    peak = Math.max(peak, largeObjectBytes() - baseline);
    const source = await reader;
    expect(peak, 'large-object bytes held while reading').toBeLessThan(bytes.length / 8);
    let count = 0;
    for await (const post of source.posts()) {
      count += 1;
      const i = Number(post.sourceId.slice(1));
      expect(post.slug).toBe(slugOf(i));
      expect(post.categories.map((term) => term.label)).toEqual([TAGS[i % 3]]);
    }
    expect(count).toBe(POSTS);
  });

  it('dry run and import: every post arrives, and other requests are answered while the dry run reads the file', async () => {
    let running = true;
    const dry = importOk(context, 'source=ghost&dryRun=1', bytes).finally(() => (running = false));
    let answered = 0;
    while (running) {
      const page = await context.t.app.inject({ method: 'GET', url: '/api/blog' });
      expect(page.statusCode).toBe(200);
      answered += 1;
      await nextTurn();
    }
    const summary = await dry;
    expect(summary.created).toMatchObject({ posts: POSTS - POSTS / 5, drafts: POSTS / 5 });
    expect(answered, 'requests answered during the dry run').toBeGreaterThan(10);

    const imported = await importOk(context, 'source=ghost', bytes);
    expect(imported.created).toMatchObject({ posts: POSTS - POSTS / 5, drafts: POSTS / 5 });
    const rows = await context.t.services.db.selectFrom('blogPosts').select(['slug', 'category', 'content']).execute();
    expect(rows).toHaveLength(POSTS);
    const bySlug = new Map(rows.map((row) => [row.slug, row]));
    for (let i = 1; i <= POSTS; i++) {
      const row = bySlug.get(slugOf(i));
      expect(row?.category, slugOf(i)).toBe(TAGS[i % 3]);
      expect(row?.content).toContain(`Post number ${i}:`);
    }
  });
});
