import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExcerptSearchHit, MarkedSegment } from '../../../domain/search.js';
import type { AppDatabase } from '../../db/connection.js';
import { openScratchDatabase, type ScratchDatabase } from '../../test-support/test-database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { HOSTILE_QUERIES } from '../../test-support/hostile-search-queries.js';
import { blogPostInputSchema, type BlogPostData } from '../../../domain/blog.schema.js';
import type { BookData } from '../../../domain/books.schema.js';
import { excerptInputSchema } from '../../../domain/excerpts.schema.js';
import { validBlogPost, validBook, validExcerpt } from '../../test-support/test-app.js';
import { createBlogPost, deleteBlogPost, publishDuePosts, updateBlogPost } from '../blog/blog-posts-repository.js';
import { createBook, deleteBook, updateBook } from '../books/books-repository.js';
import { createExcerpt, deleteExcerpt, updateExcerpt } from '../excerpts/excerpts-repository.js';
import { segmentsToHtml } from './highlight.js';
import { ensureSearchIndex, searchSite } from './search-index.js';

let scratch: ScratchDatabase;
let db: AppDatabase;
const onSqlite = () => scratch.engine === 'sqlite';
const html = (segments: MarkedSegment[] | undefined) => segmentsToHtml(segments ?? []);

beforeEach(async () => {
  scratch = await openScratchDatabase();
  db = scratch.db;
  await migrateToLatest(db);
});
afterEach(async () => {
  await scratch.close();
});

const postData = (fields: Partial<BlogPostData> = {}): BlogPostData =>
  blogPostInputSchema.parse({ ...validBlogPost, ...fields });
const post = (fields: Partial<BlogPostData> = {}) => createBlogPost(db, postData(fields));
const excerptData = (bookId: string, fields: object = {}) =>
  excerptInputSchema.parse({ ...validExcerpt(bookId), ...fields });
const bookData = (fields: Partial<BookData>): BookData => ({
  ...validBook,
  slug: null,
  seriesId: null,
  seriesNumber: null,
  editions: [],
  retailerLinks: [],
  ...fields,
});
const book = (fields: Partial<BookData> = {}) => createBook(db, bookData(fields));
const titles = async (query: string) => (await searchSite(db, query)).results.map((hit) => hit.title);

describe('searchSite ranking', () => {
  it('puts a title match above a body match, whatever the order of writing', async () => {
    await post({ title: 'Letters from the road', content: 'We spoke of the wyvern at length.\nThe wyvern slept.' });
    await post({ title: 'The wyvern of Vesperhold', content: 'Nothing else here.' });
    expect(await titles('wyvern')).toEqual(['The wyvern of Vesperhold', 'Letters from the road']);
  });

  it('needs every word, matches the last one as a prefix, and ignores case and accents', async () => {
    await post({ title: 'Ash and crown', content: 'The queen of Vésper.' });
    await post({ title: 'Ash alone', content: 'Only ash.' });
    expect(await titles('ash crown')).toEqual(['Ash and crown']);
    expect(await titles('ASH CRO')).toEqual(['Ash and crown']);
    expect(await titles('vesper')).toEqual(['Ash and crown']);
    expect(await titles('"crown and ash"')).toEqual([]);
    expect(await titles('"ash and crown"')).toEqual(['Ash and crown']);
    // The words found are marked on both engines, also those found through their folded accents.
    const [hit] = (await searchSite(db, 'vesper qu')).results;
    expect(html(hit?.snippetSegments)).toContain('The <mark>queen</mark> of <mark>Vésper</mark>.');
    expect((await searchSite(db, 'ash cro')).results[0]?.titleSegments).toEqual([
      { text: 'Ash', marked: true },
      { text: ' and ', marked: false },
      { text: 'crown', marked: true },
    ]);
  });

  it('limits the results and says when there are more', async () => {
    for (let index = 0; index < 5; index++) await post({ title: `Ember ${index}` });
    const answer = await searchSite(db, 'ember', { limit: 3 });
    expect(answer.results).toHaveLength(3);
    expect(answer.hasMore).toBe(true);
    expect((await searchSite(db, 'ember', { limit: 5 })).hasMore).toBe(false);
  });
});

