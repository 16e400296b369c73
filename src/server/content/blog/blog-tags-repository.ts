import type { BlogTagItem } from '../../../domain/blog.js';
import { slugify } from '../../../domain/slugs.js';
import type { AppDatabase } from '../../db/connection.js';
import { newId } from '../../db/row-conversion.js';

/** Every tag some post has, by name. */
export async function listBlogTags(db: AppDatabase): Promise<BlogTagItem[]> {
  return db
    .selectFrom('blogTags')
    .select(['slug', 'label'])
    .where((eb) => eb.exists(eb.selectFrom('blogPostTags').select('postId').whereRef('tagId', '=', 'blogTags.id')))
    .orderBy('label')
    .execute();
}

/**
 * Gives a post these tags, in this order (run inside the post's write). Names alike once made into slugs are one
 * tag; a tag is made the first time a post names it, under the name it was first given. An import gives each tag
 * with its old site's slug, kept.
 */
export async function setPostTags(
  db: AppDatabase,
  postId: string,
  labels: ReadonlyArray<string | BlogTagItem>,
): Promise<void> {
  const bySlug = new Map<string, string>();
  for (const tag of labels) {
    const [slug, label] = typeof tag === 'string' ? [slugify(tag, 'tag'), tag] : [tag.slug, tag.label];
    if (!bySlug.has(slug)) bySlug.set(slug, label);
  }
  await db.deleteFrom('blogPostTags').where('postId', '=', postId).execute();
  if (bySlug.size === 0) return;
  await db
    .insertInto('blogTags')
    .values([...bySlug].map(([slug, label]) => ({ id: newId(), slug, label })))
    .onConflict((conflict) => conflict.column('slug').doNothing())
    .execute();
  const tags = await db
    .selectFrom('blogTags')
    .select(['id', 'slug'])
    .where('slug', 'in', [...bySlug.keys()])
    .execute();
  const idOf = new Map(tags.map((tag) => [tag.slug, tag.id]));
  await db
    .insertInto('blogPostTags')
    .values([...bySlug.keys()].map((slug, position) => ({ postId, tagId: idOf.get(slug)!, position })))
    .execute();
}

/** A deleted post's tags go with it (a tag no post has is no longer listed). */
export async function dropPostTags(db: AppDatabase, postId: string): Promise<void> {
  await db.deleteFrom('blogPostTags').where('postId', '=', postId).execute();
}

/** The tags of these posts, each post's in its order (one query). */
export async function tagsOfPosts(db: AppDatabase, postIds: readonly string[]): Promise<Map<string, BlogTagItem[]>> {
  const tags = new Map<string, BlogTagItem[]>();
  for (let start = 0; start < postIds.length; start += 500) {
    const rows = await db
      .selectFrom('blogPostTags')
      .innerJoin('blogTags', 'blogTags.id', 'blogPostTags.tagId')
      .select(['blogPostTags.postId', 'blogTags.slug', 'blogTags.label'])
      .where('blogPostTags.postId', 'in', postIds.slice(start, start + 500))
      .orderBy('blogPostTags.postId')
      .orderBy('blogPostTags.position')
      .execute();
    for (const row of rows) {
      const list = tags.get(row.postId) ?? [];
      list.push({ slug: row.slug, label: row.label });
      tags.set(row.postId, list);
    }
  }
  return tags;
}
