import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import {
  blogCardsInput,
  blogListInput,
  blogPostInputSchema,
  tagBySlugInput,
  type BlogPostData,
} from '../../../domain/blog.schema.js';
import { blogAdminPageInputSchema } from '../../../domain/admin-lists.schema.js';
import { byIdInput } from '../../../domain/fields.schema.js';
import { blogPostPath } from '../../../domain/content-links.js';
import { numberedPage } from '../../../domain/paging.js';
import type { AppDatabase } from '../../db/connection.js';
import { withReferencedImages } from '../images/responsive-images.js';
import {
  blogPostIdWithSlug,
  createBlogPost,
  deleteBlogPost,
  findBlogPost,
  listPostCardPage,
  updateBlogPost,
} from './blog-posts-repository.js';
import { isUniqueViolation } from '../../db/row-conversion.js';
import { adminProcedure, found, pageOf, postTextListProcedure, publicProcedure, router } from '../../trpc/trpc.js';
import { pageKeyOf } from '../../trpc/page-cursor.js';
import { contentWrites, unknownReference } from '../content-procedures.js';
import { type BlogTagItem, unknownCategoryMessage } from '../../../domain/blog.js';
import { blogCategoriesRouter } from './blog-categories-router.js';
import { categoryNamed, siteCategories, withCategoryLabels } from './blog-categories.js';
import { listBlogCategories } from './blog-categories-repository.js';
import { listBlogTags } from './blog-tags-repository.js';
import {
  forReaders,
  oldPostSlugs,
  publishedCards,
  publishedPost,
  publishedPosts,
  publishedTag,
  publishedTags,
} from './published-posts.js';

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

/** A post names one of the site's categories (the message lists them) and a slug no other post has. */
async function checkPost(db: AppDatabase, data: BlogPostData, id?: string): Promise<void> {
  const categories = await listBlogCategories(db);
  if (!categories.some((category) => category.slug === data.category))
    throw unknownReference(unknownCategoryMessage(categories.map((category) => category.slug)));
  if (data.slug !== null && (await blogPostIdWithSlug(db, data.slug, id))) throw slugTaken();
}

type CategoryContext = Parameters<typeof siteCategories>[0];

/**
 * The category a list asks for, by its slug (an old one finds it too): undefined for every category, BAD_REQUEST
 * naming the site's categories for one it does not have.
 */
async function listedCategory(ctx: CategoryContext, slug: string | undefined): Promise<string | undefined> {
  if (slug === undefined) return undefined;
  const category = await categoryNamed(ctx, slug);
  if (!category) throw unknownReference(unknownCategoryMessage((await siteCategories(ctx)).map((c) => c.slug)));
  return category.slug;
}

/** The neighbours of a post on the blog, by publication date. */
type Neighbour = { slug: string; title: string } | null;

const neighbour = (post: Neighbour | undefined): Neighbour => (post ? { slug: post.slug, title: post.title } : null);

const blogWrites = contentWrites({
  name: 'Blog post',
  inputSchema: blogPostInputSchema,
  create: async (db, data, { publicOrigin }) =>
    (await forReaders(db, [await slugSafe(() => createBlogPost(db, data))], publicOrigin))[0]!,
  update: async (db, id, data, { publicOrigin }) => {
    const post = await slugSafe(() => updateBlogPost(db, id, data));
    return post && (await forReaders(db, [post], publicOrigin))[0];
  },
  remove: deleteBlogPost,
  checkReferences: checkPost,
});

const bySlugInput = z.object({
  slug: z.string({ error: 'Slug is required' }).trim().min(1, 'Slug is required').max(100, 'Blog post not found'),
});

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: 'Blog post not found' });

/** A published post (by id) with its text, or NOT_FOUND. */
async function publishedPostById(ctx: Parameters<typeof publishedPost>[0], id: string) {
  return found(await publishedPost(ctx, id), 'Blog post');
}

/** The posts with this tag (its slug), or every post when no tag is asked for. */
const withTag = <T extends { tags: Array<{ slug: string }> }>(posts: T[], tag: string | undefined): T[] =>
  tag === undefined ? posts : posts.filter((post) => post.tags.some((item) => item.slug === tag));

