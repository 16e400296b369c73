import { z } from 'zod';
import { SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from './search.js';

export const EMPTY_SEARCH_QUERY = 'Enter a word to search for';
export const SEARCH_QUERY_TOO_LONG = `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters`;

/** A search request: the words (`q`) and optionally how many results (1–50, default 20). */
export const searchInputSchema = z.object({
  q: z
    .string({ error: EMPTY_SEARCH_QUERY })
    .trim()
    .min(1, EMPTY_SEARCH_QUERY)
    .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_TOO_LONG),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(SEARCH_MAX_LIMIT, `limit must be at most ${SEARCH_MAX_LIMIT}`)
    .optional(),
});
