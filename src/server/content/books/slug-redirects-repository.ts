import type { AppDatabase } from '../../db/connection.js';
import { timestampNow } from '../../db/row-conversion.js';

/**
 * What has slugs that may change: /books/<slug>, /blog/<slug>, /blog?category=<slug> and /excerpts/<slug>; series
 * can use the same table.
 */
export type SlugKind = 'book' | 'post' | 'category' | 'excerpt';

/**
 * Records that the item `targetId` of this kind moved from `oldSlug` to `newSlug`. Redirects point
 * at the item, not at a slug, so a chain of renames (A→B→C) needs no rewriting: A and B both
 * lead to whatever the item's slug is now. Taking a slug back (C→A) drops A's redirect.
 */
export async function recordSlugChange(
  db: AppDatabase,
  kind: SlugKind,
  targetId: string,
  oldSlug: string,
  newSlug: string,
): Promise<void> {
  if (oldSlug === newSlug) return;
  await releaseSlug(db, kind, newSlug);
  if (oldSlug === '') return;
  await db
    .insertInto('slugRedirects')
    .values({ kind, oldSlug, targetId, createdAt: timestampNow() })
    .onConflict((conflict) =>
      conflict.columns(['kind', 'oldSlug']).doUpdateSet({ targetId, createdAt: timestampNow() }),
    )
    .execute();
}

/** A slug an item now holds is no longer an old address of anything (the live item wins). */
export async function releaseSlug(db: AppDatabase, kind: SlugKind, slug: string): Promise<void> {
  await db.deleteFrom('slugRedirects').where('kind', '=', kind).where('oldSlug', '=', slug).execute();
}

/** Every old slug of this kind, mapped to its item's id. */
export async function listSlugRedirects(db: AppDatabase, kind: SlugKind): Promise<Map<string, string>> {
  const rows = await db.selectFrom('slugRedirects').select(['oldSlug', 'targetId']).where('kind', '=', kind).execute();
  return new Map(rows.map((row) => [row.oldSlug, row.targetId]));
}

/** A deleted item's old addresses go with it (they would lead nowhere, and free the slugs). */
export async function dropRedirectsTo(db: AppDatabase, kind: SlugKind, targetId: string): Promise<void> {
  await db.deleteFrom('slugRedirects').where('kind', '=', kind).where('targetId', '=', targetId).execute();
}
