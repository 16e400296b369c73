import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, DATABASE_FILE_NAME } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type AppDatabase } from '../../src/server/db/connection.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { bearer, getList } from '../../src/server/test-support/http.js';
import { openAdminSession } from '../../src/server/test-support/sessions.js';
import { TEST_ADMIN_PASSWORD, validBook } from '../../src/server/test-support/test-app.js';
import { migrations } from './index.js';

const APP_TABLES = [
  'admin_login_addresses',
  'admin_sessions',
  'analytics_admin_visitors',
  'analytics_daily_devices',
  'analytics_daily_pages',
  'analytics_daily_sources',
  'analytics_daily_totals',
  'analytics_events',
  'analytics_hourly',
  'analytics_salts',
  'arc_applications',
  'arc_campaigns',
  'arc_reviews',
  'art_pieces',
  'blog_categories',
  'blog_post_tags',
  'blog_posts',
  'blog_tags',
  'books',
  'comment_readers',
  'comment_reports',
  'comment_sign_ins',
  'comment_targets',
  'comments',
  'confirmation_mailboxes',
  'confirmation_send_counts',
  'contact_submissions',
  'download_meters',
  'edition_files',
  'excerpts',
  'fediverse_blocks',
  'fediverse_followers',
  'fediverse_keys',
  'fediverse_kv',
  'fediverse_objects',
  'fediverse_queue',
  'fediverse_reactions',
  'gift_file_chunks',
  'gift_files',
  'gift_links',
  'gifts',
  'images',
  'imported_items',
  'legacy_paths',
  'library_sign_ins',
  'login_throttle',
  'mail_event_ids',
  'mail_queue',
  'mail_return_paths',
  'mail_soft_bounces',
  'mail_suppression_removals',
  'mail_suppressions',
  'newsletter_issues',
  'newsletter_link_clicks',
  'newsletter_links',
  'newsletter_subscriptions',
  'paused_mailings',
  'personal_copies',
  'playlists',
  'preorders',
  'rate_limit_counts',
  'reader_changes',
  'sale_editions',
  'sale_events',
  'sale_orders',
  'sales_file_chunks',
  // Site search (SQLite FTS5): the documents, the index and its shadow tables.
  'search_documents',
  'search_index',
  'search_index_config',
  'search_index_data',
  'search_index_docsize',
  'search_index_idx',
  'series',
  'shop_clicks',
  'signup_challenge_uses',
  'site_pages',
  'site_secrets',
  'site_settings',
  'slug_redirects',
  'stored_uploads',
  'users',
  'write_probe',
];

/** The whole schema as SQLite stores it: tables and indexes with their SQL. */
async function schemaOf(db: AppDatabase): Promise<{ type: string; name: string; sql: string | null }[]> {
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`
    SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name`.execute(db);
  return rows;
}

async function appTables(db: AppDatabase): Promise<string[]> {
  return (await db.introspection.getTables()).map((table) => table.name).sort();
}

