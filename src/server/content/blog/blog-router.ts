import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { BlogCategory } from '../../../domain/blog.js';
import { blogListInput, blogPostInputSchema, type BlogPost, type BlogPostData } from '../../../domain/blog.schema.js';
import { byIdInput } from '../../../domain/fields.schema.js';
import { blogPostPath } from '../../../domain/content-links.js';
import { withContentHtml } from '../rendering/content-html.js';
import type { AppDatabase } from '../../db/connection.js';
import { withReferencedImages } from '../images/responsive-images.js';
import {
  blogPostIdWithSlug,
  createBlogPost,
  deleteBlogPost,
  findBlogPost,
  listAllPostCards,
  listOldPostSlugs,
  listPublishedPostCards,
  listPublishedPosts,
  updateBlogPost,
} from './blog-posts-repository.js';
import { isUniqueViolation } from '../../db/row-conversion.js';
import type { RequestContext } from '../../trpc/context.js';
import { adminProcedure, found, publicProcedure, router } from '../../trpc/trpc.js';
import { contentProcedures } from '../content-procedures.js';

export const POST_SLUG_TAKEN = 'Another post already uses this slug';

const slugTaken = () => new TRPCError({ code: 'CONFLICT', message: POST_SLUG_TAKEN });

/** Two writes racing for one slug: the second is told, not failed with a 500. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

async function checkSlug(db: AppDatabase, data: BlogPostData, id?: string): Promise<void> {
  if (data.slug !== null && (await blogPostIdWithSlug(db, data.slug, id))) throw slugTaken();
}

/** What readers (and the admin) get of a post: its cover's responsive image, its rendered content and its address. */
async function forReaders(db: AppDatabase, posts: readonly BlogPost[], publicOrigin: string | null) {
  const withHtml = await withContentHtml(db, posts, publicOrigin);
  const withCover = await withReferencedImages(db, withHtml, 'blogPosts');
  return withCover.map((post) => ({ ...post, url: blogPostPath(post) }));
}

/** The neighbours of a post on the blog, by publication date. */
type Neighbour = { slug: string; title: string } | null;

const neighbour = (post: Neighbour | undefined): Neighbour => (post ? { slug: post.slug, title: post.title } : null);

type ReadContext = Pick<RequestContext, 'db' | 'cache' | 'publicOrigin'>;

/** Published posts, newest first, each with its cover's image and rendered content; cached until the next write. */
const publishedPosts = (ctx: ReadContext, category?: BlogCategory) =>
  ctx.cache.get(category ? `blog:${category}` : 'blog', async () =>
    forReaders(ctx.db, await listPublishedPosts(ctx.db, category), ctx.publicOrigin),
  );

/** Published posts without their text, newest first, each with its cover's image; cached until the next write. */
const publishedCards = (ctx: ReadContext, category?: BlogCategory) =>
  ctx.cache.get(category ? `blog:cards:${category}` : 'blog:cards', async () => {
    const cards = await withReferencedImages(ctx.db, await listPublishedPostCards(ctx.db, category), 'blogPosts');
    return cards.map((post) => ({ ...post, url: blogPostPath(post) }));
  });

const oldSlugs = (ctx: ReadContext) => ctx.cache.get('blog:old-slugs', () => listOldPostSlugs(ctx.db));

const blogProcedures = contentProcedures({
  name: 'Blog post',
  cacheKey: 'blog',
  inputSchema: blogPostInputSchema,
  list: async (db, { publicOrigin }) => forReaders(db, await listPublishedPosts(db), publicOrigin),
  create: async (db, data, { publicOrigin }) =>
    (await forReaders(db, [await slugSafe(() => createBlogPost(db, data))], publicOrigin))[0]!,
  update: async (db, id, data, { publicOrigin }) => {
    const post = await slugSafe(() => updateBlogPost(db, id, data));
    return post && (await forReaders(db, [post], publicOrigin))[0];
  },
  remove: deleteBlogPost,
  checkReferences: checkSlug,
});

const bySlugInput = z.object({
  slug: z.string({ error: 'Slug is required' }).trim().min(1, 'Slug is required').max(100, 'Blog post not found'),
});

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Blog post not found' });

export const blogRouter = router({
  ...blogProcedures,
  /** Published posts, newest first; `category` keeps one category. */
  list: publicProcedure.input(blogListInput).query(({ ctx, input }) => publishedPosts(ctx, input?.category)),
  /** The same posts as `list` without their text: the cards of Home and /blog, which show the summary only. */
  cards: publicProcedure.input(blogListInput).query(({ ctx, input }) => publishedCards(ctx, input?.category)),
  /**
   * The published post at /blog/<slug>, with the previous (older) and next (newer) posts. An old address (its
   * id, or a slug it had before an edit) finds it too: the page then redirects to the slug the answer carries.
   */
  bySlug: publicProcedure.input(bySlugInput).query(async ({ ctx, input }) => {
    const cards = await publishedCards(ctx);
    let index = cards.findIndex((post) => post.slug === input.slug);
    if (index < 0) {
      const id = (await oldSlugs(ctx)).get(input.slug) ?? input.slug;
      index = cards.findIndex((post) => post.id === id);
    }
    const card = found(index < 0 ? undefined : cards[index], 'Blog post');
    // Only this post's text is read and rendered, and kept among the recently read: every post's, cached, would hold
    // hundreds of megabytes once a big blog is imported.
    const post = await ctx.cache.getRecent(`blog:post:${card.id}`, async () => {
      const stored = await findBlogPost(ctx.db, card.id);
      return stored?.status === 'published' ? (await forReaders(ctx.db, [stored], ctx.publicOrigin))[0] : undefined;
    });
    return { ...found(post, 'Blog post'), previous: neighbour(cards[index + 1]), next: neighbour(cards[index - 1]) };
  }),
  /**
   * Every post in every state, for the admin's list: without their text, which the editor reads one post at a time
   * (adminGet). Every post's text and rendered HTML took seconds and hundreds of megabytes once a blog of thousands
   * of posts was imported.
   */
  adminList: adminProcedure.query(async ({ ctx }) => {
    const cards = await withReferencedImages(ctx.db, await listAllPostCards(ctx.db), 'blogPosts');
    return cards.map((post) => ({ ...post, url: blogPostPath(post) }));
  }),
  /** One post in any state with its text (Markdown, not rendered): what the admin's editor opens. */
  adminGet: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const post = await findBlogPost(ctx.db, input.id);
    if (!post) throw notFound();
    const [withCover] = await withReferencedImages(ctx.db, [post], 'blogPosts');
    return { ...withCover!, url: blogPostPath(post) };
  }),
  /**
   * Any post, in any state, as it will look: for the signed-in admin (a session token) only. Everyone else is
   * told it does not exist (NOT_FOUND, never UNAUTHORIZED), so the preview address reveals nothing.
   */
  preview: publicProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    // A session only: a forged cookie costs one lookup, never a password check.
    if (!ctx.adminKey || !(await ctx.auth.isLiveSession(ctx.adminKey))) throw notFound();
    const post = await findBlogPost(ctx.db, input.id);
    if (!post) throw notFound();
    const [value] = await forReaders(ctx.db, [post], ctx.publicOrigin);
    return { ...value!, previous: null as Neighbour, next: null as Neighbour };
  }),
});