describe('searchSite answers', () => {
  it('describes each kind of item with its own page', async () => {
    const created = await book({ title: 'The Ember Crown', description: 'A queen without a kingdom.' });
    const excerpt = await createExcerpt(
      db,
      excerptData(created.id, { title: 'Kingdom of ash', spoilerLevel: 'major' }),
    );
    const written = await post({ title: 'A kingdom in letters', category: 'soundtracks' });
    const { results } = await searchSite(db, 'kingdom');
    expect(results.map((hit) => [hit.kind, hit.url]).sort()).toEqual(
      [
        ['book', '/books/the-ember-crown'],
        ['excerpt', `/excerpts/${excerpt.slug}`],
        ['post', '/blog/a-kingdom-in-letters'],
      ].sort(),
    );
    const excerptHit = results.find((hit) => hit.kind === 'excerpt') as ExcerptSearchHit;
    expect(excerptHit).toMatchObject({ spoilerLevel: 'major', bookTitle: 'The Ember Crown', title: 'Kingdom of ash' });
    expect(results.find((hit) => hit.kind === 'post')).toMatchObject({
      category: 'soundtracks',
      publishedAt: written.publishedAt,
      url: `/blog/${written.slug}`,
    });
  });

  it('finds published posts only: never a draft, a scheduled post once the scheduler publishes it', async () => {
    const now = new Date('2026-12-01T10:00:00Z');
    const at = new Date(now.getTime() + 60_000);
    await createBlogPost(db, postData({ title: 'Draft of the gloaming', status: 'draft' }), undefined, now);
    await createBlogPost(
      db,
      postData({ title: 'Scheduled gloaming', status: 'scheduled', publishAt: at.toISOString() }),
      undefined,
      now,
    );
    expect(await titles('gloaming')).toEqual([]);
    expect(await publishDuePosts(db, at)).toBe(1);
    expect(await titles('gloaming')).toEqual(['Scheduled gloaming']);
    const [hit] = (await searchSite(db, 'gloaming')).results;
    expect(hit?.url).toBe('/blog/scheduled-gloaming');
  });

  it('marks matches as segments of plain text, stored markup and the query kept as text', async () => {
    await post({
      title: '<img src=x onerror=alert(1)> Wyvern & "friends"',
      summary: '<script>alert("summary")</script> the wyvern wakes',
      content: '<b onmouseover=alert(2)>wyvern</b>\n\u0002forged\u0003 marks',
    });
    const [hit] = (await searchSite(db, '<script>wyvern</script>')).results;
    expect(hit?.titleSegments).toEqual([
      { text: '<img src=x onerror=alert(1)> ', marked: false },
      { text: 'Wyvern', marked: true },
      { text: ' & "friends"', marked: false },
    ]);
    // The REST answer's HTML of the same segments: everything escaped but the marks.
    expect(html(hit?.titleSegments)).toBe(
      '&lt;img src=x onerror=alert(1)&gt; <mark>Wyvern</mark> &amp; &quot;friends&quot;',
    );
    expect(html(hit?.snippetSegments)).toContain(
      '&lt;<mark>script</mark>&gt;alert(&quot;summary&quot;)&lt;/<mark>script</mark>&gt; the <mark>wyvern</mark>',
    );
    expect(html(hit?.snippetSegments)).toContain('&lt;b onmouseover=alert(2)&gt;<mark>wyvern</mark>&lt;/b&gt;');
    // Control characters in stored text cannot forge a mark.
    const marked = [...(hit?.titleSegments ?? []), ...(hit?.snippetSegments ?? [])].filter((part) => part.marked);
    expect(marked.map((part) => part.text.toLowerCase()).sort()).toEqual([
      'script',
      'script',
      'wyvern',
      'wyvern',
      'wyvern',
    ]);
    expect(html(hit?.snippetSegments)).toContain(' forged marks');
  });

  it('answers every hostile query without an error', async () => {
    await post({ title: 'NEAR the ash crown', content: 'title: body: kind: (a) "b" * ^ 😀 灰の王冠' });
    for (const query of HOSTILE_QUERIES) {
      const answer = await searchSite(db, query);
      expect(Array.isArray(answer.results), JSON.stringify(query)).toBe(true);
    }
    expect(await titles('NEAR(ash crown)')).toEqual(['NEAR the ash crown']);
    expect(await titles('title:ash')).toEqual(['NEAR the ash crown']);
    expect(await titles('灰の王冠')).toEqual(['NEAR the ash crown']);
  });
});

