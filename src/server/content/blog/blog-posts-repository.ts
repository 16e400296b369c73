import type { BlogTagItem } from '../../../domain/blog.js';
import type { BlogPost, BlogPostCard, BlogPostData } from '../../../domain/blog.schema.js';
import type { ContentFormat } from '../../../domain/content-format.js';
import { DEFAULT_POST_STATE, type PostState } from '../../../domain/post-states.js';
import { slugify, uniqueSlug } from '../../../domain/slugs.js';
import type { BlogAdminPageInput, Page } from '../../../domain/admin-lists.schema.js';
import { sql } from 'kysely';
import type { AppDatabase } from '../../db/connection.js';
import { olderThan, toPageBy, type PageKey } from '../../db/keyset-page.js';
import { containing } from '../../db/like-pattern.js';
import type { BlogPostRow } from '../../db/schema.js';
import { imageReference } from '../images/image-references-repository.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId, toDate } from '../../db/row-conversion.js';
import { indexBlogPost, unindex } from '../search/search-index.js';
import { dropPostTags, setPostTags } from './blog-tags-repository.js';
import {
  dropRedirectsTo,
  listSlugRedirects,
  recordSlugChange,
  releaseSlug,
} from '../books/slug-redirects-repository.js';

const BLOG_POST_COLUMNS = [
  'id',
  'title',
  'summary',
  'content',
  'category',
  'coverImage',
  'publishedAt',
  'contentFormat',
  'status',
  'slug',
  'metaDescription',
  'socialImage',
] as const;

const toBlogPost = (row: Omit<BlogPostRow, 'coverImageId'>): BlogPost => ({
  ...row,
  contentFormat: row.contentFormat as ContentFormat,
  status: row.status as PostState,
  publishedAt: toDate(row.publishedAt),
});

const CARD_COLUMNS = BLOG_POST_COLUMNS.filter((column) => column !== 'content');

const toCard = (row: Omit<BlogPostRow, 'content' | 'coverImageId'>): BlogPostCard => {
  const { content: _content, ...card } = toBlogPost({ ...row, content: '' });
  return card;
};

/**
 * Published posts, newest first, optionally one category, without their text (what the public site lists): a blog of thousands of posts (an imported one) stays a
 * few megabytes in memory, not hundreds.
 */
export async function listPublishedPostCards(db: AppDatabase, category?: string): Promise<BlogPostCard[]> {
  let query = db.selectFrom('blogPosts').select(CARD_COLUMNS).where('status', '=', 'published');
  if (category) query = query.where('category', '=', category);
  const rows = await query.orderBy('publishedAt', 'desc').orderBy('id').execute();
  return rows.map(toCard);
}

/**
 * One page of the posts in every state without their text, newest (or latest planned) first: the admin's list.
 * `search` keeps the posts whose title contains it (any case); `after` is where the page before ended.
 */
export async function listPostCardPage(
  db: AppDatabase,
  input: BlogAdminPageInput,
  after: PageKey | null,
): Promise<Page<BlogPostCard>> {
  let query = db.selectFrom('blogPosts').select(CARD_COLUMNS);
  const search = input.search.trim().toLowerCase();
  if (search) query = query.where(sql<boolean>`lower(title) like ${containing(search)} escape '\\'`);
  if (after) query = query.where(olderThan(after, 'published_at'));
  const rows = await query
    .orderBy('publishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();
  return toPageBy(rows, input.limit, (row) => ({ createdAt: row.publishedAt, id: row.id }), toCard);
}

export async function findBlogPost(db: AppDatabase, id: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').select(BLOG_POST_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toBlogPost(row);
}

/** The posts with these ids (one query; those not found are left out). */
export async function findBlogPosts(db: AppDatabase, ids: readonly string[]): Promise<BlogPost[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('blogPosts').select(BLOG_POST_COLUMNS).where('id', 'in', ids).execute();
  return rows.map(toBlogPost);
}

/** The id of the post with this slug, other than `exceptId`. */
export async function blogPostIdWithSlug(
  db: AppDatabase,
  slug: string,
  exceptId?: string,
): Promise<string | undefined> {
  let query = db.selectFrom('blogPosts').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst())?.id;
}

/** Earlier slugs of edited posts, each to the post it now leads to. */
export function listOldPostSlugs(db: AppDatabase): Promise<Map<string, string>> {
  return listSlugRedirects(db, 'post');
}

