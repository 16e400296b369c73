import { excerptInputSchema } from '../../../domain/excerpts.schema.js';
import { withContentHtml } from '../../content/content-html.js';
import { findBook } from '../../repositories/books.js';
import { createExcerpt, deleteExcerpt, listExcerpts, updateExcerpt } from '../../repositories/excerpts.js';
import { router } from '../trpc.js';
import { contentProcedures, unknownReference } from './content-procedures.js';

export const excerptsRouter = router(
  contentProcedures({
    name: 'Excerpt',
    cacheKey: 'excerpts',
    inputSchema: excerptInputSchema,
    list: async (db, { publicOrigin }) => withContentHtml(db, await listExcerpts(db), publicOrigin),
    create: async (db, data, { publicOrigin }) =>
      (await withContentHtml(db, [await createExcerpt(db, data)], publicOrigin))[0]!,
    update: async (db, id, data, { publicOrigin }) => {
      const excerpt = await updateExcerpt(db, id, data);
      return excerpt && (await withContentHtml(db, [excerpt], publicOrigin))[0];
    },
    remove: deleteExcerpt,
    checkReferences: async (db, data) => {
      if (!(await findBook(db, data.bookId))) throw unknownReference('The chosen book does not exist');
    },
  }),
);
