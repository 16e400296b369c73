import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Page } from '../../domain/admin-lists.schema.js';

/** Where a page of a newest-first list ended: the last row's creation time and id (ties broken by id). */
export type PageKey = { createdAt: string; id: string };

/** The opaque cursor a page hands out for the next one. */
function encodePageCursor(key: PageKey): string {
  return Buffer.from(JSON.stringify([key.createdAt, key.id]), 'utf8').toString('base64url');
}

/** The key a cursor carries; null when the text is not a cursor any list gave. */
export function decodePageCursor(cursor: string): PageKey | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [createdAt, id] = value as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string' || !createdAt || !id) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

/**
 * Rows that come after `key` in newest-first order: `(created_at, id) < key`, which both engines read as a range
 * of an index on (created_at, id), so a page costs its own rows whatever page it is. `column` names another time
 * column a list is ordered by (e.g. blog posts' published_at).
 */
export function olderThan(key: PageKey, column = 'created_at'): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(column)}, id) < (${key.createdAt}, ${key.id})`;
}

/**
 * A page from `rows`, read newest first with one row more than `limit` (whether another page follows).
 */
export function toPage<Row extends PageKey, T>(rows: Row[], limit: number, map: (row: Row) => T): Page<T> {
  return toPageBy(rows, limit, (row) => row, map);
}

/** toPage for rows whose key is not (createdAt, id): `keyOf` gives it (e.g. a post's publishedAt and id). */
export function toPageBy<Row, T>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => PageKey,
  map: (row: Row) => T,
): Page<T> {
  const shown = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = shown.at(-1);
  return {
    items: shown.map(map),
    nextCursor: rows.length > limit && last ? encodePageCursor(keyOf(last)) : null,
  };
}
