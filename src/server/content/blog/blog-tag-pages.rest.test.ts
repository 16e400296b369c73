import Fastify, { type FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerLegacyPermalinks } from '../../import-export/legacy-permalinks.js';
import { registerSeoRoutes } from '../../site/pages/seo-routes.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia, expectError, freshAddress, getList } from '../../test-support/http.js';
import { validBlogPost } from '../../test-support/test-app.js';

type Tag = { slug: string; label: string; postCount: number };

const context = useTestApp();

/** An RSS 2.0 document, checked well-formed: its channel's title, link and self link, and its items' fields. */
function readFeed(xml: string) {
  const parser = new SaxesParser();
  const path: string[] = [];
  const channel: Record<string, string> = {};
  const items: Array<Record<string, string>> = [];
  let root = '';
  parser.on('opentag', (tag) => {
    if (path.length === 0) root = `${tag.name} ${String(tag.attributes.version)}`;
    path.push(tag.name);
    if (tag.name === 'item') items.push({});
    if (tag.name === 'atom:link') channel.self = String(tag.attributes.href);
  });
  parser.on('text', (text) => {
    const [parent, name] = path.slice(-2);
    if (parent === 'channel' && name) channel[name] = (channel[name] ?? '') + text;
    if (parent === 'item' && name) items.at(-1)![name] = (items.at(-1)![name] ?? '') + text;
  });
  parser.on('closetag', () => path.pop());
  parser.write(xml).close();
  return { root, channel, items };
}

