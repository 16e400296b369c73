import type { Federation } from '@fedify/fedify';
import { Move, PUBLIC_COLLECTION, Update, isActor } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { newId } from '../db/row-conversion.js';
import { cancelMove, recordMove } from './account-move.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';

type MoveOutcome = { moved: true; movedTo: string } | { moved: false; reason: string };

/**
 * Moves the account to `target` (Mastodon's account migration): the new actor is read through the safe document
 * loader and must list this actor among its aliases (`alsoKnownAs`), as Mastodon checks; then the actor shows
 * `movedTo` and a signed `Move` (this actor, to the target) goes to every follower through the queue (shared inboxes
 * preferred). Their servers move their follows to the new account.
 */
export async function moveAccount(
  db: AppDatabase,
  federation: Federation<void>,
  origin: string,
  target: string,
): Promise<MoveOutcome> {
  const ctx = federation.createContext(new URL(origin), undefined);
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  if (new URL(target).href === actor.href) return { moved: false, reason: 'The new account cannot be this one' };
  const found = await ctx.lookupObject(target).catch(() => null);
  if (!found || !isActor(found) || !found.id)
    return { moved: false, reason: `No fediverse account could be read at ${target}` };
  if (!found.aliasIds.some((alias) => alias.href === actor.href))
    return {
      moved: false,
      reason: `${found.id.href} does not list this account (${actor.href}) among its aliases (alsoKnownAs): add it there first`,
    };
  await recordMove(db, found.id.href);
  await ctx.sendActivity(
    { identifier: ACTOR_IDENTIFIER },
    'followers',
    new Move({
      id: new URL(`#moves/${newId()}`, actor),
      actor,
      object: actor,
      target: found.id,
      to: ctx.getFollowersUri(ACTOR_IDENTIFIER),
    }),
    { preferSharedInbox: true },
  );
  return { moved: true, movedTo: found.id.href };
}

/**
 * Undoes the move: the actor no longer shows `movedTo`, and every follower is sent the actor as it now is (an `Update`,
 * as Mastodon sends on a profile change), so their servers stop showing the account as moved. Follows their servers
 * already moved stay with the new account.
 */
export async function undoAccountMove(db: AppDatabase, federation: Federation<void>, origin: string): Promise<void> {
  await cancelMove(db);
  // A request context, as the actor dispatcher answers one: the actor is built exactly as it is served.
  const ctx = federation.createContext(new Request(new URL(origin)), undefined);
  const actor = await ctx.getActor(ACTOR_IDENTIFIER);
  if (!actor?.id) return;
  await ctx.sendActivity(
    { identifier: ACTOR_IDENTIFIER },
    'followers',
    new Update({
      id: new URL(`#updates/${newId()}`, actor.id),
      actor: actor.id,
      object: actor,
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(ACTOR_IDENTIFIER),
    }),
    { preferSharedInbox: true },
  );
}