export const blogRouter = router({
  ...blogWrites,
  categories: blogCategoriesRouter,
  /**
   * The tags of the published posts, by name: GET /api/blog/tags. A tag only drafts have is not named to readers
   * (it would tell what is coming); the editor's suggestions read `allTags`.
   */
  tags: publicProcedure.query(async ({ ctx }) =>
    (await publishedTags(ctx)).map(({ slug, label }): BlogTagItem => ({ slug, label })),
  ),
  /** Every tag some post has, drafts' too: the editor's suggestions. */
  allTags: adminProcedure.query(({ ctx }) => listBlogTags(ctx.db)),
  /** The tags of the published posts, by name, with how many carry each (/blog's "Browse by tag"). */
  publishedTags: publicProcedure.query(({ ctx }) => publishedTags(ctx)),
  /**
   * One tag of the published posts, by slug, with how many carry it (the /blog/tag/<slug> page's heading):
   * GET /api/blog/tags/{slug}; NOT_FOUND when no published post has it.
   */
  tag: publicProcedure.input(tagBySlugInput).query(async ({ ctx, input }) => {
    const tag = await publishedTag(ctx, input.slug);
    if (!tag) throw new TRPCError({ code: 'NOT_FOUND', message: 'Tag not found' });
    return tag;
  }),
  /**
   * A page of published posts with their text, newest first (BLOG_POST_PAGE: 20, at most 50, after `cursor`, the
   * last post's id of the page before); `category` keeps one category. GET /api/blog and the RSS feed.
   */
  list: postTextListProcedure.input(blogListInput).query(async ({ ctx, input }) => {
    const listed = withTag(await publishedCards(ctx, await listedCategory(ctx, input.category)), input.tag);
    const cards = pageOf(listed, input);
    return publishedPosts(
      ctx,
      cards.map((card) => card.id),
    );
  }),
  /** A published post by its id, with its text: GET /api/blog/{id}. */
  byId: publicProcedure.input(byIdInput).query(({ ctx, input }) => publishedPostById(ctx, input.id)),
  /**
   * A numbered page of the posts of `list` without their text: the cards of /blog (`?page=`) and Home, which show
   * the summary only.
   */
  cards: publicProcedure.input(blogCardsInput).query(async ({ ctx, input }) => {
    // A category the site does not have (deleted, say) lists nothing rather than failing Home or the blog.
    const category = input.category === undefined ? undefined : (await categoryNamed(ctx, input.category))?.slug;
    const cards = input.category !== undefined && category === undefined ? [] : await publishedCards(ctx, category);
    return numberedPage(withTag(cards, input.tag), input.page, input.limit);
  }),
  /**
   * The published post at /blog/<slug>, with the previous (older) and next (newer) posts. An old address (its
   * id, or a slug it had before an edit) finds it too: the page then redirects to the slug the answer carries.
   */
  bySlug: publicProcedure.input(bySlugInput).query(async ({ ctx, input }) => {
    const cards = await publishedCards(ctx);
    let index = cards.findIndex((post) => post.slug === input.slug);
    if (index < 0) {
      const id = (await oldPostSlugs(ctx)).get(input.slug) ?? input.slug;
      index = cards.findIndex((post) => post.id === id);
    }
    const card = found(index < 0 ? undefined : cards[index], 'Blog post');
    // The page shows the rendered text: the Markdown source would travel a second time in the state of every
    // post page the server renders (GET /api/blog/{id} still answers both).
    const { content: _markdown, ...post } = await publishedPostById(ctx, card.id);
    return { ...post, previous: neighbour(cards[index + 1]), next: neighbour(cards[index - 1]) };
  }),
  /**
   * A page of the posts in every state, for the admin's list (`{ limit, cursor, search }`, 100 by default, at most
   * 500; `search` keeps titles containing it): without their text, which the editor reads one post at a time
   * (adminGet). Every post's text and rendered HTML took seconds and hundreds of megabytes once a blog of thousands
   * of posts was imported, and every card of such a blog was still megabytes.
   */
  adminList: adminProcedure.input(blogAdminPageInputSchema).query(async ({ ctx, input }) => {
    const page = await listPostCardPage(ctx.db, input, pageKeyOf(input.cursor));
    const cards = await withCategoryLabels(ctx.db, await withReferencedImages(ctx.db, page.items, 'blogPosts'));
    return { items: cards.map((post) => ({ ...post, url: blogPostPath(post) })), nextCursor: page.nextCursor };
  }),
  /** One post in any state with its text (Markdown, not rendered): what the admin's editor opens. */
  adminGet: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const post = await findBlogPost(ctx.db, input.id);
    if (!post) throw notFound();
    const [withCover] = await withCategoryLabels(ctx.db, await withReferencedImages(ctx.db, [post], 'blogPosts'));
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
