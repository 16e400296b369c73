import { Migrator, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { openScratchDatabase, type ScratchDatabase } from '../../src/server/test-support/test-database.js';
import { migrations } from './index.js';

const BEFORE = '2026-11-25-82-create-paused-mailings';
const THIS = '2026-11-26-30-image-references';

let scratch: ScratchDatabase;
let db: AppDatabase;
beforeEach(async () => {
  scratch = await openScratchDatabase();
  db = scratch.db;
});
afterEach(async () => scratch.close());

const references = async () => ({
  books: await db.selectFrom('books').select(['id', 'coverImageId']).orderBy('id').execute(),
  posts: await db.selectFrom('blogPosts').select(['id', 'coverImageId']).orderBy('id').execute(),
  art: await db.selectFrom('artPieces').select(['id', 'imageId']).orderBy('id').execute(),
});

describe(`migration ${THIS}`, () => {
  it('refers each cover and picture to its processed upload, from the URLs already stored', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO images (name, width, height, placeholder, variants, created_at)
      VALUES ('cover.png', 800, 1200, '#222222', '[]', '2026-01-01T00:00:00.000Z')`.execute(db);
    for (const [id, cover] of [
      ['b1', '/objects/cover.png'],
      ['b2', '/objects/cover-ashwarden.svg'],
      ['b3', 'https://example.com/objects/cover.png'],
    ]) {
      await sql`INSERT INTO books (id, title, description, cover_image, status, price, "order", slug)
        VALUES (${id}, 'B', 'd', ${cover}, 'published', '$1', 1, ${id})`.execute(db);
    }
    await sql`INSERT INTO blog_posts (id, title, summary, content, category, cover_image, published_at, slug)
      VALUES ('p1', 'P', 's', 'x', 'announcements', '/objects/cover.png', '2026-01-01T00:00:00.000Z', 'p')`.execute(db);
    await sql`INSERT INTO art_pieces (id, title, image_url, artist, type, description)
      VALUES ('a1', 'A', '/objects/cover.png', 'Me', 'official', 'd'),
             ('a2', 'A', '/objects/missing.png', 'Me', 'official', 'd')`.execute(db);

    await migrateToLatest(db);

    expect(await references()).toEqual({
      books: [
        { id: 'b1', coverImageId: 'cover.png' },
        { id: 'b2', coverImageId: null },
        { id: 'b3', coverImageId: null },
      ],
      posts: [{ id: 'p1', coverImageId: 'cover.png' }],
      art: [
        { id: 'a1', imageId: 'cover.png' },
        { id: 'a2', imageId: null },
      ],
    });
    // The URLs are kept as they were.
    expect(
      (await db.selectFrom('books').select('coverImage').where('id', '=', 'b1').executeTakeFirst())?.coverImage,
    ).toBe('/objects/cover.png');
  });

  it('is a real foreign key: an unknown image is refused, and deleting the image clears its references', async () => {
    await migrateToLatest(db);
    await sql`INSERT INTO images (name, width, height, placeholder, variants, created_at)
      VALUES ('cover.png', 800, 1200, '#222222', '[]', '2026-01-01T00:00:00.000Z')`.execute(db);
    await sql`INSERT INTO art_pieces (id, title, image_url, artist, type, description, image_id)
      VALUES ('a1', 'A', '/objects/cover.png', 'Me', 'official', 'd', 'cover.png')`.execute(db);
    await expect(
      sql`INSERT INTO art_pieces (id, title, image_url, artist, type, description, image_id)
        VALUES ('a2', 'A', '/objects/x.png', 'Me', 'official', 'd', 'x.png')`.execute(db),
    ).rejects.toThrow(/foreign key/i);
    await db.deleteFrom('images').where('name', '=', 'cover.png').execute();
    expect((await references()).art).toEqual([{ id: 'a1', imageId: null }]);
  });

  it('can be rolled back', async () => {
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo(BEFORE)).error).toBeUndefined();
    const columns = (await db.introspection.getTables())
      .filter((table) => ['books', 'blog_posts', 'art_pieces'].includes(table.name))
      .flatMap((table) => table.columns.map((column) => column.name));
    expect(columns).toContain('cover_image');
    expect(columns.filter((name) => /image_id$/.test(name))).toEqual([]);
  });
});
