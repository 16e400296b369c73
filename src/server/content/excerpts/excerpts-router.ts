import { TRPCError } from '@trpc/server';
import { excerptInputSchema, moveExcerptInput } from '../../../domain/excerpts.schema.js';
import { withContentHtml } from '../rendering/content-html.js';
import { withExcerptPreview } from '../rendering/excerpt-preview.js';
import { findBook } from '../books/books-repository.js';
import { createExcerpt, deleteExcerpt, listExcerpts, moveExcerpt, updateExcerpt } from './excerpts-repository.js';
import { contentWriteProcedure, router } from '../../trpc/trpc.js';
import { contentProcedures, unknownReference } from '../content-procedures.js';

export const excerptsRouter = router({
  ...contentProcedures({
    name: 'Excerpt',
    cacheKey: 'excerpts',
    inputSchema: excerptInputSchema,
    list: async (db, { publicOrigin }) =>
      (await withContentHtml(db, await listExcerpts(db), publicOrigin)).map(withExcerptPreview),
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
