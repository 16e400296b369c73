import type { Context } from '@fedify/fedify';
import { isActor, type Move } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { isBlocked } from './blocks-repository.js';
import { findFollower, removeFollower, replaceFollower } from './followers-repository.js';

/**
 * A follower's account moved (Mastodon's account migration): a `Move` from the account, of itself, to a target that
 * lists it among its aliases (`alsoKnownAs`, read through the safe document loader) puts the target in the
 * follower's place. A Move of someone else, from a non-follower, or to an account that does not name the old one
 * changes nothing; a target the author blocked is not taken in (the old follower goes).
 */
export async function followerMoved(ctx: Context<void>, db: AppDatabase, move: Move): Promise<void> {
  const from = move.actorId;
  if (!from || move.objectId?.href !== from.href || !move.targetId) return;
  const follower = await findFollower(db, from.href);
  if (!follower) return;
  const target = await move
    .getTarget({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader })
    .catch(() => null);
  if (!target || !isActor(target) || target.id?.href !== move.targetId.href || !target.inboxId) return;
  if (!target.aliasIds.some((alias) => alias.href === from.href)) return;
  const handle = `@${target.preferredUsername?.toString().slice(0, 100) ?? 'unknown'}@${target.id.host}`;
  if (await isBlocked(db, target.id, handle)) {
    await removeFollower(db, from.href);
    return;
  }
  await replaceFollower(db, from.href, {
    actorId: target.id.href,
    handle,
    server: target.id.host,
    inbox: target.inboxId.href,
    sharedInbox: target.endpoints?.sharedInbox?.href ?? null,
  });
}
