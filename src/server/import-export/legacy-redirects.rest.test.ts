import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LEGACY_ADDRESS_SEGMENTS } from '../../domain/legacy-addresses.js';
import Fastify from 'fastify';
import { registerSeoRoutes } from '../site/pages/seo-routes.js';
import { useTestApp } from '../test-support/app-context.js';
import { createVia } from '../test-support/http.js';
import { validBlogPost } from '../test-support/test-app.js';
import { fixture, importOk } from '../test-support/import-requests.js';
import { registerLegacyPermalinks } from './legacy-permalinks.js';

const context = useTestApp();

const get = (url: string, method: 'GET' | 'HEAD' = 'GET') => context.t.app.inject({ method, url });

describe('old archive and feed addresses of WordPress and Ghost', () => {
  it('answer 301 to their homes here', async () => {
    const cases: Array<[string, string]> = [
      ['/category/classic/', '/blog?category=classic'],
      ['/category/classic', '/blog?category=classic'],
      ['/CATEGORY/Classic/', '/blog?category=classic'],
      ['/category/parent/child-category-iii/', '/blog?category=child-category-iii'],
      ['/category/classic/page/3/', '/blog?category=classic&page=3'],
      ['/category/classic/page/1/', '/blog?category=classic'],
      ['/category/classic/feed/', '/blog/rss.xml?category=classic'],
      ['/category/parent/child/feed/atom/', '/blog/rss.xml?category=child'],
      ['/tag/8bit/', '/blog/tag/8bit'],
      ['/tag/post%20formats/', '/blog/tag/post-formats'],
      ['/tag/caf%C3%A9/', '/blog/tag/cafe'],
      ['/tag/8bit/feed/', '/blog/rss.xml?tag=8bit'],
      ['/tag/getting-started/rss/', '/blog/rss.xml?tag=getting-started'],
      ['/tag/getting-started/page/2/', '/blog/tag/getting-started?page=2'],
      ['/feed/', '/blog/rss.xml'],
      ['/feed', '/blog/rss.xml'],
      ['/feed/rss2/', '/blog/rss.xml'],
      ['/feed/atom/', '/blog/rss.xml'],
      ['/rss/', '/blog/rss.xml'],
      ['/author/themedemos/', '/blog'],
      ['/author/themedemos/page/2/', '/blog?page=2'],
      ['/author/themedemos/feed/', '/blog/rss.xml'],
      ['/author/ghost/rss/', '/blog/rss.xml'],
      ['/page/2/', '/blog?page=2'],
      ['/page/1/', '/blog'],
      ['/?feed=rss2', '/blog/rss.xml'],
      ['/?tag=8bit', '/blog/tag/8bit'],
      ['/?paged=4', '/blog?page=4'],
      ['/?author=1', '/blog'],
    ];
    const answers = await Promise.all(cases.map(([url]) => get(url)));
    answers.forEach((res, index) => {
      const [url, location] = cases[index]!;
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(location);
    });
    const head = await get('/feed/', 'HEAD');
    expect([head.statusCode, head.headers.location]).toEqual([301, '/blog/rss.xml']);
  });

  it('the old feed leads a feed reader to the feed', async () => {
    // The feed is served beside the client's pages: the same two registrations as the site's.
    const app = Fastify();
    registerLegacyPermalinks(app, context.t.services);
    registerSeoRoutes(app, context.t.services);
    // A category's and a tag's feed answer once the site has them (a tag: once a published post has it).
    await createVia(context.t.app, '/api/blog/categories', context.token, { label: 'Classic' });
    await createVia(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      category: 'classic',
      tags: ['8bit'],
    });
    try {
      for (const old of ['/feed/', '/rss/', '/category/classic/feed/', '/tag/8bit/feed/']) {
        const first = await app.inject({ method: 'GET', url: old });
        expect(first.statusCode, old).toBe(301);
        const feed = await app.inject({ method: 'GET', url: first.headers.location as string });
        expect(feed.statusCode, old).toBe(200);
        expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
        expect(feed.body).toContain('<rss version="2.0"');
      }
    } finally {
      await app.close();
    }
  });

  it('hostile addresses get a same-origin 301 or a 4xx, in parallel, never elsewhere and never a 500', async () => {
    const long = 'a'.repeat(10_000);
    const hostile = [
      '//evil.com',
      '//evil.com/',
      '//evil.com/category/x/',
      '/category//evil.com/',
      '/category/%2F%2Fevil.com/',
      '/category/%2fevil.com/',
      '/tag/%5C%5Cevil.com/',
      '/tag/..%2F..%2Fadmin/',
      '/tag/%2e%2e/',
      '/category/x%0d%0aSet-Cookie:%20a=b/',
      '/tag/%0d%0aLocation:%20http://evil.com/',
      '/feed/%0d%0a',
      '/tag/%E0%A4%A/',
      `/tag/${long}/`,
      `/category/${long}/feed/`,
      `/category/${'x/'.repeat(5_000)}`,
      `/page/${'9'.repeat(10_000)}/`,
      '/page/0/',
      '/page/-1/',
      '/page/2/extra/',
      '/feed/evil/',
      '/?tag=%0d%0aLocation:%20//evil.com',
      `/?tag=${long}`,
      '/?feed=//evil.com',
      '/?paged=//evil.com',
      '/tag/http:%2F%2Fevil.com/',
      '/tag/https:evil.com/',
      '/author/',
      '/tag/',
      '/category/',
    ];
    const answers = await Promise.all(hostile.map((url) => get(url)));
    answers.forEach((res, index) => {
      const url = hostile[index]!;
      // 400: a malformed percent-encoding, refused by the router before any hook.
      expect([301, 400, 404], url.slice(0, 80)).toContain(res.statusCode);
      if (res.statusCode !== 301) return;
      const location = res.headers.location as string;
      expect(location, url.slice(0, 80)).toMatch(/^\/blog(\/|\?|$)/);
      expect(location).not.toMatch(/[\r\n\\]|\/\/|%2f|%5c/i);
      expect(new URL(location, 'http://site.example').origin).toBe('http://site.example');
      expect(location.length).toBeLessThan(200);
    });
    // The two that read as slugs once cleaned: the same archive address, not the attacker's.
    expect(answers[hostile.indexOf('/tag/https:evil.com/')]!.headers.location).toBe('/blog/tag/https-evil-com');
  });

  it('are answered before routing, in one place, and no page of the site starts with their first segment', async () => {
    const router = await readFile(new URL('../../client/router.tsx', import.meta.url), 'utf8');
    const pagePaths = [...router.matchAll(/pageRoute\('(\/[^']*)'/g)].map((match) => match[1]!);
    expect(pagePaths.length).toBeGreaterThan(10);
    const routes = context.t.app.printRoutes({ commonPrefix: false });
    for (const segment of LEGACY_ADDRESS_SEGMENTS) {
      expect(
        pagePaths.filter((path) => path.split('/')[1] === segment),
        segment,
      ).toEqual([]);
      expect(
        routes.split('\n').filter((line) => new RegExp(`─ /${segment}(?:[/ ]|$)`).test(line)),
        segment,
      ).toEqual([]);
    }
    // The site's own addresses are left alone.
    for (const url of ['/blog', '/blog/rss.xml', '/?utm_source=x', '/api/blog?category=classic'])
      expect((await get(url)).statusCode, url).not.toBe(301);
  });

  it("an imported post's attachment pages lead to the post, the attachment before or after it in the file", async () => {
    // The attachment (10, of post 11) moved after its post, as WordPress writes one uploaded after the post.
    const wxr = (await fixture('wordpress-wxr-1.2.xml')).toString('utf8');
    const attachment = /\t<item>\n\t\t<title><!\[CDATA\[ember-seat\.png[\s\S]*?<\/item>\n/.exec(wxr)![0];
    const moved = wxr.replace(attachment, '').replace('</channel>', `${attachment}</channel>`);
    expect(moved.indexOf('<wp:post_id>10<')).toBeGreaterThan(moved.indexOf('<wp:post_id>11<'));
    await importOk(context, 'source=wordpress', moved);
    for (const url of [
      '/?attachment_id=10',
      '/?p=10',
      '/ember-seat/',
      '/2019/05/building-the-ember-seat/attachment/ember-seat/',
      '/2019/05/building-the-ember-seat/ember-seat/',
      '/2019/05/building-the-ember-seat/attachment/ember-seat',
    ]) {
      const res = await get(url);
      expect([res.statusCode, res.headers.location], url).toEqual([301, '/blog/building-the-ember-seat']);
    }
    // Not under a post: an archive's rule, or nothing.
    expect((await get('/2019/05/unknown-post/attachment/x/')).statusCode).toBe(404);
    expect((await get('/?attachment_id=12')).statusCode).toBe(404);
    expect((await get('/category/classic/')).headers.location).toBe('/blog?category=classic');
  });
});
