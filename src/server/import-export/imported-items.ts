import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

/** The source ids of one service's items of this kind already imported. */
export async function importedSourceIds(db: AppDatabase, source: string, kind: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('importedItems')
    .select('sourceId')
    .where('source', '=', source)
    .where('kind', '=', kind)
    .execute();
  return new Set(rows.map((row) => row.sourceId));
}

export async function recordImportedItem(
  db: AppDatabase,
  item: { source: string; kind: string; sourceId: string; targetId: string },
): Promise<void> {
  await db
    .insertInto('importedItems')
    .values({ ...item, importedAt: timestampNow() })
    .onConflict((conflict) => conflict.columns(['source', 'kind', 'sourceId']).doNothing())
    .execute();
}

/** Old addresses (see legacy-permalinks.ts) of an imported post; one that already leads somewhere keeps its target. */
export async function recordLegacyPaths(db: AppDatabase, targetId: string, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await db
    .insertInto('legacyPaths')
    .values(paths.map((path) => ({ path, kind: 'post', targetId })))
    .onConflict((conflict) => conflict.column('path').doNothing())
    .execute();
}

/** Every old address, to the slug of the post it now leads to. */
export async function listLegacyPostPaths(db: AppDatabase): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('legacyPaths')
    .innerJoin('blogPosts', 'blogPosts.id', 'legacyPaths.targetId')
    .select(['legacyPaths.path', 'blogPosts.slug', 'blogPosts.status'])
    .where('legacyPaths.kind', '=', 'post')
    .execute();
  return new Map(rows.filter((row) => row.status === 'published').map((row) => [row.path, row.slug]));
}

/**
 * Old addresses that belong to imported posts by their source id (WordPress's attachment pages, by their post's
 * id): each leads to the post it was imported as, when it was; those of posts not imported are dropped.
 */
export async function recordLegacyPathsOfSourcePosts(
  db: AppDatabase,
  source: string,
  pathsBySourceId: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const ids = [...pathsBySourceId.keys()];
  for (let at = 0; at < ids.length; at += 500) {
    const rows = await db
      .selectFrom('importedItems')
      .select(['sourceId', 'targetId'])
      .where('source', '=', source)
      .where('kind', '=', 'post')
      .where('sourceId', 'in', ids.slice(at, at + 500))
      .execute();
    for (const row of rows) await recordLegacyPaths(db, row.targetId, pathsBySourceId.get(row.sourceId) ?? []);
  }
}
