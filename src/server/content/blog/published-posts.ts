import type { BlogTagItem } from '../../../domain/blog.js';
import type { BlogPost } from '../../../domain/blog.schema.js';
import { blogPostPath } from '../../../domain/content-links.js';
import type { AppDatabase } from '../../db/connection.js';
import type { RequestContext } from '../../trpc/context.js';
import { withReferencedImages } from '../images/responsive-images.js';
import { withContentHtml } from '../rendering/content-html.js';
import { withCategoryLabels } from './blog-categories.js';
import { findBlogPost, findBlogPosts, listOldPostSlugs, listPublishedPostCards } from './blog-posts-repository.js';

/**
 * What readers (and the admin) get of a post: its cover's responsive image, its rendered content, its category's name
 * and colour, and its address.
 */
export async function forReaders(db: AppDatabase, posts: readonly BlogPost[], publicOrigin: string | null) {
  const withHtml = await withContentHtml(db, posts, publicOrigin);
  const withCover = await withCategoryLabels(db, await withReferencedImages(db, withHtml, 'blogPosts'));
  return withCover.map((post) => ({ ...post, url: blogPostPath(post) }));
}

type ReadContext = Pick<RequestContext, 'db' | 'cache' | 'publicOrigin'>;

/**
 * Published posts without their text, newest first, each with its cover's image; cached until the next write. Every
 * public list of posts is a page of these (a few megabytes for a blog of thousands of posts, not hundreds).
 */
export const publishedCards = (ctx: ReadContext, category?: string) =>
  ctx.cache.get(category ? `blog:cards:${category}` : 'blog:cards', async () => {
    const listed = await withReferencedImages(ctx.db, await listPublishedPostCards(ctx.db, category), 'blogPosts');
    const cards = await withCategoryLabels(ctx.db, listed);
    return cards.map((post) => ({ ...post, url: blogPostPath(post) }));
  });

/** The tags of the published posts, by name, each as the posts carry it with how many do; cached until the next write. */
export const publishedTags = (ctx: ReadContext) =>
  ctx.cache.get('blog:published-tags', async () => {
    const tags = new Map<string, BlogTagItem & { postCount: number }>();
    for (const card of await publishedCards(ctx))
      for (const tag of card.tags) {
        const seen = tags.get(tag.slug);
        if (seen) seen.postCount += 1;
        else tags.set(tag.slug, { slug: tag.slug, label: tag.label, postCount: 1 });
      }
    return [...tags.values()].sort((a, b) => a.label.localeCompare(b.label));
  });

/** A tag of the published posts by its slug, with how many carry it; undefined when none does. */
export const publishedTag = async (ctx: ReadContext, slug: string) =>
  (await publishedTags(ctx)).find((tag) => tag.slug === slug);

/**
 * One published post with its text, rendered; undefined when it is not (or no longer) published. Only the recently
 * read are kept: every post's, cached, would hold hundreds of megabytes once a big blog is imported.
 */
export const publishedPost = (ctx: ReadContext, id: string) =>
  ctx.cache.getRecent(`blog:post:${id}`, async () => {
    const stored = await findBlogPost(ctx.db, id);
    return stored?.status === 'published' ? (await forReaders(ctx.db, [stored], ctx.publicOrigin))[0] : undefined;
  });

/**
 * The published posts with these ids, in their order, rendered, each kept among the recently read as publishedPost
 * keeps it. Those not in the cache are read and rendered together: one query and one look-up of the images for the
 * page, not one of each per post (a page of 50 posts read one at a time cost ~0.8 s of the server's time).
 */
export async function publishedPosts(ctx: ReadContext, ids: readonly string[]) {
  const missing: string[] = [];
  let batch: Promise<Map<string, ReaderPost>> | undefined;
  const loadMissing = (id: string) => {
    missing.push(id);
    // getRecent calls its loader synchronously: by the next microtask every missing id of the page is listed.
    batch ??= Promise.resolve().then(async () => {
      const stored = (await findBlogPosts(ctx.db, missing)).filter((post) => post.status === 'published');
      const rendered = await forReaders(ctx.db, stored, ctx.publicOrigin);
      return new Map(rendered.map((post) => [post.id, post]));
    });
    return batch.then((posts) => posts.get(id));
  };
  const posts = await Promise.all(ids.map((id) => ctx.cache.getRecent(`blog:post:${id}`, () => loadMissing(id))));
  return posts.filter((post) => post !== undefined);
}

type ReaderPost = Awaited<ReturnType<typeof forReaders>>[number];

/** Earlier slugs of edited posts, each to the post it now leads to; cached until the next write. */
export const oldPostSlugs = (ctx: ReadContext) => ctx.cache.get('blog:old-slugs', () => listOldPostSlugs(ctx.db));
