import { bookInputSchema } from '../../../domain/books.schema.js';
import { createBook, deleteBook, listBooks, updateBook } from '../../repositories/books.js';
import { router } from '../trpc.js';
import { contentProcedures } from './content-procedures.js';

export const booksRouter = router(
  contentProcedures({
    name: 'Book',
    cacheKey: 'books',
    inputSchema: bookInputSchema,
    list: listBooks,
    create: createBook,
    update: updateBook,
    remove: deleteBook,
  }),
);
