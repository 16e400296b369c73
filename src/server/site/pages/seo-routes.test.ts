import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD_BYTES } from '../cache/cached-body.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  validBlogPost,
  validBook,
  validExcerpt,
  type TestApp,
} from '../../test-support/test-app.js';
import { escapeXml, registerSeoRoutes, robotsTxt, rssXml, sitemapXml, STATIC_PAGE_PATHS } from './seo-routes.js';

const ORIGIN = 'https://example.com';

describe('SEO documents', () => {
  it('escapes XML text and attributes', () => {
    expect(escapeXml(`a<b>&"c'`)).toBe('a&#60;b&#62;&#38;&#34;c&#39;');
  });

  it('robots.txt keeps crawlers out of /admin and names the sitemap', () => {
    expect(robotsTxt(ORIGIN)).toBe(`User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });

  it('the sitemap lists the static pages, every book, excerpt and post (with its date)', () => {
    const xml = sitemapXml(ORIGIN, {
      books: [{ slug: 'the-ashwarden' }],
      excerpts: [{ slug: 'the-bell-at-dusk' }],
      posts: [{ slug: 'p-1', publishedAt: new Date('2026-01-02T03:04:05Z') }],
    });
    for (const path of STATIC_PAGE_PATHS) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/books/the-ashwarden</loc>`);
    expect(xml).toContain(`<loc>${ORIGIN}/excerpts/the-bell-at-dusk</loc>`);
    expect(xml).toContain(`<url><loc>${ORIGIN}/blog/p-1</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod></url>`);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('the feed lists posts newest first with RFC 822 dates', () => {
    const xml = rssXml(ORIGIN, [
      {
        slug: 'old',
        title: 'Old & dusty',
        summary: 'S',
        category: 'soundtracks',
        publishedAt: new Date('2025-01-01T00:00:00Z'),
        content: 'Line one\nLine *two*',
        contentFormat: 'plain',
      },
      {
        slug: 'new',
        title: 'New',
        summary: '<b>bold</b>',
        category: 'announcements',
        publishedAt: new Date('2026-01-01T00:00:00Z'),
        content: 'Some *ash*, a [link](/books) and ![a map](/objects/map.png)',
        contentFormat: 'markdown',
      },
    ]);
    expect(xml.indexOf('/blog/new')).toBeLessThan(xml.indexOf('/blog/old'));
    expect(xml).toContain('<title>Old &#38; dusty</title>');
    expect(xml).toContain('<description>&#60;b&#62;bold&#60;/b&#62;</description>');
    expect(xml).toContain('<pubDate>Thu, 01 Jan 2026 00:00:00 GMT</pubDate>');
    expect(xml).toContain('<category>Announcements</category>');
    expect(xml).toContain('<lastBuildDate>Thu, 01 Jan 2026 00:00:00 GMT</lastBuildDate>');
  });

  it('the feed carries each whole post, rendered, with absolute links and images, as content:encoded', () => {
    const xml = rssXml(ORIGIN, [
      {
        slug: 'new',
        title: 'New',
        summary: 'S',
        category: 'announcements',
        publishedAt: new Date('2026-01-01T00:00:00Z'),
        content: 'Some *ash*, a [link](/books) and ![a map](/objects/map.png)\n\n<script>x</script>',
        contentFormat: 'markdown',
      },
    ]);
    expect(xml).toContain('xmlns:content="http://purl.org/rss/1.0/modules/content/"');
    const encoded = /<content:encoded>([^<]*)<\/content:encoded>/.exec(xml)?.[1] ?? '';
    const html = encoded.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
    expect(html).toContain('<em>ash</em>');
    expect(html).toContain(`<a href="${ORIGIN}/books">link</a>`);
    expect(html).toContain(`<img src="${ORIGIN}/objects/map.png" alt="a map"`);
    expect(html).not.toContain('<script');
    expect(xml).toContain('<description>S</description>');
  });

  it('the feed shows each line of a post as a paragraph, as the page does', () => {
    const post = {
      slug: 'lines',
      title: 'Lines',
      summary: 'S',
      category: 'announcements',
      publishedAt: new Date('2026-01-01T00:00:00Z'),
      content: 'First line.\nSecond line.',
      contentFormat: 'markdown' as const,
    };
    const encoded = /<content:encoded>([^<]*)<\/content:encoded>/.exec(rssXml(ORIGIN, [post]))?.[1] ?? '';
    const html = encoded.replace(/&#(\d+);/g, (_all, code: string) => String.fromCharCode(Number(code)));
    expect(html).toContain('<p>First line.</p>\n<p>Second line.</p>');
  });
});

describe('registerSeoRoutes', () => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    testApp = await createTestApp();
    app = Fastify();
    registerSeoRoutes(app, testApp.services);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testApp.close();
  });

  it('serves the current content and refreshes after a write', async () => {
    const admin = testApp.callerWithKey(TEST_ADMIN_PASSWORD);
    const book = await admin.books.create(validBook);
    const excerpt = await admin.excerpts.create(validExcerpt(book.id));
    const before = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'site.test' } });
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/xml; charset=utf-8');
    // By its slug (its id address moves there).
    expect(before.body).toContain(`<loc>http://site.test/excerpts/${excerpt.slug}</loc>`);
    expect(excerpt.slug).toBe('prologue');

    const post = await admin.blog.create(validBlogPost);
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'site.test' } });
    expect(sitemap.body).toContain(`<loc>http://site.test/blog/${post.slug}</loc>`);
    const feed = await app.inject({ method: 'GET', url: '/blog/rss.xml', headers: { host: 'site.test' } });
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.body).toContain(`<guid isPermaLink="true">http://site.test/blog/${post.slug}</guid>`);
    expect(feed.body).toContain('<content:encoded>');
  });

  it('leaves drafts and scheduled posts out of the sitemap and the feed', async () => {
    const admin = testApp.callerWithKey(TEST_ADMIN_PASSWORD);
    await admin.blog.create({ ...validBlogPost, title: 'Secret draft', status: 'draft' });
    await admin.blog.create({
      ...validBlogPost,
      title: 'Secret plan',
      status: 'scheduled',
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'site.test' } });
    const feed = await app.inject({ method: 'GET', url: '/blog/rss.xml', headers: { host: 'site.test' } });
    for (const body of [sitemap.body, feed.body]) {
      expect(body).not.toContain('secret-draft');
      expect(body).not.toContain('secret-plan');
    }
    expect(feed.body).not.toContain('Secret');
  });

  it('revalidates with an ETag', async () => {
    const first = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(first.headers['content-type']).toBe('text/plain; charset=utf-8');
    const again = await app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('sends the kept brotli form to clients that accept it', async () => {
    const admin = testApp.callerWithKey(TEST_ADMIN_PASSWORD);
    for (let i = 0; i < 10; i++) await admin.blog.create(validBlogPost);
    const plain = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'site.test' } });
    const compressed = await app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'site.test', 'accept-encoding': 'br, gzip' },
    });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});

describe('with PUBLIC_URL set', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    testApp = await createTestApp({ PUBLIC_URL: 'https://delphinerook.com' });
    await testApp.callerWithKey(TEST_ADMIN_PASSWORD).blog.create(validBlogPost);
    app = Fastify();
    registerSeoRoutes(app, testApp.services);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testApp.close();
  });

  it.each(['/sitemap.xml', '/blog/rss.xml', '/robots.txt'])(
    '%s links to PUBLIC_URL, never to the Host header',
    async (url) => {
      const answers = await Promise.all(
        ['evil.test', 'site.test'].map((host) => app.inject({ method: 'GET', url, headers: { host } })),
      );
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain('https://delphinerook.com/');
        expect(answer.body).not.toContain('evil.test');
        expect(answer.body).not.toContain('site.test');
      }
    },
  );
});
