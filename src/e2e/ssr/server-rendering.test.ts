import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';
import { useSite } from '../support/fixture.js';
import { bodyText, inlineScripts, jsonLdNodes, linkHref, metaContent, titleOf } from './html.js';

/**
 * What a client without JavaScript (a crawler, a link preview) gets: complete pages with their
 * head, the right status codes, the SEO documents, caching and compression headers.
 */

type Book = { id: string; title: string; coverImage: string };
type Excerpt = { id: string; slug: string; bookId: string; title: string };
type Post = { id: string; slug: string; title: string; summary: string; coverImage: string };

const site = useSite();
let books: Book[];
let excerpts: Excerpt[];
let posts: Post[];

type BuiltChunk = { file: string; css?: string[] };

function builtManifest(): Record<string, BuiltChunk> {
  return JSON.parse(readFileSync(path.join(projectRoot, 'dist/client/.vite/manifest.json'), 'utf8')) as Record<
    string,
    BuiltChunk
  >;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`${site.baseUrl}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.baseUrl}${path}`, { headers, redirect: 'manual' });
  return { response, html: await response.text() };
}

beforeAll(async () => {
  [books, excerpts, posts] = await Promise.all([
    getJson<Book[]>('/api/books'),
    getJson<Excerpt[]>('/api/excerpts'),
    getJson<Post[]>('/api/blog'),
  ]);
  expect(books.length).toBeGreaterThan(0);
  expect(excerpts.length).toBeGreaterThan(0);
  expect(posts.length).toBeGreaterThan(0);
});

describe('public pages without JavaScript', () => {
  const cases = (): Array<{ path: string; texts: string[]; title: RegExp; jsonLd?: string }> => {
    const excerpt = excerpts[0]!;
    const post = posts[0]!;
    return [
      {
        path: '/',
        texts: ['Latest Release', 'Read an Excerpt', 'Latest Announcements'],
        title: /Cinderwake Cycle/,
        jsonLd: 'WebSite',
      },
      { path: '/books', texts: books.map((book) => book.title), title: /^Books \|/, jsonLd: 'Book' },
      { path: '/excerpts', texts: ['Want Early Access?', excerpt.title], title: /^Excerpts \|/ },
      {
        path: `/excerpts/${excerpt.slug}`,
        texts: [excerpt.title, 'More Excerpts'],
        title: new RegExp(excerpt.title),
        jsonLd: 'Book',
      },
      { path: '/art-music', texts: ['Art Gallery', 'Music & Playlists'], title: /^Art & Music \|/ },
      { path: '/blog', texts: ['All Posts', 'Behind-the-Scenes', post.title], title: /^Blog & News \|/ },
      {
        path: `/blog/${post.slug}`,
        texts: [post.title, post.summary, 'More Posts'],
        title: new RegExp(post.title),
        jsonLd: 'BlogPosting',
      },
      { path: '/about', texts: ['Contact / Press'], title: /^About the Author \|/, jsonLd: 'Person' },
      { path: '/contact', texts: ['Send Message'], title: /^Contact & Subscribe \|/ },
      { path: '/preorder', texts: ['Preorder', books[0]!.title], title: /^Preorder \|/ },
    ];
  };

  it('render every route with its main text, title, description, canonical URL and social tags', async () => {
    for (const { path, texts, title } of cases()) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(html.startsWith('<!DOCTYPE html>'), path).toBe(true);
      expect(html, path).toMatch(/<html lang="en"/);

      const text = bodyText(html);
      for (const expected of texts) expect(text, `${path} shows "${expected}"`).toContain(expected);

      expect(titleOf(html), path).toMatch(title);
      expect(metaContent(html, 'description')?.length, `${path} description`).toBeGreaterThan(20);
      expect(linkHref(html, 'canonical'), path).toBe(`${site.baseUrl}${path}`);
      expect(metaContent(html, 'og:title'), path).toBe(titleOf(html));
      expect(metaContent(html, 'og:url'), path).toBe(`${site.baseUrl}${path}`);
      expect(metaContent(html, 'og:image'), path).toMatch(new RegExp(`^${site.baseUrl}/`));
      expect(metaContent(html, 'twitter:card'), path).toBe('summary_large_image');
      expect(linkHref(html, 'alternate', 'application/rss+xml'), path).toBe('/blog/rss.xml');
    }
  });

  it('describe the content with schema.org JSON-LD', async () => {
    for (const { path, jsonLd } of cases()) {
      if (!jsonLd) continue;
      const { html } = await page(path);
      const types = jsonLdNodes(html).map((node) => node['@type']);
      expect(types, path).toContain(jsonLd);
    }

    const booksNodes = jsonLdNodes((await page('/books')).html).filter((node) => node['@type'] === 'Book');
    expect(booksNodes.map((node) => node.name)).toEqual(books.map((book) => book.title));
    expect(booksNodes[0]!.image).toBe(`${site.baseUrl}${books[0]!.coverImage}`);

    const post = posts[0]!;
    const posting = jsonLdNodes((await page(`/blog/${post.slug}`)).html).find(
      (node) => node['@type'] === 'BlogPosting',
    )!;
    expect(posting.headline).toBe(post.title);
    expect(posting.image).toBe(`${site.baseUrl}${post.coverImage}`);
    expect(typeof posting.datePublished).toBe('string');

    const excerpt = excerpts[0]!;
    const book = books.find((candidate) => candidate.id === excerpt.bookId)!;
    const excerptNodes = jsonLdNodes((await page(`/excerpts/${excerpt.slug}`)).html);
    expect(excerptNodes.find((node) => node['@type'] === 'Book')?.name).toBe(book.title);
  });

  it('give a post with SVG cover art the shared social card as its preview image (previews draw no SVG)', async () => {
    const post = posts[0]!;
    expect(post.coverImage).toMatch(/\.svg$/);
    const { html } = await page(`/blog/${post.slug}`);
    expect(metaContent(html, 'og:image')).toBe(`${site.baseUrl}/social-card.jpg`);
    expect(metaContent(html, 'twitter:image')).toBe(`${site.baseUrl}/social-card.jpg`);
    expect(metaContent(html, 'og:type')).toBe('article');
  });

  it('omit the announcement bar when the visitor dismissed it (cookie)', async () => {
    const shown = await page('/about');
    const hidden = await page('/about', { cookie: 'theme=x; announcementDismissed=1' });
    expect(shown.html).toContain('Dismiss announcement');
    expect(hidden.html).not.toContain('Dismiss announcement');
    // Both variants are cached separately: the first again still has the bar.
    expect((await page('/about')).html).toContain('Dismiss announcement');
  });

  it('serve /admin as a shell without admin data, out of the index', async () => {
    const { response, html } = await page('/admin');
    expect(response.status).toBe(200);
    expect(metaContent(html, 'robots')).toBe('noindex');
    expect(html).not.toContain('AdminPage');
  });
});

