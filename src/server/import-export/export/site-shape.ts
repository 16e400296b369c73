import { blogCategoryLabel, type BlogCategoryItem, type BlogTagItem } from '../../../domain/blog.js';
import { pagePaths } from '../../../domain/site-pages.js';
import type { AppDatabase } from '../../db/connection.js';
import type { SitePageRow } from '../../db/schema.js';
import { listBlogCategories } from '../../content/blog/blog-categories-repository.js';
import { tagsOfPosts } from '../../content/blog/blog-tags-repository.js';

/** A page as an export writes it: its row and its address on this site (null when its parent is missing). */
type ExportedPage = SitePageRow & { path: string | null };

/**
 * What the author made around the posts' text, which an export that leaves for WordPress or Ghost carries: the
 * blog's categories (in the author's order), each post's tags (in its order), and the pages, parents first.
 */
export type SiteShape = {
  categories: readonly BlogCategoryItem[];
  tagsOf: ReadonlyMap<string, readonly BlogTagItem[]>;
  pages: readonly ExportedPage[];
};

/** The shape of the site whose posts these are (one query each; a site has tens of categories and pages). */
export async function readSiteShape(db: AppDatabase, postIds: readonly string[]): Promise<SiteShape> {
  const [categories, tagsOf, rows] = await Promise.all([
    listBlogCategories(db),
    tagsOfPosts(db, postIds),
    db.selectFrom('sitePages').selectAll().orderBy('title').orderBy('id').execute(),
  ]);
  const paths = pagePaths(rows);
  const depth = (path: string | null) => (path === null ? Number.MAX_SAFE_INTEGER : path.split('/').length);
  const pages = rows
    .map((row) => ({ ...row, path: paths.get(row.id) ?? null }))
    .sort((a, b) => depth(a.path) - depth(b.path));
  return { categories, tagsOf, pages };
}

/**
 * Every category the export names: the blog's own, then any a post names that the blog does not list (its slug as
 * its name, as the blog shows it).
 */
export function exportedCategories(
  shape: SiteShape,
  posts: readonly { category: string }[],
): Array<{ slug: string; label: string }> {
  const bySlug = new Map(shape.categories.map((category) => [category.slug, category.label]));
  for (const post of posts) if (!bySlug.has(post.category)) bySlug.set(post.category, blogCategoryLabel(post.category));
  return [...bySlug].map(([slug, label]) => ({ slug, label }));
}

/** Every tag the posts have, each once by slug, in the order the posts first name them. */
export function exportedTags(shape: SiteShape, posts: readonly { id: string }[]): BlogTagItem[] {
  const bySlug = new Map<string, BlogTagItem>();
  for (const post of posts)
    for (const tag of shape.tagsOf.get(post.id) ?? []) if (!bySlug.has(tag.slug)) bySlug.set(tag.slug, tag);
  return [...bySlug.values()];
}
