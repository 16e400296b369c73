import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../db/connection.js';
import { createGiftFileStore, GIFT_CHUNK_BYTES } from '../../newsletter/gift/gift-file-store.js';
import { addGiftFile } from '../../newsletter/gift/gifts-repository.js';
import { expectSameByteMaps, expectSameBytes } from '../../test-support/bytes.js';
import { bearer } from '../../test-support/http.js';
import { imageUpload } from '../../test-support/multipart.js';
import { photo } from '../../test-support/photos.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from '../../test-support/test-database.js';
import { createTestApp, validBook, validPlaylist, type TestApp } from '../../test-support/test-app.js';
import { runDbCopyCommand } from './cli.js';

/** Every gift file of a site, read whole through the site's own gift store (files or database). */
async function giftFileContents(db: AppDatabase, kind: 'files' | 'database', dataDir: string) {
  const store = createGiftFileStore(db, kind, dataDir);
  const contents = new Map<string, Buffer>();
  for (const file of await db.selectFrom('giftFiles').select(['id', 'bytes']).orderBy('id').execute()) {
    const chunks: Buffer[] = [];
    for await (const chunk of store.read(file.id, 0, file.bytes - 1)) chunks.push(chunk as Buffer);
    contents.set(file.id, Buffer.concat(chunks));
  }
  return contents;
}

function capture() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    out: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

