import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IMAGE_FILES } from '../../../../db/seed/demo-content.js';
import { ART_TYPES } from '../../../domain/art.js';
import { BLOG_CATEGORIES } from '../../../domain/blog.js';
import { BOOK_STATUSES } from '../../../domain/books.js';
import { SPOILER_LEVELS } from '../../../domain/excerpts.js';
import { publicDir } from '../../paths.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { listEditionFiles } from '../../sales/copies/edition-files-repository.js';
import { makePersonalCopy, newFingerprint } from '../../sales/copies/personal-copy.js';
import { salesFileStoreOf } from '../../sales/copies/sales-files.js';
import { useTestApp, type AppContext } from '../../test-support/app-context.js';
import { bearer, getList } from '../../test-support/http.js';

type Listed = { id: string } & Record<string, unknown>;

const lists = async (context: AppContext) => ({
  books: await getList<Listed & { status: string; coverImage: string }>(context.t.app, '/api/books'),
  excerpts: await getList<Listed & { bookId: string; spoilerLevel: string }>(context.t.app, '/api/excerpts'),
  posts: await getList<Listed & { category: string; coverImage: string }>(context.t.app, '/api/blog'),
  art: await getList<Listed & { type: string; imageUrl: string }>(context.t.app, '/api/art'),
  playlists: await getList<Listed & { tracks: unknown[] }>(context.t.app, '/api/playlists'),
});

describe('a new database with SEED_DEMO unset (default 1)', () => {
  const context = useTestApp({ SEED_DEMO: undefined });

  it('gets the demo content: 4 books, every status, spoiler level and category, both art types, a playlist', async () => {
    expect(context.t.config.seedDemo).toBe(true);
    const { books, excerpts, posts, art, playlists } = await lists(context);
    expect(books).toHaveLength(4);
    expect(new Set(books.map((b) => b.status))).toEqual(new Set(BOOK_STATUSES));
    expect(new Set(excerpts.map((e) => e.spoilerLevel))).toEqual(new Set(SPOILER_LEVELS));
    expect(new Set(posts.map((p) => p.category))).toEqual(new Set(BLOG_CATEGORIES));
    expect(new Set(art.map((a) => a.type))).toEqual(new Set(ART_TYPES));
    expect(playlists.length).toBeGreaterThanOrEqual(1);
    expect(playlists[0]!.tracks.length).toBeGreaterThan(0);

    const bookIds = new Set(books.map((b) => b.id));
    expect(excerpts.every((e) => bookIds.has(e.bookId))).toBe(true);
  });

  it("sells The Ashwarden's ebook direct: a real EPUB from which a personal copy is made", async () => {
    const { db } = context.t.services;
    const book = await db
      .selectFrom('books')
      .select('id')
      .where('slug', '=', 'the-ashwarden')
      .executeTakeFirstOrThrow();
    const [file, ...others] = await listEditionFiles(db, book.id, 'ebook');
    expect(others).toEqual([]);
    expect(file).toMatchObject({ kind: 'epub', filename: 'the-ashwarden.epub' });
    expect(file!.checked.summary).toContain('EPUB 3.0: “The Ashwarden”');
    const copy = await makePersonalCopy(db, salesFileStoreOf(context.t.services), {
      editionFileId: file!.id,
      buyerName: 'Ada Reader',
      orderRef: 'demo-1',
      fingerprint: newFingerprint(),
      madeAt: new Date(),
    });
    expect(copy.fileName).toBe('the-ashwarden.epub');
  });

  it('serves every demo image under /objects/, identical to public/demo', async () => {
    const { uploads } = context.t.services;
    const stored = await uploads.list();
    expect(stored.sort()).toEqual([...DEMO_IMAGE_FILES].sort());
    // Files (SQLite) are the site user's alone; on PostgreSQL they are rows of stored_uploads.
    for (const file of uploads.kind === 'files' ? stored : []) {
      expect((await stat(path.join(context.t.dataDir, 'uploads', file))).mode & 0o777, file).toBe(0o600);
    }
    for (const file of DEMO_IMAGE_FILES) {
      const res = await context.t.app.inject({ method: 'GET', url: `/objects/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expectSameBytes(res.rawPayload, await readFile(path.join(publicDir, 'demo', file)), `demo image ${file}`);
    }
  });

  it('every image the content refers to is one of the served files', async () => {
    const { books, posts, art } = await lists(context);
    const references = [
      ...books.map((b) => b.coverImage),
      ...posts.map((p) => p.coverImage),
      ...art.map((a) => a.imageUrl),
    ];
    for (const reference of references) {
      expect(reference).toMatch(/^\/objects\//);
      expect((await context.t.app.inject({ method: 'GET', url: reference })).statusCode, reference).toBe(200);
    }
  });

  it('passes the same rules as an admin write (each item can be saved back unchanged)', async () => {
    const { books, excerpts, posts, art, playlists } = await lists(context);
    const kinds: [string, Listed[]][] = [
      ['/api/books', books],
      ['/api/excerpts', excerpts],
      ['/api/blog', posts],
      ['/api/art', art],
      ['/api/playlists', playlists],
    ];
    for (const [url, items] of kinds) {
      for (const { id, publishedAt: _publishedAt, ...data } of items) {
        const res = await context.t.app.inject({
          method: 'PUT',
          url: `${url}/${id}`,
          headers: bearer(context.token),
          payload: data,
        });
        expect(res.statusCode, `${url}/${id}: ${res.body.slice(0, 200)}`).toBe(200);
        expect(res.json()).toMatchObject(data);
      }
    }
  });
});

describe('a new database with SEED_DEMO=0', () => {
  const context = useTestApp({ SEED_DEMO: '0' });

  it('is empty', async () => {
    const { books, excerpts, posts, art, playlists } = await lists(context);
    expect([books, excerpts, posts, art, playlists]).toEqual([[], [], [], [], []]);
    expect(await context.t.services.uploads.list()).toEqual([]);
  });
});
