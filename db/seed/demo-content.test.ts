import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ART_TYPES } from '../../src/domain/art.js';
import { artPieceInputSchema } from '../../src/domain/art.schema.js';
import { BLOG_CATEGORIES } from '../../src/domain/blog.js';
import { blogPostInputSchema } from '../../src/domain/blog.schema.js';
import { BOOK_STATUSES } from '../../src/domain/books.js';
import { isValidIsbn13 } from '../../src/domain/isbn.js';
import { shopForUrl } from '../../src/domain/retailers.js';
import { bookInputSchema } from '../../src/domain/books.schema.js';
import { SPOILER_LEVELS } from '../../src/domain/excerpts.js';
import { excerptInputSchema } from '../../src/domain/excerpts.schema.js';
import { playlistInputSchema } from '../../src/domain/playlists.schema.js';
import {
  AUTHOR_NAME,
  DEMO_IMAGE_FILES,
  SITE_IMAGE_FILES,
  SERIES_NAME,
  demoArtPieces,
  demoBlogPosts,
  demoBooks,
  demoSeries,
  demoExcerpts,
  demoPlaylists,
} from './demo-content.js';

const DEMO_DIR = fileURLToPath(new URL('../../public/demo/', import.meta.url));
const SPOTIFY_URL = 'https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS';
const SVG_NAMESPACES = new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']);
const MAX_SVG_BYTES = 20 * 1024;

