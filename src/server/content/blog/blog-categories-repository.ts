import { BLOG_CATEGORY_COLORS, MAX_BLOG_CATEGORIES, type BlogCategoryItem } from '../../../domain/blog.js';
import type { BlogCategoryData } from '../../../domain/blog-categories.schema.js';
import { slugify, uniqueSlug } from '../../../domain/slugs.js';
import type { AppDatabase } from '../../db/connection.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId } from '../../db/row-conversion.js';
import {
  dropRedirectsTo,
  listSlugRedirects,
  recordSlugChange,
  releaseSlug,
} from '../books/slug-redirects-repository.js';

/** A write the author's data refuses: what to answer (as tRPC codes) and why. */
export type CategoryRefusal = { refused: 'NOT_FOUND' | 'BAD_REQUEST' | 'CONFLICT'; message: string };
type CategoryWrite<T> = { ok: T } | CategoryRefusal;

export const CATEGORY_NOT_FOUND = 'Category not found';
export const CATEGORY_SLUG_TAKEN = 'Another category already uses this slug';
export const LAST_CATEGORY = 'The blog needs at least one category: create another before deleting this one';
export const MERGE_INTO_ITSELF = 'Choose another category to merge into';
const MOVE_TO_ITSELF = 'Choose another category to move its posts to';
export const ORDER_MISMATCH = 'Give every category exactly once in its new order';
const TOO_MANY_CATEGORIES = `A blog has at most ${MAX_BLOG_CATEGORIES} categories`;
export const movePostsFirst = (count: number) =>
  `This category has ${count} post${count === 1 ? '' : 's'}: choose a category to move ${count === 1 ? 'it' : 'them'} to`;

const refuse = (refused: CategoryRefusal['refused'], message: string): CategoryRefusal => ({ refused, message });

const COLUMNS = ['id', 'slug', 'label', 'color', 'position'] as const;

/** Every category, in the author's order. */
export async function listBlogCategories(db: AppDatabase): Promise<BlogCategoryItem[]> {
  return db.selectFrom('blogCategories').select(COLUMNS).orderBy('position').orderBy('slug').execute();
}

/** Slugs categories had before a rename or a merge, each to the category (id) it now leads to. */
export function listOldCategorySlugs(db: AppDatabase): Promise<Map<string, string>> {
  return listSlugRedirects(db, 'category');
}

const findBySlug = (db: AppDatabase, slug: string) =>
  db.selectFrom('blogCategories').select(COLUMNS).where('slug', '=', slug).executeTakeFirst();