describe('migrations', () => {
  let dir: string;
  let db: AppDatabase;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'site-migrations-'));
    db = openDatabase(path.join(dir, DATABASE_FILE_NAME));
  });
  afterEach(async () => {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  });

  it('create every table on an empty database', async () => {
    expect(await appTables(db)).toEqual([]);
    await migrateToLatest(db);
    expect(await appTables(db)).toEqual(APP_TABLES);
    const indexes = (await schemaOf(db)).filter((entry) => entry.type === 'index').map((entry) => entry.name);
    expect(indexes).toEqual(
      expect.arrayContaining([
        'blog_posts_published_at',
        'excerpts_book_id',
        'newsletter_subscriptions_email_unique',
        'mail_queue_mailing_status',
        'blog_posts_unpublished',
      ]),
    );
  });

  it('count subscriptions stored before double opt-in as confirmed, and new ones as not', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    await migrator.migrateTo('2026-11-23-01-create-write-probe');
    const createdAt = '2026-01-02T03:04:05.000Z';
    await sql`INSERT INTO newsletter_subscriptions (id, email, is_active, created_at)
      VALUES ('old', 'old@example.com', 1, ${createdAt})`.execute(db);
    await migrateToLatest(db);
    await db
      .insertInto('newsletterSubscriptions')
      .values({ id: 'new', email: 'new@example.com', isActive: 1, createdAt })
      .execute();
    const rows = await db
      .selectFrom('newsletterSubscriptions')
      .select(['id', 'confirmedAt', 'confirmationNonce', 'confirmationSentAt'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'new', confirmedAt: null, confirmationNonce: null, confirmationSentAt: null },
      { id: 'old', confirmedAt: createdAt, confirmationNonce: null, confirmationSentAt: null },
    ]);
  });

  it('are applied in name order and recorded once each', async () => {
    await migrateToLatest(db);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    expect(rows.map((row) => row.name)).toEqual(names);
  });

  it('are idempotent: a second run changes nothing, data included', async () => {
    await migrateToLatest(db);
    await db
      .insertInto('books')
      .values({ id: 'b1', ...validBook })
      .execute();
    const schema = await schemaOf(db);
    const { rows: recorded } = await sql`SELECT * FROM kysely_migration ORDER BY name`.execute(db);

    await migrateToLatest(db);

    expect(await schemaOf(db)).toEqual(schema);
    expect((await sql`SELECT * FROM kysely_migration ORDER BY name`.execute(db)).rows).toEqual(recorded);
    expect(await db.selectFrom('books').selectAll().execute()).toEqual([
      {
        id: 'b1',
        ...validBook,
        slug: '',
        seriesId: null,
        seriesNumber: null,
        editions: '[]',
        retailerLinks: '[]',
        coverImageId: null,
      },
    ]);
  });

  it('make the fixed categories a table: the defaults in order, and any other a post names its own', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-27-71-sale-orders-erased')).error).toBeUndefined();
    for (const [id, category] of [
      ['p1', 'soundtracks'],
      ['p2', 'interviews'],
    ] as const) {
      await sql`INSERT INTO blog_posts (id, title, summary, content, category, cover_image, published_at, slug)
        VALUES (${id}, 'T', 's', 'c', ${category}, '', '2026-01-01T00:00:00.000Z', ${id})`.execute(db);
    }
    await migrateToLatest(db);
    const categories = await db
      .selectFrom('blogCategories')
      .select(['slug', 'label', 'color', 'position'])
      .orderBy('position')
      .execute();
    expect(categories).toEqual([
      { slug: 'announcements', label: 'Announcements', color: 'red', position: 0 },
      { slug: 'behind-scenes', label: 'Behind-the-Scenes', color: 'violet', position: 1 },
      { slug: 'soundtracks', label: 'Soundtracks', color: 'teal', position: 2 },
      { slug: 'interviews', label: 'interviews', color: 'gray', position: 3 },
    ]);
    const posts = await db.selectFrom('blogPosts').select(['id', 'category']).orderBy('id').execute();
    expect(posts).toEqual([
      { id: 'p1', category: 'soundtracks' },
      { id: 'p2', category: 'interviews' },
    ]);
  });

  it('give existing excerpts unique slugs from their titles, in their books’ order', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-27-97-issue-sends-with-post')).error).toBeUndefined();
    await sql`INSERT INTO books (id, title, description, cover_image, status, price, "order", slug)
      VALUES ('b1', 'B', 'd', '/objects/c.png', 'published', '$1', 1, 'b')`.execute(db);
    for (const [id, title, position] of [
      ['e2', 'The Bell at Dusk', 2],
      ['e1', 'The Bell at Dusk!', 1],
      ['e3', '???', 3],
    ] as const) {
      await sql`INSERT INTO excerpts (id, book_id, title, description, content, read_time, spoiler_level, position)
        VALUES (${id}, 'b1', ${title}, 'd', 'x', '1 min read', 'none', ${position})`.execute(db);
    }
    await migrateToLatest(db);
    const rows = await db.selectFrom('excerpts').select(['id', 'slug']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'e1', slug: 'the-bell-at-dusk' },
      { id: 'e2', slug: 'the-bell-at-dusk-2' },
      { id: 'e3', slug: 'excerpt' },
    ]);
    await expect(
      db.updateTable('excerpts').set({ slug: 'excerpt' }).where('id', '=', 'e1').execute(),
    ).rejects.toThrow();
  });

  it('keep existing posts and excerpts plain and published, and give posts unique slugs by date', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-23-41-create-images')).error).toBeUndefined();
    for (const [id, title, publishedAt] of [
      ['p2', 'Night Falls', '2026-02-01T00:00:00.000Z'],
      ['p1', 'Night Falls!', '2026-01-01T00:00:00.000Z'],
      ['p3', '???', '2026-03-01T00:00:00.000Z'],
    ] as const) {
      await sql`INSERT INTO blog_posts (id, title, summary, content, category, cover_image, published_at)
        VALUES (${id}, ${title}, 's', 'a *b*', 'announcements', '/objects/c.png', ${publishedAt})`.execute(db);
    }
    await sql`INSERT INTO books (id, title, description, cover_image, status, price, "order", slug)
      VALUES ('b1', 'B', 'd', '/objects/c.png', 'published', '$1', 1, 'b')`.execute(db);
    await sql`INSERT INTO excerpts (id, book_id, title, description, content, read_time, spoiler_level)
      VALUES ('e1', 'b1', 'E', 'd', 'x', '1 min read', 'none')`.execute(db);
    await migrateToLatest(db);
    const posts = await db
      .selectFrom('blogPosts')
      .select(['id', 'slug', 'status', 'contentFormat', 'metaDescription', 'socialImage'])
      .orderBy('id')
      .execute();
    expect(posts).toEqual([
      {
        id: 'p1',
        slug: 'night-falls',
        status: 'published',
        contentFormat: 'plain',
        metaDescription: '',
        socialImage: '',
      },
      {
        id: 'p2',
        slug: 'night-falls-2',
        status: 'published',
        contentFormat: 'plain',
        metaDescription: '',
        socialImage: '',
      },
      { id: 'p3', slug: 'post', status: 'published', contentFormat: 'plain', metaDescription: '', socialImage: '' },
    ]);
    expect(await db.selectFrom('excerpts').select('contentFormat').execute()).toEqual([{ contentFormat: 'plain' }]);
    await expect(sql`UPDATE blog_posts SET slug = 'post' WHERE id = 'p1'`.execute(db)).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
  });

  it('give existing books unique slugs and number them in one series by display order', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-23-01-create-write-probe')).error).toBeUndefined();
    for (const [id, title, order] of [
      ['b3', 'Second Fire', 2],
      ['b1', 'The Ashwarden', 1],
      ['b2', 'The Ashwarden', 1],
      ['b4', '¡Últimas Cenizas!', 3],
    ] as const) {
      await sql`INSERT INTO books (id, title, description, cover_image, status, price, "order")
        VALUES (${id}, ${title}, 'd', '/objects/c.png', 'published', '$1', ${order})`.execute(db);
    }
    await migrateToLatest(db);
    const books = await db
      .selectFrom('books')
      .select(['id', 'slug', 'seriesNumber', 'seriesId', 'editions', 'retailerLinks'])
      .orderBy('seriesNumber')
      .execute();
    expect(books.map(({ id, slug, seriesNumber }) => [id, slug, seriesNumber])).toEqual([
      ['b1', 'the-ashwarden', 1],
      ['b2', 'the-ashwarden-2', 2],
      ['b3', 'second-fire', 3],
      ['b4', 'ultimas-cenizas', 4],
    ]);
    const series = await db.selectFrom('series').select(['id', 'name']).execute();
    expect(series).toEqual([{ id: books[0]!.seriesId, name: 'The Cinderwake Cycle' }]);
    expect(new Set(books.map((book) => book.seriesId))).toEqual(new Set([series[0]!.id]));
    expect(books.every((book) => book.editions === '[]' && book.retailerLinks === '[]')).toBe(true);
    await expect(sql`UPDATE books SET slug = 'second-fire' WHERE id = 'b1'`.execute(db)).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
  });

  it('number existing excerpts 1…n within each book, in the order the site listed them (by title)', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-23-41-create-images')).error).toBeUndefined();
    await db
      .insertInto('books')
      .values([
        { id: 'b1', ...validBook, slug: 'one' },
        { id: 'b2', ...validBook, slug: 'two' },
      ])
      .execute();
    for (const [id, bookId, title] of [
      ['e1', 'b1', 'Zenith'],
      ['e2', 'b2', 'Only'],
      ['e3', 'b1', 'Arrival'],
      ['e4', 'b1', 'Middle'],
    ] as const) {
      await sql`INSERT INTO excerpts (id, book_id, title, description, content, read_time, spoiler_level)
        VALUES (${id}, ${bookId}, ${title}, 'd', 'c', '1 min read', 'none')`.execute(db);
    }
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('excerpts')
      .select(['id', 'position'])
      .orderBy('bookId')
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { id: 'e3', position: 1 },
      { id: 'e4', position: 2 },
      { id: 'e1', position: 3 },
      { id: 'e2', position: 1 },
    ]);
  });

  it('create no series for a site without books', async () => {
    await migrateToLatest(db);
    expect(await db.selectFrom('series').selectAll().execute()).toEqual([]);
  });

  it('can all be rolled back', async () => {
    await migrateToLatest(db);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo(NO_MIGRATIONS);
    expect(error).toBeUndefined();
    expect(await appTables(db)).toEqual([]);
  });

  it('enforce one newsletter row per address, whatever its case', async () => {
    await migrateToLatest(db);
    const row = (id: string, email: string) => ({ id, email, isActive: 1, createdAt: new Date().toISOString() });
    await db.insertInto('newsletterSubscriptions').values(row('n1', 'Reader@Example.com')).execute();
    await expect(
      db.insertInto('newsletterSubscriptions').values(row('n2', 'reader@example.COM')).execute(),
    ).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
  });

  it('cascade a book’s deletion to its excerpts, not to its preorders', async () => {
    await migrateToLatest(db);
    await db
      .insertInto('books')
      .values({ id: 'b1', ...validBook })
      .execute();
    await db
      .insertInto('excerpts')
      .values({
        id: 'e1',
        slug: 'e1',
        bookId: 'b1',
        title: 't',
        description: 'd',
        content: 'c',
        readTime: '1 min read',
        spoilerLevel: 'none',
      })
      .execute();
    await db
      .insertInto('preorders')
      .values({
        id: 'p1',
        bookId: 'b1',
        bookTitle: validBook.title,
        customerName: 'Ada',
        customerEmail: 'ada@example.com',
        preferredFormat: 'ebook',
        phoneNumber: null,
        specialRequests: null,
        createdAt: new Date().toISOString(),
      })
      .execute();
    await db.deleteFrom('books').where('id', '=', 'b1').execute();
    expect(await db.selectFrom('excerpts').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('preorders').select(['id', 'bookTitle']).execute()).toEqual([
      { id: 'p1', bookTitle: validBook.title },
    ]);
  });
});