const objectPath = (file: string): string => `/objects/${file}`;
/** The prose paragraphs of a Markdown text: its blocks other than headings, scene breaks and footnotes. */
const paragraphsOf = (text: string): string[] =>
  text.split(/\n{2,}/).filter((block) => !/^(#{1,6} |\*\*\*$|---$|\[\^[^\]]+\]:)/.test(block));
/** The words a reader reads in the prose (Markdown marks and footnote references left out). */
const wordCount = (text: string): number =>
  paragraphsOf(text)
    .join(' ')
    .replace(/\[\^[^\]]+\]|[*>]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;

function issuesOf(result: { success: boolean; error?: { issues: unknown[] } }): unknown[] {
  return result.success ? [] : (result.error?.issues ?? []);
}

describe('demo content', () => {
  it('names the series and the author', () => {
    expect(SERIES_NAME.trim()).not.toBe('');
    expect(AUTHOR_NAME.trim()).not.toBe('');
  });

  describe('books', () => {
    it('has four books, ordered 1..4, with unique keys', () => {
      expect(demoBooks).toHaveLength(4);
      expect(demoBooks.map((book) => book.order)).toEqual([1, 2, 3, 4]);
      expect(new Set(demoBooks.map((book) => book.key)).size).toBe(demoBooks.length);
    });

    it.each(demoBooks.map((book) => [book.title, book] as const))('%s parses with bookInputSchema', (_title, book) => {
      const { key: _key, coverFile, ...input } = book;
      const result = bookInputSchema.safeParse({ ...input, seriesId: 'series', coverImage: objectPath(coverFile) });
      expect(issuesOf(result)).toEqual([]);
    });

    it('numbers the books 1-4 in the series, with unique slugs', () => {
      expect(demoBooks.map((book) => book.seriesNumber)).toEqual([1, 2, 3, 4]);
      expect(new Set(demoBooks.map((book) => book.slug)).size).toBe(demoBooks.length);
      expect(demoSeries.name).toBe(SERIES_NAME);
    });

    it('gives every published and preorder book editions with valid, distinct ISBN-13s and shop links', () => {
      const isbns = new Set<string>();
      for (const book of demoBooks.filter((b) => b.status !== 'coming-soon')) {
        const editions = book.editions ?? [];
        expect(editions.length).toBeGreaterThanOrEqual(3);
        for (const edition of editions) {
          expect(isValidIsbn13(edition.isbn ?? '')).toBe(true);
          isbns.add(edition.isbn ?? '');
          expect(edition.links?.length).toBeGreaterThan(0);
        }
      }
      expect(isbns.size).toBe(demoBooks.flatMap((book) => book.editions ?? []).length);
    });

    it('covers every status: two published, one preorder, one coming soon', () => {
      const statuses = demoBooks.map((book) => book.status);
      for (const status of BOOK_STATUSES) expect(statuses).toContain(status);
      expect(statuses.filter((status) => status === 'published')).toHaveLength(2);
      expect(statuses.filter((status) => status === 'preorder')).toHaveLength(1);
      expect(statuses.filter((status) => status === 'coming-soon')).toHaveLength(1);
    });

    it('prices every published and preorder book', () => {
      for (const book of demoBooks.filter((b) => b.status !== 'coming-soon')) {
        expect(book.price).toMatch(/^\$\d+\.\d{2}$/);
      }
    });

    it('keeps descriptions short', () => {
      for (const book of demoBooks) expect(book.description.length).toBeLessThan(600);
    });
  });

  describe('excerpts', () => {
    it('has 6-7 excerpts, all for the first three books', () => {
      expect(demoExcerpts.length).toBeGreaterThanOrEqual(6);
      expect(demoExcerpts.length).toBeLessThanOrEqual(7);
      const comingSoon = demoBooks.filter((book) => book.status === 'coming-soon').map((book) => book.key);
      const firstThree = demoBooks.filter((book) => book.order <= 3).map((book) => book.key);
      for (const excerpt of demoExcerpts) {
        expect(firstThree).toContain(excerpt.bookKey);
        expect(comingSoon).not.toContain(excerpt.bookKey);
      }
      for (const key of firstThree) expect(demoExcerpts.some((excerpt) => excerpt.bookKey === key)).toBe(true);
    });

    it.each(demoExcerpts.map((excerpt) => [excerpt.title, excerpt] as const))(
      '%s parses with excerptInputSchema',
      (_title, excerpt) => {
        const { bookKey: _bookKey, ...input } = excerpt;
        expect(issuesOf(excerptInputSchema.safeParse({ ...input, bookId: 'x' }))).toEqual([]);
      },
    );

    it('are Markdown, with italics, and a scene break and a footnote in the first', () => {
      for (const excerpt of demoExcerpts) {
        expect(excerptInputSchema.parse({ ...excerpt, bookId: 'x' }).contentFormat).toBe('markdown');
        expect(excerpt.content).not.toMatch(/[^\n]\n[^\n]/);
      }
      const first = demoExcerpts[0]!.content;
      expect(first).toMatch(/\*[^*\n]+\*/);
      expect(first).toContain('\n\n***\n\n');
      expect(first).toMatch(/\[\^stair\][\s\S]*\n\n\[\^stair\]: /);
    });

    it('covers every spoiler level at least twice', () => {
      for (const level of SPOILER_LEVELS) {
        expect(demoExcerpts.filter((excerpt) => excerpt.spoilerLevel === level).length).toBeGreaterThanOrEqual(2);
      }
    });

    it('has 4-8 paragraphs and 250-600 words, with a matching read time', () => {
      for (const excerpt of demoExcerpts) {
        const paragraphs = paragraphsOf(excerpt.content);
        expect(paragraphs.length).toBeGreaterThanOrEqual(4);
        expect(paragraphs.length).toBeLessThanOrEqual(8);
        for (const paragraph of paragraphs) expect(paragraph.trim()).not.toBe('');
        const words = wordCount(excerpt.content);
        expect(words).toBeGreaterThanOrEqual(250);
        expect(words).toBeLessThanOrEqual(600);
        const minutes = Number(/^(\d+) min read$/.exec(excerpt.readTime)?.[1]);
        expect(minutes).toBe(Math.ceil(words / 200));
      }
    });
  });

  describe('blog posts', () => {
    it('has seven posts with distinct ages', () => {
      expect(demoBlogPosts).toHaveLength(7);
      expect(new Set(demoBlogPosts.map((post) => post.daysAgo)).size).toBe(7);
      for (const post of demoBlogPosts) expect(post.daysAgo).toBeGreaterThan(0);
    });

    it.each(demoBlogPosts.map((post) => [post.title, post] as const))(
      '%s parses with blogPostInputSchema',
      (_title, post) => {
        const { coverFile, daysAgo: _daysAgo, ...input } = post;
        expect(issuesOf(blogPostInputSchema.safeParse({ ...input, coverImage: objectPath(coverFile) }))).toEqual([]);
      },
    );

    it('covers every category in the requested amounts', () => {
      const count = (category: string) => demoBlogPosts.filter((post) => post.category === category).length;
      for (const category of BLOG_CATEGORIES) expect(count(category)).toBeGreaterThanOrEqual(1);
      expect(count('announcements')).toBeGreaterThanOrEqual(3);
      expect(count('behind-scenes')).toBeGreaterThanOrEqual(2);
      expect(count('soundtracks')).toBeGreaterThanOrEqual(2);
    });

    it('are Markdown, the first with italics, a heading, a quote and a link on the site', () => {
      for (const { coverFile, daysAgo: _daysAgo, ...post } of demoBlogPosts) {
        const data = blogPostInputSchema.parse({ ...post, coverImage: objectPath(coverFile) });
        expect(data.contentFormat).toBe('markdown');
        expect(data.status).toBeUndefined();
      }
      const first = demoBlogPosts[0]!.content;
      expect(first).toMatch(/\*[^*\n]+\*/);
      expect(first).toMatch(/\n\n## /);
      expect(first).toMatch(/\n\n> /);
      expect(first).toContain('](/books)');
    });

    it('has 3-6 paragraphs per post', () => {
      for (const post of demoBlogPosts) {
        const paragraphs = paragraphsOf(post.content);
        expect(paragraphs.length).toBeGreaterThanOrEqual(3);
        expect(paragraphs.length).toBeLessThanOrEqual(6);
        for (const paragraph of paragraphs) expect(paragraph.trim()).not.toBe('');
      }
    });
  });

  describe('art', () => {
    it('has eight pieces: five official, three fan', () => {
      expect(demoArtPieces).toHaveLength(8);
      for (const type of ART_TYPES) expect(demoArtPieces.some((piece) => piece.type === type)).toBe(true);
      expect(demoArtPieces.filter((piece) => piece.type === 'official')).toHaveLength(5);
      expect(demoArtPieces.filter((piece) => piece.type === 'fan')).toHaveLength(3);
    });

    it.each(demoArtPieces.map((piece) => [piece.title, piece] as const))(
      '%s parses with artPieceInputSchema',
      (_title, piece) => {
        const { imageFile, ...input } = piece;
        expect(issuesOf(artPieceInputSchema.safeParse({ ...input, imageUrl: objectPath(imageFile) }))).toEqual([]);
      },
    );
  });

  describe('playlists', () => {
    it('has one playlist of 8-10 tracks', () => {
      expect(demoPlaylists).toHaveLength(1);
      const tracks = demoPlaylists[0]?.tracks ?? [];
      expect(tracks.length).toBeGreaterThanOrEqual(8);
      expect(tracks.length).toBeLessThanOrEqual(10);
      expect(demoPlaylists[0]?.title).toContain(SERIES_NAME);
      expect(demoPlaylists[0]?.spotifyUrl).toBe(SPOTIFY_URL);
      expect(demoPlaylists[0]?.appleMusicUrl).toBeNull();
    });

    it.each(demoPlaylists.map((playlist) => [playlist.title, playlist] as const))(
      '%s parses with playlistInputSchema',
      (_title, playlist) => {
        expect(issuesOf(playlistInputSchema.safeParse(playlist))).toEqual([]);
      },
    );
  });

  it('links to known shops from the books, and elsewhere to no outside address but the soundtrack playlist', () => {
    const shopLinks = demoBooks.flatMap((book) => [
      ...(book.retailerLinks ?? []),
      ...(book.editions ?? []).flatMap((edition) => edition.links ?? []),
    ]);
    for (const link of shopLinks) {
      expect(link.url).toMatch(/^https:\/\//);
      expect(shopForUrl(link.url), link.url).not.toBeNull();
    }
    const books = demoBooks.map(({ editions: _editions, retailerLinks: _links, ...book }) => book);
    const text = JSON.stringify({ books, demoExcerpts, demoBlogPosts, demoArtPieces, demoPlaylists });
    const links = text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];
    expect(links).toEqual([SPOTIFY_URL]);
    const domains =
      text
        .split(SPOTIFY_URL)
        .join('')
        .match(/\bwww\.\S+|\S+\.(?:com|org|net|io)\b/gi) ?? [];
    expect(domains).toEqual([]);
  });
});

describe('demo images', () => {
  const referenced = [
    ...demoBooks.map((book) => book.coverFile),
    ...demoBlogPosts.map((post) => post.coverFile),
    ...demoArtPieces.map((piece) => piece.imageFile),
  ];

  it('lists every file once', () => {
    expect(new Set(DEMO_IMAGE_FILES).size).toBe(DEMO_IMAGE_FILES.length);
    for (const file of DEMO_IMAGE_FILES) expect(file).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/);
  });

  it('lists and ships every referenced image', () => {
    for (const file of referenced) {
      expect(DEMO_IMAGE_FILES).toContain(file);
      expect(existsSync(join(DEMO_DIR, file)), file).toBe(true);
    }
  });

  it('ships every listed image, and lists every shipped one', () => {
    const listed = [...DEMO_IMAGE_FILES, ...SITE_IMAGE_FILES];
    for (const file of listed) expect(existsSync(join(DEMO_DIR, file)), file).toBe(true);
    const shipped = readdirSync(DEMO_DIR).filter((file) => file.endsWith('.svg'));
    expect([...shipped].sort()).toEqual([...listed].sort());
  });

  it('copies into uploads only what the content refers to, so nothing seeded is listed as unused', () => {
    expect([...DEMO_IMAGE_FILES].sort()).toEqual([...new Set(referenced)].sort());
  });

  it.each([...DEMO_IMAGE_FILES, ...SITE_IMAGE_FILES])('%s is a small, self-contained SVG', (file) => {
    const path = join(DEMO_DIR, file);
    expect(statSync(path).size).toBeLessThan(MAX_SVG_BYTES);
    const svg = readFileSync(path, 'utf8');
    expect(svg).toMatch(/^<svg\b[^>]*\bxmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toMatch(/\bviewBox="0 0 \d+ \d+"/);
    expect(svg.toLowerCase()).not.toContain('<script');
    expect(svg.toLowerCase()).not.toContain('foreignobject');
    expect(svg).not.toMatch(/\bon[a-z]+\s*=/i);
    expect(svg).not.toMatch(/data:/i);
    const urls = svg.match(/https?:\/\/[^\s"'<>)]*/g) ?? [];
    for (const url of urls) expect(SVG_NAMESPACES.has(url), url).toBe(true);
    for (const family of svg.match(/font-family="([^"]*)"/g) ?? []) {
      expect(family).toMatch(/^font-family="(serif|sans-serif)"$/);
    }
    for (const href of svg.match(/href="([^"]*)"/g) ?? []) expect(href).toMatch(/^href="#[\w-]+"$/);
  });

  it('uses the requested canvas sizes', () => {
    const viewBoxOf = (file: string) => /viewBox="([^"]+)"/.exec(readFileSync(join(DEMO_DIR, file), 'utf8'))?.[1];
    for (const book of demoBooks) expect(viewBoxOf(book.coverFile)).toBe('0 0 600 900');
    for (const post of demoBlogPosts) expect(viewBoxOf(post.coverFile)).toBe('0 0 1200 630');
    for (const piece of demoArtPieces) expect(['0 0 800 1000', '0 0 1000 1000']).toContain(viewBoxOf(piece.imageFile));
    expect(viewBoxOf('author-portrait.svg')).toBe('0 0 800 1000');
    expect(viewBoxOf('hero.svg')).toBe('0 0 1600 900');
  });
});