describe('status codes', () => {
  it('answer an unknown path with the 404 page and status 404', async () => {
    const { response, html } = await page('/no/such/page');
    expect(response.status).toBe(404);
    expect(titleOf(html)).toMatch(/^404 Page Not Found/);
    expect(bodyText(html)).toContain('404 Page Not Found');
    expect(metaContent(html, 'robots')).toBe('noindex');
  });

  it('move an excerpt’s old id address permanently to its slug', async () => {
    const excerpt = excerpts[0]!;
    const { response } = await page(`/excerpts/${excerpt.id}`);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(`/excerpts/${excerpt.slug}`);
  });

  it('answer an unknown excerpt with its Not Found screen and status 404', async () => {
    const { response, html } = await page('/excerpts/does-not-exist');
    expect(response.status).toBe(404);
    expect(bodyText(html)).toContain('Excerpt Not Found');
    expect(bodyText(html)).toContain("The excerpt you're looking for doesn't exist or has been removed.");
  });

  it('answer an unknown blog post with its Not Found screen and status 404', async () => {
    const { response, html } = await page('/blog/does-not-exist');
    expect(response.status).toBe(404);
    expect(bodyText(html)).toContain('Blog Post Not Found');
    expect(metaContent(html, 'robots')).toBe('noindex');
  });

  it('answer a missing file with a plain 404, without rendering a page', async () => {
    const response = await fetch(`${site.baseUrl}/assets/missing-file.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });
});

describe('SEO documents', () => {
  it('/robots.txt allows everything but /admin and links the sitemap', async () => {
    const response = await fetch(`${site.baseUrl}/robots.txt`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toContain(`Sitemap: ${site.baseUrl}/sitemap.xml`);
  });

  it('/sitemap.xml lists every public route, excerpt and post', async () => {
    const response = await fetch(`${site.baseUrl}/sitemap.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/xml/);
    const xml = await response.text();
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/books', '/excerpts', '/art-music', '/blog', '/about', '/contact', '/preorder']) {
      expect(locations).toContain(`${site.baseUrl}${path}`);
    }
    for (const excerpt of excerpts) expect(locations).toContain(`${site.baseUrl}/excerpts/${excerpt.slug}`);
    for (const post of posts) expect(locations).toContain(`${site.baseUrl}/blog/${post.slug}`);
    expect(locations.some((location) => location?.includes('/admin'))).toBe(false);
  });

  it('/blog/rss.xml is an RSS 2.0 feed of every post', async () => {
    const response = await fetch(`${site.baseUrl}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const xml = await response.text();
    expect(xml).toMatch(/<rss version="2.0"/);
    const items = xml.match(/<item>/g) ?? [];
    expect(items.length).toBe(posts.length);
    for (const post of posts) expect(xml).toContain(`<link>${site.baseUrl}/blog/${post.slug}</link>`);
  });
});

describe('caching, compression and the content security policy', () => {
  it("links the entry's and the page's stylesheets in the head, in cascade order, and inlines no CSS", async () => {
    const { html } = await page('/books');
    const head = html.slice(0, html.indexOf('</head>'));
    // The stylesheets are cached files shared by every page, never repeated in each page's HTML.
    expect(html).not.toMatch(/<style data-tsr-inline-css/);
    const linked = [...head.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((match) => match[1]);
    const manifest = builtManifest();
    const entryCss = `/${manifest['entry-client.tsx']!.css![0]}`;
    const booksCss = `/${manifest['pages/BooksPage.tsx']!.css![0]}`;
    expect(linked[0]).toBe(entryCss);
    expect(linked).toContain(booksCss);
    expect(linked).not.toContain(`/${manifest['pages/HomePage.tsx']!.css![0]}`);
    expect(new Set(linked).size).toBe(linked.length);
    // The loader imports the entry after the first paint.
    expect(inlineScripts(html).some((script) => script.includes('import("/assets/entry-client-'))).toBe(true);
    // No script download competes with the first paint: the loader adds them afterwards.
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/);
    const queued = inlineScripts(html)
      .filter((script) => script.includes('__pagePreloads='))
      .join('');
    expect(queued).toMatch(/\/assets\/BooksPage-[^"]+\.js/);
    expect(queued).not.toMatch(/(HomePage|BlogPage|AdminPage)-/);
  });

  it('serves hashed assets forever-cacheable, pre-compressed with brotli or gzip', async () => {
    const { html } = await page('/');
    const script = /import\("(\/assets\/[^"]+\.js)"\)/.exec(html)?.[1];
    const stylesheet = `/${builtManifest()['pages/HomePage.tsx']!.css![0]}`;
    expect(script).toBeDefined();
    for (const asset of [script!, stylesheet!]) {
      const br = await fetch(`${site.baseUrl}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(br.status, asset).toBe(200);
      expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(br.headers.get('content-encoding')).toBe('br');
      await br.arrayBuffer();
      const gzip = await fetch(`${site.baseUrl}${asset}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers.get('content-encoding')).toBe('gzip');
      expect(gzip.headers.get('cache-control')).toContain('immutable');
      await gzip.arrayBuffer();
    }
  });

  it('compresses pages and revalidates them with an ETag', async () => {
    const br = await fetch(`${site.baseUrl}/books`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toBe('no-cache');
    expect(await br.text()).toContain('<!DOCTYPE html>');
    const gzip = await fetch(`${site.baseUrl}/books`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const etag = gzip.headers.get('etag');
    expect(etag).toBeTruthy();
    await gzip.arrayBuffer();
    const again = await fetch(`${site.baseUrl}/books`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it("allows exactly the page's inline scripts in its CSP (by hash), and nothing inline otherwise", async () => {
    for (const path of ['/', `/blog/${posts[0]!.slug}`, '/no/such/page']) {
      const { response, html } = await page(path);
      const policy = response.headers.get('content-security-policy') ?? '';
      const scriptSrc = policy.split(';').find((directive) => directive.startsWith('script-src '))!;
      expect(scriptSrc, path).toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) {
        const hash = `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
        expect(scriptSrc, `${path}: ${script.slice(0, 40)}`).toContain(hash);
      }
    }
  });

  it('drops the rendered pages on a content write: the next page shows the new book', async () => {
    const before = await page('/books');
    const title = `The Cinder Archive ${Date.now()}`;
    expect(before.html).not.toContain(title);
    const created = await fetch(`${site.baseUrl}/api/books`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.adminPassword}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        description: 'A new book written during the test.',
        coverImage: '/objects/cover-ashwarden.svg',
        status: 'coming-soon',
        price: '$21.00',
        order: 99,
      }),
    });
    expect(created.status).toBe(201);
    const after = await page('/books');
    expect(after.response.status).toBe(200);
    expect(bodyText(after.html)).toContain(title);
    expect(jsonLdNodes(after.html).some((node) => node['@type'] === 'Book' && node.name === title)).toBe(true);
  });

  it('lead an old site’s /tag/x/ to the tag’s page, rendered with its posts only', async () => {
    const title = `Maps of the Drowned Coast ${Date.now()}`;
    const created = await fetch(`${site.baseUrl}/api/blog`, {
      method: 'POST',
      headers: { authorization: `Bearer ${site.adminPassword}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title,
        summary: 'Every map drawn for the series.',
        content: 'The first map.\n\nThe second map.',
        category: 'announcements',
        coverImage: '',
        tags: ['Coast Maps'],
      }),
    });
    expect(created.status).toBe(201);
    const old = await page('/tag/coast-maps/');
    expect(old.response.status).toBe(301);
    expect(old.response.headers.get('location')).toBe('/blog/tag/coast-maps');
    const list = await page('/blog/tag/coast-maps');
    expect(list.response.status).toBe(200);
    const text = bodyText(list.html);
    expect(text).toContain('1 post tagged Coast Maps.');
    expect(text).toContain(title);
    for (const other of posts) expect(text).not.toContain(other.title);
  });
});
