import { TRPCError } from '@trpc/server';
import { searchInputSchema } from '../../../domain/search.schema.js';
import { searchSite } from './search-index.js';
import { SearchTooLong } from './search-timeout.js';
import { router, searchProcedure } from '../../trpc/trpc.js';

/** An FTS5 complaint about a query: never expected (queries are quoted), but still the client's input, not a 500. */
function isSearchSyntaxError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'SQLITE_ERROR' && typeof message === 'string' && /fts5|syntax/i.test(message);
}

export const searchRouter = router({
  /** Published posts, excerpts and books matching `q`, best first, highlighted (see searchSite). */
  results: searchProcedure.input(searchInputSchema).query(async ({ ctx, input }) => {
    try {
      return await searchSite(ctx.db, input.q, { limit: input.limit, timeoutMs: ctx.searchGate.timeoutMs });
    } catch (error) {
      // Cut by its database time bound (PostgreSQL): the reader can narrow it; nothing failed.
      if (error instanceof SearchTooLong)
        throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: error.message, cause: error });
      if (isSearchSyntaxError(error))
        throw new TRPCError({ code: 'BAD_REQUEST', message: 'That search could not be read', cause: error });
      throw error;
    }
  }),
});
