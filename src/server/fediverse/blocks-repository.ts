import { sql } from 'kysely';
import type { FediverseBlock, FediverseBlockKind } from '../../domain/fediverse.js';
import type { AppDatabase } from '../db/connection.js';
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

/**
 * Blocks an account (actor URL or `@user@host`) or a server, and removes the followers it names. Returns the block
 * and how many followers went.
 */
export async function addBlock(
  db: AppDatabase,
  block: { target: string; kind: FediverseBlockKind },
): Promise<FediverseBlock & { removedFollowers: number }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('fediverseBlocks')
      .values({ ...block, createdAt: timestampNow() })
      .onConflict((conflict) => conflict.column('target').doNothing())
      .execute();
    let remove = trx.deleteFrom('fediverseFollowers');
    remove =
      block.kind === 'server'
        ? remove.where(sql<string>`lower(server)`, '=', block.target)
        : block.target.startsWith('@')
          ? remove.where(sql<string>`lower(handle)`, '=', block.target)
          : remove.where('actorId', '=', block.target);
    const removed = await remove.executeTakeFirst();
    const stored = await trx
      .selectFrom('fediverseBlocks')
      .select(['target', 'kind', 'createdAt'])
      .where('target', '=', block.target)
      .executeTakeFirstOrThrow();
    return { ...stored, kind: stored.kind as FediverseBlockKind, removedFollowers: Number(removed.numDeletedRows) };
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