describe('tag pages, feeds and the sitemap', () => {
  let site: FastifyInstance;
  const feed = (url: string) => site.inject({ method: 'GET', url, headers: { host: 'site.test' } });
  const post = (payload: object) =>
    createVia<{ id: string; slug: string }>(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      ...payload,
    });

  beforeAll(async () => {
    // The feeds and the sitemap are served beside the client's pages: the same registrations as the site's.
    site = Fastify();
    registerLegacyPermalinks(site, context.t.services);
    registerSeoRoutes(site, context.t.services);
    await post({ title: 'Old maps', tags: ['Maps'] });
    await post({ title: 'Ember maps', tags: ['maps', 'Ember & Ash'], category: 'soundtracks' });
    await post({ title: 'Hidden maps', tags: ['Maps', 'Secret plans'], status: 'draft' });
  });
  afterAll(() => site.close());

  it('GET /api/blog/tags/{slug} names a tag of the published posts with their count; others are 404 or 400', async () => {
    const maps = await context.t.app.inject({ method: 'GET', url: '/api/blog/tags/maps' });
    expect(maps.statusCode).toBe(200);
    expect(maps.json<Tag>()).toEqual({ slug: 'maps', label: 'Maps', postCount: 2 });
    // A tag only a draft has does not exist for readers.
    expectError(
      await context.t.app.inject({ method: 'GET', url: '/api/blog/tags/secret-plans' }),
      404,
      'Tag not found',
    );
    const hostile = ['No%20Such', '..%2F..%2Fadmin', 'x'.repeat(5_000), '%3Cscript%3E', 'unknown'];
    const answers = await Promise.all(
      hostile.map((slug) =>
        context.t.app.inject({ method: 'GET', url: `/api/blog/tags/${slug}`, remoteAddress: freshAddress() }),
      ),
    );
    answers.forEach((res, index) => expect([400, 404, 414], hostile[index]!.slice(0, 40)).toContain(res.statusCode));
  });

  it('the tags of the published posts are listed for /blog, each with its count', async () => {
    const caller = context.t.publicCaller();
    expect(await caller.blog.publishedTags()).toEqual([
      { slug: 'ember-ash', label: 'Ember & Ash', postCount: 1 },
      { slug: 'maps', label: 'Maps', postCount: 2 },
    ]);
  });

  it('GET /api/blog/tags names no tag only drafts have; the editor still suggests it', async () => {
    expect(await getList<Tag>(context.t.app, '/api/blog/tags')).toEqual([
      { slug: 'ember-ash', label: 'Ember & Ash' },
      { slug: 'maps', label: 'Maps' },
    ]);
    const suggested = await context.t.callerWithKey(context.token).blog.allTags();
    expect(suggested.map((tag) => tag.slug)).toEqual(['ember-ash', 'maps', 'secret-plans']);
    await expect(context.t.publicCaller().blog.allTags()).rejects.toThrow('Admin key required');
  });

  it("a tag's feed and a category's feed are valid RSS of their posts only, naming themselves", async () => {
    const tag = await feed('/blog/rss.xml?tag=maps');
    expect(tag.statusCode).toBe(200);
    expect(tag.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const tagFeed = readFeed(tag.body);
    expect(tagFeed.root).toBe('rss 2.0');
    expect(tagFeed.channel.title).toMatch(/: Maps$/);
    expect(tagFeed.channel.link).toBe('http://site.test/blog/tag/maps');
    expect(tagFeed.channel.self).toBe('http://site.test/blog/rss.xml?tag=maps');
    expect(tagFeed.items.map((item) => item.title)).toEqual(['Ember maps', 'Old maps']);
    expect(tagFeed.items.every((item) => item.link && item.guid && item.pubDate && item.description)).toBe(true);

    const ember = readFeed((await feed('/blog/rss.xml?tag=ember-ash')).body);
    expect(ember.channel.title).toMatch(/: Ember & Ash$/);
    expect(ember.items.map((item) => item.title)).toEqual(['Ember maps']);

    const category = readFeed((await feed('/blog/rss.xml?category=soundtracks')).body);
    expect(category.channel.link).toBe('http://site.test/blog?category=soundtracks');
    expect(category.items.map((item) => item.title)).toEqual(['Ember maps']);
    // The whole blog's feed is unchanged.
    const all = readFeed((await feed('/blog/rss.xml')).body);
    expect(all.channel.self).toBe('http://site.test/blog/rss.xml');
    expect(all.items.map((item) => item.title)).toEqual(['Ember maps', 'Old maps']);
  });

  it("a renamed category's old feed moves to its new one; unknown or malformed names are 404, never a 500", async () => {
    const renamed = await context.t.app.inject({
      method: 'PUT',
      url: '/api/blog/categories/soundtracks',
      headers: bearer(context.token),
      payload: { label: 'Scores', slug: 'scores' },
    });
    expect(renamed.statusCode).toBe(200);
    const moved = await feed('/blog/rss.xml?category=soundtracks');
    expect([moved.statusCode, moved.headers.location]).toEqual([301, '/blog/rss.xml?category=scores']);
    expect(readFeed((await feed(moved.headers.location as string)).body).items).toHaveLength(1);
    const hostile = [
      '?tag=secret-plans',
      '?tag=nope',
      '?category=nope',
      '?tag=maps&category=announcements',
      '?tag=maps&tag=maps',
      `?tag=${'x'.repeat(2_000)}`,
      '?tag=%0d%0aLocation:%20//evil.com',
      '?category=..%2F..',
      '?tag=',
    ];
    const answers = await Promise.all(hostile.map((query) => feed(`/blog/rss.xml${query}`)));
    answers.forEach((res, index) => expect(res.statusCode, hostile[index]!.slice(0, 40)).toBe(404));
  });

  it("old /tag/x/ addresses lead to the tag's page, their feeds to the tag's feed, which answers", async () => {
    const cases: Array<[string, string]> = [
      ['/tag/maps/', '/blog/tag/maps'],
      ['/tag/Maps/page/2/', '/blog/tag/maps?page=2'],
      ['/?tag=maps', '/blog/tag/maps'],
      ['/tag/maps/feed/', '/blog/rss.xml?tag=maps'],
      ['/tag/maps/rss/', '/blog/rss.xml?tag=maps'],
      ['/category/scores/feed/', '/blog/rss.xml?category=scores'],
    ];
    for (const [old, home] of cases) {
      const res = await site.inject({ method: 'GET', url: old });
      expect([res.statusCode, res.headers.location], old).toEqual([301, home]);
    }
    const followed = await feed('/blog/rss.xml?tag=maps');
    expect(readFeed(followed.body).items).toHaveLength(2);
  });

  it('the sitemap lists the page of every tag of the published posts, once', async () => {
    const sitemap = (await feed('/sitemap.xml')).body;
    expect(sitemap.match(/<loc>http:\/\/site\.test\/blog\/tag\/maps<\/loc>/g)).toHaveLength(1);
    expect(sitemap).toContain('<loc>http://site.test/blog/tag/ember-ash</loc>');
    expect(sitemap).not.toContain('secret-plans');
  });

  it("site search finds a post by its tag's name, and a draft's tags find nothing", async () => {
    const search = async (q: string) =>
      (await context.t.app.inject({ method: 'GET', url: `/api/search?q=${q}`, remoteAddress: freshAddress() }))
        .json<{ results: Array<{ title: string }> }>()
        .results.map((result) => result.title);
    expect(await search('ash')).toEqual(['Ember maps']);
    expect(await search('secret')).toEqual([]);
  });
});
