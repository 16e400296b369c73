import { excerptInputSchema } from '../../../domain/excerpts.schema.js';
import { findBook } from '../../repositories/books.js';
import { createExcerpt, deleteExcerpt, listExcerpts, updateExcerpt } from '../../repositories/excerpts.js';
import { router } from '../trpc.js';
import { contentProcedures, unknownReference } from './content-procedures.js';

export const excerptsRouter = router(
  contentProcedures({
    name: 'Excerpt',
    cacheKey: 'excerpts',
    inputSchema: excerptInputSchema,
    list: listExcerpts,
    create: createExcerpt,
    update: updateExcerpt,
    remove: deleteExcerpt,
    checkReferences: async (db, data) => {
      if (!(await findBook(db, data.bookId))) throw unknownReference('The chosen book does not exist');
    },
  }),
);
