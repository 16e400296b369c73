import { TRPCError } from '@trpc/server';
import { BAD_CURSOR } from '../../domain/admin-lists.schema.js';
import { decodePageCursor, type PageKey } from '../db/keyset-page.js';

/** Where the page asked for starts: null for the first page; BAD_REQUEST for text no list gave. */
export function pageKeyOf(cursor: string | null): PageKey | null {
  if (cursor === null) return null;
  const key = decodePageCursor(cursor);
  if (!key) throw new TRPCError({ code: 'BAD_REQUEST', message: BAD_CURSOR });
  return key;
}