describe('the search index follows every write', () => {
  it('of blog posts', async () => {
    const created = await post({ title: 'Cinder notes' });
    expect(await titles('cinder')).toEqual(['Cinder notes']);
    await updateBlogPost(db, created.id, postData({ title: 'Smoke notes' }));
    expect(await titles('cinder')).toEqual([]);
    expect(await titles('smoke')).toEqual(['Smoke notes']);
    await deleteBlogPost(db, created.id);
    expect(await titles('smoke')).toEqual([]);
  });

  it('of excerpts', async () => {
    const parent = await book();
    const created = await createExcerpt(db, excerptData(parent.id, { content: 'The lantern guttered.' }));
    expect(await titles('lantern')).toEqual(['Prologue']);
    await updateExcerpt(db, created.id, excerptData(parent.id, { content: 'The candle guttered.' }));
    expect(await titles('lantern')).toEqual([]);
    expect(await titles('candle')).toEqual(['Prologue']);
    await deleteExcerpt(db, created.id);
    expect(await titles('candle')).toEqual([]);
  });

  it('of books, whose deletion takes their excerpts out too', async () => {
    const created = await book({ title: 'The Salt Throne' });
    await createExcerpt(db, excerptData(created.id, { title: 'Salt and iron' }));
    expect((await titles('salt')).sort()).toEqual(['Salt and iron', 'The Salt Throne']);
    await updateBook(db, created.id, bookData({ title: 'The Iron Throne' }));
    expect(await titles('throne')).toEqual(['The Iron Throne']);
    await deleteBook(db, created.id);
    expect(await titles('salt')).toEqual([]);
    expect(await titles('throne')).toEqual([]);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_documents`.execute(db);
    expect(Number(rows[0]?.n)).toBe(0);
    // The triggers kept FTS5 in step with every insert, update and delete (it throws otherwise).
    if (onSqlite()) await sql`INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)`.execute(db);
  });

  it('is undone with a write that fails', async () => {
    await expect(createExcerpt(db, excerptData('no-such-book', { title: 'Orphan lantern' }))).rejects.toMatchObject({
      // A foreign key violation.
      code: onSqlite() ? 'SQLITE_CONSTRAINT_FOREIGNKEY' : '23503',
    });
    expect(await titles('orphan')).toEqual([]);
  });
});

describe('ensureSearchIndex', () => {
  it('rebuilds the index when its row count differs from the content, and only then', async () => {
    await post({ title: 'Before search existed' });
    await book({ title: 'Old book' });
    expect(await ensureSearchIndex(db)).toEqual({ rebuilt: false, documents: 2 });
    // Rows written around the repositories (a database from before search, a restored backup).
    await sql`DELETE FROM search_documents`.execute(db);
    await sql`INSERT INTO blog_posts (id, title, summary, content, category, cover_image, published_at)
      VALUES ('raw', 'Written around the index', 's', 'c', 'announcements', '/objects/c.png', '2026-01-01T00:00:00.000Z')`.execute(
      db,
    );
    expect(await titles('written')).toEqual([]);
    expect(await ensureSearchIndex(db)).toEqual({ rebuilt: true, documents: 3 });
    expect(await titles('written')).toEqual(['Written around the index']);
    expect(await titles('before')).toEqual(['Before search existed']);
    // FTS5 checks its index against the documents (rank 1: the content too) and throws on a mismatch.
    if (onSqlite()) await sql`INSERT INTO search_index (search_index, rank) VALUES ('integrity-check', 1)`.execute(db);
  });
});
