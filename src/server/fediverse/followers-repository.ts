import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

export type FollowerStatus = 'accepted' | 'pending';

export type NewFollower = {
  actorId: string;
  handle: string;
  server: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
  status: FollowerStatus;
};

/** Records a follow (again: the newest Follow and status win). */
export async function saveFollower(db: AppDatabase, follower: NewFollower): Promise<void> {
  const { handle, server, inbox, sharedInbox, followId, status } = follower;
  await db
    .insertInto('fediverseFollowers')
    .values({ ...follower, createdAt: timestampNow() })
    .onConflict((conflict) =>
      conflict.column('actorId').doUpdateSet({ handle, server, inbox, sharedInbox, followId, status }),
    )
    .execute();
}

/** Removes a follower (an Undo of its Follow); true if it was one. */
export async function removeFollower(db: AppDatabase, actorId: string, followId?: string): Promise<boolean> {
  let query = db.deleteFrom('fediverseFollowers').where('actorId', '=', actorId);
  if (followId) query = query.where('followId', '=', followId);
  const result = await query.executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export type FollowerPageRow = {
  actorId: string;
  handle: string;
  inbox: string;
  sharedInbox: string | null;
  createdAt: string;
};

/** A page of followers (accepted, or pending approval) in the order they came, after `after`. */
export async function followerPage(
  db: AppDatabase,
  page: { status: FollowerStatus; limit: number; after: { createdAt: string; actorId: string } | null },
): Promise<FollowerPageRow[]> {
  const { after } = page;
  let query = db
    .selectFrom('fediverseFollowers')
    .select(['actorId', 'handle', 'inbox', 'sharedInbox', 'createdAt'])
    .where('status', '=', page.status)
    .orderBy('createdAt')
    .orderBy('actorId')
    .limit(page.limit);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('createdAt', '>', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('actorId', '>', after.actorId)]),
      ]),
    );
  return query.execute();
}

export async function countAcceptedFollowers(db: AppDatabase): Promise<number> {
  const row = await db
    .selectFrom('fediverseFollowers')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', 'accepted')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findFollower(db: AppDatabase, actorId: string) {
  return db.selectFrom('fediverseFollowers').selectAll().where('actorId', '=', actorId).executeTakeFirst();
}

/** A held follow approved: true if it was waiting. */
export async function acceptPendingFollower(db: AppDatabase, actorId: string): Promise<boolean> {
  const result = await db
    .updateTable('fediverseFollowers')
    .set({ status: 'accepted' })
    .where('actorId', '=', actorId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A follower's account moved (a checked `Move`): the new account takes its place, with its status and the time it
 * came; if the new account already follows, the old row simply goes.
 */
export async function replaceFollower(
  db: AppDatabase,
  oldActorId: string,
  next: Omit<NewFollower, 'followId' | 'status'>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('fediverseFollowers')
      .selectAll()
      .where('actorId', '=', oldActorId)
      .executeTakeFirst();
    if (!old) return false;
    await trx
      .insertInto('fediverseFollowers')
      .values({ ...next, followId: old.followId, status: old.status, createdAt: old.createdAt })
      .onConflict((conflict) => conflict.column('actorId').doNothing())
      .execute();
    await trx.deleteFrom('fediverseFollowers').where('actorId', '=', oldActorId).execute();
    return true;
  });
}