describe('npm run db:copy -- --to postgres://…', () => {
  let sqliteSite: TestApp;
  let target: ScratchPostgresDatabase;
  let uploadPath: string;
  beforeAll(async () => {
    // A SQLite site with demo content (books, posts, art, playlists, demo images) plus an upload and a subscriber.
    sqliteSite = await createTestApp({ DATABASE_URL: undefined, SEED_DEMO: '1' });
    const token = await openAdminSession(sqliteSite.services);
    const upload = imageUpload(await photo(640, 480), 'cover.jpg');
    const res = await sqliteSite.app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer(token) },
    });
    uploadPath = res.json<{ path: string }>().path;
    await sqliteSite.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: bearer(token),
      payload: { ...validBook, title: 'Copied Crown', coverImage: uploadPath },
    });
    await sqliteSite.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: bearer(token),
      payload: validPlaylist,
    });
    await sqliteSite.publicCaller().newsletter.subscribe({ email: 'Reader@Example.com' });
    // Besides the demo gift's PDF, a gift file of several pieces whose last piece is short.
    const giftId = (await sqliteSite.services.db.selectFrom('gifts').select('id').executeTakeFirstOrThrow()).id;
    const bigGift = randomBytes(2 * GIFT_CHUNK_BYTES + 12345);
    const bigId = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
    const giftFiles = createGiftFileStore(sqliteSite.services.db, 'files', sqliteSite.dataDir);
    const bytes = await giftFiles.write(bigId, Readable.from([bigGift]));
    await addGiftFile(sqliteSite.services.db, { id: bigId, giftId, format: 'epub', filename: 'big.epub', bytes });
    target = await createScratchPostgresDatabase();
  });
  afterAll(async () => {
    await sqliteSite?.close();
    await target?.drop();
  });

  it('copies every table and upload into an empty database, and every count matches', async () => {
    const { lines, errors, out } = capture();
    const code = await runDbCopyCommand(['--to', target.url], { DATA_DIR: sqliteSite.dataDir }, out);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    const report = lines.join('\n');
    expect(report).toMatch(/^books\s+5\s+5\s+ok$/m);
    expect(report).toMatch(/^newsletter_subscriptions\s+1\s+1\s+ok$/m);
    expect(report).toMatch(/^uploads \(files → stored_uploads\)\s+(\d+)\s+\1\s+ok$/m);
    expect(report).toMatch(/^gift files \(files → gift_file_chunks\)\s+2\s+2\s+ok$/m);
    // The demo PDF is one piece, the big file three.
    expect(report).toMatch(/^gift_file_chunks\s+4\s+4\s+ok$/m);
    expect(report).toMatch(/^gift_files\s+2\s+2\s+ok$/m);
    expect(report).toContain('Every count matches');
    expect(report).not.toContain('DIFFERENT');
    // Site search is not copied but rebuilt from the copied content.
    expect(report).toMatch(/not copied \(site search, rebuilt from the content\): search_documents, search_index/m);
    expect(report).toMatch(/search_documents: \d+ rebuilt from the content$/m);

    const copy = await createTestApp({ DATABASE_URL: target.url, SEED_DEMO: '1' });
    try {
      for (const url of ['/api/books', '/api/blog', '/api/art', '/api/playlists', '/api/excerpts', '/api/series']) {
        const before = await sqliteSite.app.inject({ method: 'GET', url });
        const after = await copy.app.inject({ method: 'GET', url });
        expect(after.statusCode, url).toBe(before.statusCode);
        expect(after.json(), url).toEqual(before.json());
      }
      // Search finds the same items (ranked and cut by another engine, so compared as sets).
      const found = async (app: TestApp['app']) =>
        (await app.inject({ method: 'GET', url: '/api/search?q=salt&limit=50' }))
          .json<{ results: Array<{ kind: string; title: string }> }>()
          .results.map((hit) => `${hit.kind} ${hit.title}`)
          .sort();
      const foundBefore = await found(sqliteSite.app);
      expect(foundBefore.length).toBeGreaterThan(3);
      expect(await found(copy.app)).toEqual(foundBefore);
      // The uploaded cover is still found through its book's reference to its image row.
      const copiedBook = await copy.services.db
        .selectFrom('books')
        .select(['coverImage', 'coverImageId'])
        .where('title', '=', 'Copied Crown')
        .executeTakeFirstOrThrow();
      expect(copiedBook).toEqual({ coverImage: uploadPath, coverImageId: uploadPath.replace('/objects/', '') });
      const listedCopy = (await copy.app.inject({ method: 'GET', url: '/api/books' }))
        .json<Array<{ title: string; image?: { width: number } }>>()
        .find((book) => book.title === 'Copied Crown');
      expect(listedCopy?.image?.width).toBe(640);
      const image = await sqliteSite.app.inject({ method: 'GET', url: uploadPath });
      const copied = await copy.app.inject({ method: 'GET', url: uploadPath });
      expect(copied.statusCode).toBe(200);
      expectSameBytes(copied.rawPayload, image.rawPayload, 'copied upload');
      // Every gift file reads back byte for byte through the PostgreSQL gift store, whole and by range.
      const giftsBefore = await giftFileContents(sqliteSite.services.db, 'files', sqliteSite.dataDir);
      expect(giftsBefore.size).toBe(2);
      expectSameByteMaps(await giftFileContents(copy.services.db, 'database', ''), giftsBefore, 'copied gift files');
      const range: Buffer[] = [];
      const across = GIFT_CHUNK_BYTES - 10;
      const store = createGiftFileStore(copy.services.db, 'database', '');
      for await (const chunk of store.read('f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b', across, across + 99)) {
        range.push(chunk as Buffer);
      }
      expectSameBytes(
        Buffer.concat(range),
        giftsBefore.get('f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b')!.subarray(across, across + 100),
        'gift file range across chunks',
      );
      const subscribers = await copy.services.db.selectFrom('newsletterSubscriptions').select('email').execute();
      expect(subscribers).toEqual([{ email: 'Reader@Example.com' }]);
      // The copy is not a new database: no demo content was seeded on top of it.
      expect((await copy.app.inject({ method: 'GET', url: '/api/books' })).json()).toHaveLength(5);
    } finally {
      await copy.close();
    }
  });

  it('refuses a target that is not empty, changing nothing', async () => {
    const { errors, out } = capture();
    expect(await runDbCopyCommand(['--to', target.url], { DATA_DIR: sqliteSite.dataDir }, out)).toBe(1);
    expect(errors.join('\n')).toMatch(/The target database is not empty/);
  });

  it('refuses a URL that is not PostgreSQL, a missing site, and wrong usage', async () => {
    const bad = capture();
    expect(await runDbCopyCommand(['--to', 'mysql://x/y'], { DATA_DIR: sqliteSite.dataDir }, bad.out)).toBe(1);
    expect(bad.errors.join('\n')).toContain('DATABASE_URL: must be a PostgreSQL URL');
    const missing = capture();
    const other = await createScratchPostgresDatabase();
    try {
      expect(await runDbCopyCommand(['--to', other.url], { DATA_DIR: '/nonexistent-site' }, missing.out)).toBe(1);
      expect(missing.errors.join('\n')).toContain('no SQLite site there');
    } finally {
      await other.drop();
    }
    const usage = capture();
    expect(await runDbCopyCommand([], {}, usage.out)).toBe(2);
    expect(await runDbCopyCommand(['--from', 'x'], {}, usage.out)).toBe(2);
  });
});