async function postCount(db: AppDatabase, slug: string): Promise<number> {
  const row = await db
    .selectFrom('blogPosts')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('count'))
    .where('category', '=', slug)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Moves every post of `from` to `to` (search reads a post's category from the post). */
async function movePosts(db: AppDatabase, from: string, to: string): Promise<void> {
  await db.updateTable('blogPosts').set({ category: to }).where('category', '=', from).execute();
}

/** A slug taken by a live category or still leading somewhere from an old address. */
async function slugInUse(db: AppDatabase, slug: string, exceptId?: string): Promise<boolean> {
  let live = db.selectFrom('blogCategories').select('id').where('slug', '=', slug);
  if (exceptId) live = live.where('id', '!=', exceptId);
  return (await live.executeTakeFirst()) !== undefined;
}

async function freeSlugFor(db: AppDatabase, label: string): Promise<string> {
  const base = slugify(label, 'category');
  const [current, old] = await Promise.all([
    db.selectFrom('blogCategories').select('slug').where('slug', 'like', `${base}%`).execute(),
    db
      .selectFrom('slugRedirects')
      .select('oldSlug as slug')
      .where('kind', '=', 'category')
      .where('oldSlug', 'like', `${base}%`)
      .execute(),
  ]);
  return uniqueSlug(base, new Set([...current, ...old].map((row) => row.slug)));
}

/** A new category, last in the order; a blank slug is made from its name. */
export function createBlogCategory(db: AppDatabase, data: BlogCategoryData): Promise<CategoryWrite<BlogCategoryItem>> {
  return inTransaction(db, async (trx) => {
    const existing = await listBlogCategories(trx);
    if (existing.length >= MAX_BLOG_CATEGORIES) return refuse('BAD_REQUEST', TOO_MANY_CATEGORIES);
    const slug = data.slug ?? (await freeSlugFor(trx, data.label));
    if (await slugInUse(trx, slug)) return refuse('CONFLICT', CATEGORY_SLUG_TAKEN);
    const row = {
      id: newId(),
      slug,
      label: data.label,
      color: data.color,
      position: Math.max(-1, ...existing.map((category) => category.position)) + 1,
    };
    // A slug taken back from an old address now means this category.
    await releaseSlug(trx, 'category', slug);
    await trx.insertInto('blogCategories').values(row).execute();
    return { ok: row };
  });
}

/**
 * Renames (and recolours) a category; a new slug moves its posts along and leaves the old slug leading to it, so
 * /blog?category=<old> answers 301 to the new address.
 */
export function updateBlogCategory(
  db: AppDatabase,
  slug: string,
  data: BlogCategoryData,
): Promise<CategoryWrite<BlogCategoryItem>> {
  return inTransaction(db, async (trx) => {
    const current = await findBySlug(trx, slug);
    if (!current) return refuse('NOT_FOUND', CATEGORY_NOT_FOUND);
    const newSlug = data.slug ?? current.slug;
    if (newSlug !== current.slug) {
      if (await slugInUse(trx, newSlug, current.id)) return refuse('CONFLICT', CATEGORY_SLUG_TAKEN);
      await recordSlugChange(trx, 'category', current.id, current.slug, newSlug);
      await movePosts(trx, current.slug, newSlug);
    }
    const updated = { ...current, slug: newSlug, label: data.label, color: data.color };
    await trx
      .updateTable('blogCategories')
      .set({ slug: newSlug, label: data.label, color: data.color })
      .where('id', '=', current.id)
      .execute();
    return { ok: updated };
  });
}

/** Moves every post of `slug` into `into` and removes `slug`, whose addresses (old ones too) now lead to `into`. */
export function mergeBlogCategory(
  db: AppDatabase,
  slug: string,
  into: string,
): Promise<CategoryWrite<BlogCategoryItem>> {
  return inTransaction(db, async (trx) => {
    const [source, target] = await Promise.all([findBySlug(trx, slug), findBySlug(trx, into)]);
    if (!source || !target) return refuse('NOT_FOUND', CATEGORY_NOT_FOUND);
    if (source.id === target.id) return refuse('BAD_REQUEST', MERGE_INTO_ITSELF);
    await movePosts(trx, source.slug, target.slug);
    await trx
      .updateTable('slugRedirects')
      .set({ targetId: target.id })
      .where('kind', '=', 'category')
      .where('targetId', '=', source.id)
      .execute();
    await trx.deleteFrom('blogCategories').where('id', '=', source.id).execute();
    await recordSlugChange(trx, 'category', target.id, source.slug, target.slug);
    return { ok: target };
  });
}

/**
 * Deletes a category; its posts move to `moveTo` (required when it has any). Its addresses go with it: unlike a
 * merge, nothing says where its readers should go.
 */
export function deleteBlogCategory(
  db: AppDatabase,
  slug: string,
  moveTo: string | undefined,
): Promise<CategoryWrite<null>> {
  return inTransaction(db, async (trx) => {
    const category = await findBySlug(trx, slug);
    if (!category) return refuse('NOT_FOUND', CATEGORY_NOT_FOUND);
    const all = await listBlogCategories(trx);
    if (all.length === 1) return refuse('BAD_REQUEST', LAST_CATEGORY);
    const count = await postCount(trx, category.slug);
    if (moveTo !== undefined) {
      const target = await findBySlug(trx, moveTo);
      if (!target) return refuse('NOT_FOUND', 'The category to move its posts to was not found');
      if (target.id === category.id) return refuse('BAD_REQUEST', MOVE_TO_ITSELF);
      await movePosts(trx, category.slug, target.slug);
    } else if (count > 0) return refuse('BAD_REQUEST', movePostsFirst(count));
    await dropRedirectsTo(trx, 'category', category.id);
    await trx.deleteFrom('blogCategories').where('id', '=', category.id).execute();
    return { ok: null };
  });
}

/** Puts the categories in the order of `slugs`, which must name each of them exactly once. */
export function reorderBlogCategories(
  db: AppDatabase,
  slugs: readonly string[],
): Promise<CategoryWrite<BlogCategoryItem[]>> {
  return inTransaction(db, async (trx) => {
    const all = await listBlogCategories(trx);
    const known = new Set(all.map((category) => category.slug));
    if (slugs.length !== all.length || new Set(slugs).size !== slugs.length || !slugs.every((s) => known.has(s)))
      return refuse('BAD_REQUEST', ORDER_MISMATCH);
    for (const [position, slug] of slugs.entries())
      await trx.updateTable('blogCategories').set({ position }).where('slug', '=', slug).execute();
    return { ok: await listBlogCategories(trx) };
  });
}

/**
 * An import's new categories, after the site's, each under its old site's slug (one no category here has, checked
 * by the import's plan), in turn through the palette's colours.
 */
export async function insertImportedCategories(
  db: AppDatabase,
  categories: ReadonlyArray<{ slug: string; label: string }>,
): Promise<void> {
  if (categories.length === 0) return;
  const existing = await listBlogCategories(db);
  let position = Math.max(-1, ...existing.map((category) => category.position));
  for (const [index, category] of categories.entries()) {
    await releaseSlug(db, 'category', category.slug);
    await db
      .insertInto('blogCategories')
      .values({
        id: newId(),
        slug: category.slug,
        label: category.label,
        color: BLOG_CATEGORY_COLORS[(existing.length + index) % BLOG_CATEGORY_COLORS.length]!,
        position: ++position,
      })
      .execute();
  }
}
