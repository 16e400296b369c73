import { sql, type SqlBool } from 'kysely';
import type { FediverseBlock, FediverseBlockKind } from '../../domain/fediverse.js';
import type { AppDatabase } from '../db/connection.js';
import { startingWith } from '../db/like-pattern.js';
import { timestampNow } from '../db/row-conversion.js';

export async function listBlocks(db: AppDatabase): Promise<FediverseBlock[]> {
  const rows = await db
    .selectFrom('fediverseBlocks')
    .select(['target', 'kind', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('target')
    .limit(5000)
    .execute();
  return rows.map((row) => ({ ...row, kind: row.kind as FediverseBlockKind }));
}

/** What a new block cleared, besides the block itself. */
export type BlockOutcome = FediverseBlock & {
  removedFollowers: number;
  removedReactions: number;
  hiddenComments: number;
};

/**
 * Blocks an account (actor URL or `@user@host`) or a server, and clears what it had left here: the followers it names
 * go, its likes and boosts stop counting (removed), and its replies are hidden (kept: the author can show one again).
 * An account blocked by its handle is known by the actor addresses it followed from; one that never followed keeps
 * its earlier likes and replies (they carry no handle), and everything it sends from now on is dropped.
 */
export async function addBlock(
  db: AppDatabase,
  block: { target: string; kind: FediverseBlockKind },
): Promise<BlockOutcome> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fediverseBlocks')
      .values({ ...block, createdAt: timestampNow() })
      .onConflict((conflict) => conflict.column('target').doNothing())
      .execute();
    const byHandle = block.kind === 'account' && block.target.startsWith('@');
    const actorIds = byHandle
      ? (
          await trx
            .selectFrom('fediverseFollowers')
            .select('actorId')
            .where(sql<string>`lower(handle)`, '=', block.target)
            .execute()
        ).map((row) => row.actorId)
      : [block.target];
    /** The rows whose actor address (in `column`) the block names. */
    const blockedActor = (column: 'actorId' | 'remoteActorId') =>
      block.kind === 'server'
        ? sql<SqlBool>`(lower(${sql.ref(column)}) like ${startingWith(`https://${block.target}/`)} escape '\\'
            or lower(${sql.ref(column)}) like ${startingWith(`http://${block.target}/`)} escape '\\')`
        : sql<SqlBool>`${sql.ref(column)} in (${sql.join(actorIds)})`;

    let remove = trx.deleteFrom('fediverseFollowers');
    remove =
      block.kind === 'server'
        ? remove.where(sql<string>`lower(server)`, '=', block.target)
        : byHandle
          ? remove.where(sql<string>`lower(handle)`, '=', block.target)
          : remove.where('actorId', '=', block.target);
    const removed = await remove.executeTakeFirst();
    let removedReactions = 0;
    let hiddenComments = 0;
    if (actorIds.length > 0) {
      const reactions = await trx.deleteFrom('fediverseReactions').where(blockedActor('actorId')).executeTakeFirst();
      const comments = await trx
        .updateTable('comments')
        .set({ status: 'hidden' })
        .where('origin', '=', 'fediverse')
        .where('status', 'in', ['held', 'approved'])
        .where(blockedActor('remoteActorId'))
        .executeTakeFirst();
      removedReactions = Number(reactions.numDeletedRows);
      hiddenComments = Number(comments.numUpdatedRows);
    }
    const stored = await trx
      .selectFrom('fediverseBlocks')
      .select(['target', 'kind', 'createdAt'])
      .where('target', '=', block.target)
      .executeTakeFirstOrThrow();
    return {
      ...stored,
      kind: stored.kind as FediverseBlockKind,
      removedFollowers: Number(removed.numDeletedRows),
      removedReactions,
      hiddenComments,
    };
  });
}

/** Lifts a block; true if there was one. */
export async function removeBlock(db: AppDatabase, target: string): Promise<boolean> {
  const result = await db.deleteFrom('fediverseBlocks').where('target', '=', target).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Whether an account is blocked: by its actor URL, its server, or its handle (`handle` when the caller read the
 * actor, else the handle it follows under, if it does).
 */
export async function isBlocked(db: AppDatabase, actorId: URL, handle: string | null = null): Promise<boolean> {
  const targets = [actorId.href, actorId.host.toLowerCase(), ...(handle ? [handle.toLowerCase()] : [])];
  const row = await db
    .selectFrom('fediverseBlocks')
    .select('target')
    .where((eb) =>
      eb.or([
        eb('target', 'in', targets),
        eb(
          'target',
          '=',
          eb
            .selectFrom('fediverseFollowers')
            .select(sql<string>`lower(handle)`.as('handle'))
            .where('actorId', '=', actorId.href),
        ),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}