describe('restarting on an existing data folder', () => {
  it('keeps the data and the password, migrates nothing new and does not seed demo content', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'site-restart-'));
    try {
      const first = await buildApp(
        loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, SEED_DEMO: '0' }, null),
      );
      expect(first.generatedAdminPassword).toBeNull();
      const created = await first.app.inject({
        method: 'POST',
        url: '/api/books',
        headers: bearer(await openAdminSession(first.services)),
        payload: validBook,
      });
      expect(created.statusCode).toBe(201);
      const hash = (await first.services.db.selectFrom('users').select('password').executeTakeFirstOrThrow()).password;
      await first.app.close();

      // SEED_DEMO=1 and another ADMIN_PASSWORD: both only apply to a new database.
      const second = await buildApp(
        loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'Other-Password1!', SEED_DEMO: '1' }, null),
      );
      try {
        expect(second.generatedAdminPassword).toBeNull();
        expect(await getList(second.app, '/api/books')).toEqual([created.json()]);
        for (const url of ['/api/blog', '/api/art', '/api/playlists', '/api/excerpts'])
          expect(await getList(second.app, url)).toEqual([]);
        expect(
          (await second.services.db.selectFrom('users').select('password').executeTakeFirstOrThrow()).password,
        ).toBe(hash);
      } finally {
        await second.app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('generates an admin password for a new database when none is configured', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'site-generated-'));
    try {
      const { app, generatedAdminPassword } = await buildApp(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }, null));
      try {
        expect(generatedAdminPassword).toMatch(/^[\w-]{24}$/);
        const verify = await app.inject({
          method: 'GET',
          url: '/api/admin/verify',
          headers: bearer(generatedAdminPassword!),
        });
        expect(verify.statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
