import type { BlogCategoryItem, BlogTagItem } from '../../../domain/blog.js';
import { blogCategoryColor, blogCategoryLabel } from '../../../domain/blog.js';
import type { AppDatabase } from '../../db/connection.js';
import type { RequestContext } from '../../trpc/context.js';
import { listBlogCategories, listOldCategorySlugs } from './blog-categories-repository.js';
import { tagsOfPosts } from './blog-tags-repository.js';

type ReadContext = Pick<RequestContext, 'db' | 'cache'>;

/** The site's categories in the author's order; cached until the next write. */
export const siteCategories = (ctx: ReadContext) => ctx.cache.get('blog:categories', () => listBlogCategories(ctx.db));

/** Old slugs of renamed or merged categories, each to the category (id) it leads to; cached until the next write. */
const oldCategorySlugs = (ctx: ReadContext) =>
  ctx.cache.get('blog:category-old-slugs', () => listOldCategorySlugs(ctx.db));

/** The category a slug names: its current slug, or one it had before a rename or merge. */
export async function categoryNamed(ctx: ReadContext, slug: string): Promise<BlogCategoryItem | undefined> {
  const categories = await siteCategories(ctx);
  const live = categories.find((category) => category.slug === slug);
  if (live) return live;
  const id = (await oldCategorySlugs(ctx)).get(slug);
  return id === undefined ? undefined : categories.find((category) => category.id === id);
}

/** Posts (or cards) with their category's name and colour and their tags, as the site shows them. */
export async function withCategoryLabels<T extends { id: string; category: string }>(
  db: AppDatabase,
  posts: readonly T[],
  categories?: readonly BlogCategoryItem[],
): Promise<Array<T & { categoryLabel: string; categoryColor: string; tags: BlogTagItem[] }>> {
  const bySlug = new Map((categories ?? (await listBlogCategories(db))).map((category) => [category.slug, category]));
  const tags = await tagsOfPosts(
    db,
    posts.map((post) => post.id),
  );
  return posts.map((post) => {
    const category = bySlug.get(post.category);
    return {
      ...post,
      tags: tags.get(post.id) ?? [],
      categoryLabel: category?.label ?? blogCategoryLabel(post.category),
      categoryColor: category?.color ?? blogCategoryColor(post.category),
    };
  });
}
