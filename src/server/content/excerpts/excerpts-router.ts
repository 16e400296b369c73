import { TRPCError } from '@trpc/server';
import { excerptInputSchema, moveExcerptInput } from '../../../domain/excerpts.schema.js';
import { withContentHtml } from '../rendering/content-html.js';
import { withExcerptPreview } from '../rendering/excerpt-preview.js';
import { findBook } from '../books/books-repository.js';
import {
  createExcerpt,
  deleteExcerpt,
  excerptIdWithSlug,
  listExcerpts,
  listOldExcerptSlugs,
  moveExcerpt,
  updateExcerpt,
} from './excerpts-repository.js';
import { z } from 'zod';
import { isUniqueViolation } from '../../db/row-conversion.js';
import { CURATED_LIST_PAGE } from '../../../domain/paging.js';
import { pageInput } from '../../../domain/paging.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { contentWriteProcedure, found, pageOf, publicProcedure, router } from '../../trpc/trpc.js';
import { contentProcedures, unknownReference, type ContentContext } from '../content-procedures.js';
import { toExcerptCard } from './excerpt-cards.js';

const EXCERPTS_CACHE_KEY = 'excerpts';

const EXCERPT_SLUG_TAKEN = 'Another excerpt already uses this slug';

const slugTaken = () => new TRPCError({ code: 'CONFLICT', message: EXCERPT_SLUG_TAKEN });

/** Two writes racing for one slug: the second is told, not failed with a 500. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

const bySlugInput = z.object({
  slug: z.string({ error: 'Slug is required' }).trim().min(1, 'Slug is required').max(100, 'Excerpt not found'),
});

/** Every excerpt with its text, rendered HTML and admin preview, in the site's order. */
const loadExcerpts = async (db: AppDatabase, { publicOrigin }: ContentContext) =>
  (await withContentHtml(db, await listExcerpts(db), publicOrigin)).map(withExcerptPreview);

export const excerptsRouter = router({
  ...contentProcedures({
    name: 'Excerpt',
    cacheKey: EXCERPTS_CACHE_KEY,
    inputSchema: excerptInputSchema,
    list: loadExcerpts,
    create: async (db, data, { publicOrigin }) =>
      withExcerptPreview(
        (await withContentHtml(db, [await slugSafe(() => createExcerpt(db, data))], publicOrigin))[0]!,
      ),
    update: async (db, id, data, { publicOrigin }) => {
      const excerpt = await slugSafe(() => updateExcerpt(db, id, data));
      const [rendered] = excerpt ? await withContentHtml(db, [excerpt], publicOrigin) : [];
      return rendered && withExcerptPreview(rendered);
    },
    remove: deleteExcerpt,
    checkReferences: async (db, data, id) => {
      if (!(await findBook(db, data.bookId))) throw unknownReference('The chosen book does not exist');
      if (data.slug && (await excerptIdWithSlug(db, data.slug, id))) throw slugTaken();
    },
  }),
  /**
   * The excerpt at /excerpts/<slug>. An old address finds it too, by its id or a slug it had before an edit: the
   * page then redirects (301) to the slug the answer carries.
   */
  bySlug: publicProcedure.input(bySlugInput).query(async ({ ctx, input }) => {
    const [excerpts, redirects] = await Promise.all([
      ctx.cache.get(EXCERPTS_CACHE_KEY, () => loadExcerpts(ctx.db, ctx)),
      ctx.cache.get('excerpt-slug-redirects', () => listOldExcerptSlugs(ctx.db)),
    ]);
    const redirectedTo = redirects.get(input.slug);
    return found(
      excerpts.find((excerpt) => excerpt.slug === input.slug) ??
        excerpts.find((excerpt) => excerpt.id === input.slug) ??
        (redirectedTo === undefined ? undefined : excerpts.find((excerpt) => excerpt.id === redirectedTo)),
      'Excerpt',
    );
  }),
  /**
   * The excerpts without their text (what /books, a book's page, /excerpts and the sitemap show), paged as
   * `list` is: a page of cards costs a few hundred bytes an excerpt however long the excerpts are.
   */
  cards: publicProcedure.input(pageInput(CURATED_LIST_PAGE)).query(async ({ ctx, input }) => {
    const cards = await ctx.cache.get('excerpt-cards', async () =>
      (await ctx.cache.get(EXCERPTS_CACHE_KEY, () => loadExcerpts(ctx.db, ctx))).map(toExcerptCard),
    );
    return pageOf(cards, input);
  }),
  /** One place up or down within its book; answers the book's excerpts in their new order. */
  move: contentWriteProcedure.input(moveExcerptInput).mutation(async ({ ctx, input }) => {
    const outcome = await moveExcerpt(ctx.db, input.id, input.direction);
    if ('moved' in outcome) return outcome.moved;
    if (outcome.refused === 'missing') throw new TRPCError({ code: 'NOT_FOUND', message: 'Excerpt not found' });
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `“${outcome.excerpt?.title}” is already the ${input.direction === 'up' ? 'first' : 'last'} excerpt of its book`,
    });
  }),
});
