import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

export type ReactionKind = 'like' | 'boost';
export type ReactionCounts = { likes: number; boosts: number };

/** Counts a like or boost: once per account, post and kind (a second activity for it changes nothing). */
export async function addReaction(
  db: AppDatabase,
  reaction: { activityId: string; postId: string; kind: ReactionKind; actorId: string },
): Promise<boolean> {
  const result = await db
    .insertInto('fediverseReactions')
    .values({ ...reaction, createdAt: timestampNow() })
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Takes back an account's like or boost (its `Undo`): named by its activity id, or by the post and kind it was of.
 * True if one was counted.
 */
export async function removeReaction(
  db: AppDatabase,
  actorId: string,
  which: { activityId: string } | { postId: string; kind: ReactionKind },
): Promise<boolean> {
  let query = db.deleteFrom('fediverseReactions').where('actorId', '=', actorId);
  query =
    'activityId' in which
      ? query.where('activityId', '=', which.activityId)
      : query.where('postId', '=', which.postId).where('kind', '=', which.kind);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A post's likes and boosts, or (without a post) the whole site's. */
export async function countReactions(db: AppDatabase, postId?: string): Promise<ReactionCounts> {
  let query = db
    .selectFrom('fediverseReactions')
    .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')])
    .groupBy('kind');
  if (postId !== undefined) query = query.where('postId', '=', postId);
  const rows = await query.execute();
  const of = (kind: ReactionKind) => Number(rows.find((row) => row.kind === kind)?.count ?? 0);
  return { likes: of('like'), boosts: of('boost') };
}
