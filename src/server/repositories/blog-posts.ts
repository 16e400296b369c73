import type { BlogCategory } from '../../domain/blog.js';
import type { BlogPost, BlogPostData } from '../../domain/blog.schema.js';
import type { AppDatabase } from '../db/connection.js';
import type { BlogPostRow } from '../db/schema.js';
import { newId, timestampNow, toDate } from './row-conversion.js';
import { indexBlogPost, unindex } from './search-index.js';
import { inTransaction } from './in-transaction.js';

const BLOG_POST_COLUMNS = ['id', 'title', 'summary', 'content', 'category', 'coverImage', 'publishedAt'] as const;

const toBlogPost = (row: BlogPostRow): BlogPost => ({
  ...row,
  category: row.category as BlogCategory,
  publishedAt: toDate(row.publishedAt),
});

/** Newest first, optionally one category. */
export async function listBlogPosts(db: AppDatabase, category?: BlogCategory): Promise<BlogPost[]> {
  let query = db.selectFrom('blogPosts').select(BLOG_POST_COLUMNS);
  if (category) query = query.where('category', '=', category);
  const rows = await query.orderBy('publishedAt', 'desc').orderBy('id').execute();
  return rows.map(toBlogPost);
}

async function findBlogPost(db: AppDatabase, id: string): Promise<BlogPost | undefined> {
  const row = await db.selectFrom('blogPosts').select(BLOG_POST_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toBlogPost(row);
}

export async function createBlogPost(
  db: AppDatabase,
  data: BlogPostData,
  publishedAt = timestampNow(),
): Promise<BlogPost> {
  const row = { id: newId(), ...data, publishedAt };
  await inTransaction(db, async (trx) => {
    await trx.insertInto('blogPosts').values(row).execute();
    await indexBlogPost(trx, row);
  });
  return toBlogPost(row);
}

/** Updates the post's text; its publication date stays as it was. */
export async function updateBlogPost(db: AppDatabase, id: string, data: BlogPostData): Promise<BlogPost | undefined> {
  return inTransaction(db, async (trx) => {
    const result = await trx.updateTable('blogPosts').set(data).where('id', '=', id).executeTakeFirst();
    if (result.numUpdatedRows === 0n) return undefined;
    const post = await findBlogPost(trx, id);
    if (post) await indexBlogPost(trx, post);
    return post;
  });
}

export async function deleteBlogPost(db: AppDatabase, id: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('blogPosts').where('id', '=', id).executeTakeFirst();
    await unindex(trx, 'post', id);
    return result.numDeletedRows > 0n;
  });
}
