import { z } from 'zod';
import type { PageLimits } from './paging.js';

const CURSOR_MESSAGE = 'cursor must be an id of at most 100 characters';

/** `limit` as a whole number from 1 to the list's maximum (a query string's text is read as a number). */
export function limitField({ defaultLimit, maxLimit }: PageLimits) {
  return z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(maxLimit, `limit must be at most ${maxLimit}`)
    .default(defaultLimit);
}

/** The paging fields of a list's input: `limit` (default and maximum per list) and `cursor` (see paging.ts). */
export function pageFields(limits: PageLimits) {
  return {
    limit: limitField(limits),
    cursor: z.string({ error: CURSOR_MESSAGE }).trim().min(1, CURSOR_MESSAGE).max(100, CURSOR_MESSAGE).optional(),
  };
}

/** A list's whole input when paging is all it takes: optional, `{}` when absent. */
export function pageInput(limits: PageLimits) {
  return z.object(pageFields(limits)).prefault({});
}