async function freeSlugFor(db: AppDatabase, title: string): Promise<string> {
  const base = slugify(title, 'post');
  const [current, old] = await Promise.all([
    db.selectFrom('blogPosts').select('slug').where('slug', 'like', `${base}%`).execute(),
    db
      .selectFrom('slugRedirects')
      .select('oldSlug as slug')
      .where('kind', '=', 'post')
      .where('oldSlug', 'like', `${base}%`)
      .execute(),
  ]);
  // A slug that still redirects is not reused for a new post: its old links keep their meaning.
  return uniqueSlug(base, new Set([...current, ...old].map((row) => row.slug)));
}

/**
 * The stored state and time of a write. Scheduled for a time already past means published then;
 * a post that stays published keeps its date; a draft is dated by its last save.
 */
function stateOf(
  data: BlogPostData,
  current: { status: PostState; publishedAt: string } | undefined,
  now: Date,
): { status: PostState; publishedAt: string } {
  const status = data.status ?? current?.status ?? DEFAULT_POST_STATE;
  const nowIso = now.toISOString();
  if (status === 'scheduled') {
    const at = data.publishAt ?? current?.publishedAt ?? nowIso;
    return at <= nowIso ? { status: 'published', publishedAt: at } : { status, publishedAt: at };
  }
  if (status === 'published' && current?.status === 'published') return current;
  return { status, publishedAt: nowIso };
}

const storedFields = ({ status: _status, publishAt: _publishAt, slug: _slug, tags: _tags, ...data }: BlogPostData) =>
  data;
const coverReference = (data: BlogPostData) => ({ coverImageId: imageReference(data.coverImage) });

/**
 * A blank slug is made from the title (slug-2, slug-3… when taken). `publishedAt` dates a post
 * written as published (the demo seed's posts of earlier days). `tagsWithSlugs` (an import's) replaces
 * `data.tags`, each tag keeping its old site's slug.
 */
export async function createBlogPost(
  db: AppDatabase,
  data: BlogPostData,
  publishedAt?: string,
  now = new Date(),
  tagsWithSlugs?: readonly BlogTagItem[],
): Promise<BlogPost> {
  const state = stateOf(data, undefined, now);
  const row = {
    id: newId(),
    ...storedFields(data),
    slug: data.slug ?? (await freeSlugFor(db, data.title)),
    ...state,
    ...(publishedAt && state.status === 'published' ? { publishedAt } : {}),
  };
  await inTransaction(db, async (trx) => {
    await releaseSlug(trx, 'post', row.slug);
    await trx
      .insertInto('blogPosts')
      .values({ ...row, ...coverReference(data) })
      .execute();
    await setPostTags(trx, row.id, tagsWithSlugs ?? data.tags ?? []);
    await indexBlogPost(trx, row);
  });
  return (await findBlogPost(db, row.id))!;
}

/**
 * A blank slug keeps the post's current one. An edited slug leaves the old one leading to the post, and a
 * slug taken back from an old address now means this post.
 */
export async function updateBlogPost(
  db: AppDatabase,
  id: string,
  data: BlogPostData,
  now = new Date(),
): Promise<BlogPost | undefined> {
  const updated = await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('blogPosts')
      .select(['status', 'publishedAt', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    const slug = data.slug ?? current.slug;
    await recordSlugChange(trx, 'post', id, current.slug, slug);
    const state = stateOf(data, { status: current.status as PostState, publishedAt: current.publishedAt }, now);
    const fields = storedFields(data);
    await trx
      .updateTable('blogPosts')
      .set({ ...fields, ...coverReference(data), slug, ...state })
      .where('id', '=', id)
      .execute();
    if (data.tags !== undefined) await setPostTags(trx, id, data.tags);
    // Indexed whatever its state: search shows published posts only, judged when searching.
    await indexBlogPost(trx, { id, ...fields });
    // A post already sent to the fediverse goes out again as an `Update` (src/server/fediverse/content-federation.ts).
    await trx.updateTable('fediverseObjects').set({ edited: 1 }).where('objectId', '=', id).execute();
    return true;
  });
  return updated ? findBlogPost(db, id) : undefined;
}

export async function deleteBlogPost(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    await dropRedirectsTo(trx, 'post', id);
    await dropPostTags(trx, id);
    const result = await trx.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'post', id);
    return result.numDeletedRows > 0n;
  });
}

/** Publishes every scheduled post whose time has come; the number published. */
export async function publishDuePosts(db: AppDatabase, now: Date): Promise<number> {
  const result = await db
    .updateTable('blogPosts')
    .set({ status: 'published' })
    .where('status', '=', 'scheduled')
    .where('publishedAt', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** When the next scheduled post is due, if any. */
export async function nextScheduledTime(db: AppDatabase): Promise<Date | null> {
  const row = await db
    .selectFrom('blogPosts')
    .select((eb) => eb.fn.min('publishedAt').as('next'))
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return row?.next ? toDate(row.next) : null;
}
