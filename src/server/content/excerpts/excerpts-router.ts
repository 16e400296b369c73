import { TRPCError } from '@trpc/server';
import { excerptInputSchema, moveExcerptInput } from '../../../domain/excerpts.schema.js';
import { withContentHtml } from '../rendering/content-html.js';
import { withExcerptPreview } from '../rendering/excerpt-preview.js';
import { findBook } from '../books/books-repository.js';
import { createExcerpt, deleteExcerpt, listExcerpts, moveExcerpt, updateExcerpt } from './excerpts-repository.js';
import { CURATED_LIST_PAGE } from '../../../domain/paging.js';
import { pageInput } from '../../../domain/paging.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { contentWriteProcedure, pageOf, publicProcedure, router } from '../../trpc/trpc.js';
import { contentProcedures, unknownReference, type ContentContext } from '../content-procedures.js';
import { toExcerptCard } from './excerpt-cards.js';

const EXCERPTS_CACHE_KEY = 'excerpts';

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
      withExcerptPreview((await withContentHtml(db, [await createExcerpt(db, data)], publicOrigin))[0]!),
    update: async (db, id, data, { publicOrigin }) => {
      const excerpt = await updateExcerpt(db, id, data);
      const [rendered] = excerpt ? await withContentHtml(db, [excerpt], publicOrigin) : [];
      return rendered && withExcerptPreview(rendered);
    },
    remove: deleteExcerpt,
    checkReferences: async (db, data) => {
      if (!(await findBook(db, data.bookId))) throw unknownReference('The chosen book does not exist');
    },
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
