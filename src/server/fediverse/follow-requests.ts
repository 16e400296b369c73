import { Accept, Follow, Reject } from '@fedify/vocab';
import type { Federation } from '@fedify/fedify';
import type { AppDatabase } from '../db/connection.js';
import { newId } from '../db/row-conversion.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';
import { acceptPendingFollower, findFollower, removeFollower } from './followers-repository.js';

/**
 * The author's answer to a follow held for approval (Settings → Site → hold follows): approved, the account becomes
 * a follower and gets a signed `Accept` of its `Follow`; rejected, it is forgotten and gets a `Reject`. False when
 * the account has no follow waiting.
 */
export async function answerFollowRequest(
  db: AppDatabase,
  federation: () => Promise<Federation<void>>,
  origin: string,
  answer: { actorId: string; approve: boolean },
): Promise<boolean> {
  const row = await findFollower(db, answer.actorId);
  if (row?.status !== 'pending') return false;
  const done = answer.approve
    ? await acceptPendingFollower(db, row.actorId)
    : await removeFollower(db, row.actorId, row.followId);
  if (!done) return false;
  const ctx = (await federation()).createContext(new URL(origin), undefined);
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  const follow = new Follow({ id: new URL(row.followId), actor: new URL(row.actorId), object: actor });
  const recipient = {
    id: new URL(row.actorId),
    inboxId: new URL(row.inbox),
    endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
  };
  const kind = answer.approve ? 'accepts' : 'rejects';
  const values = { id: new URL(`#${kind}/${newId()}`, actor), actor, object: follow };
  await ctx.sendActivity(
    { identifier: ACTOR_IDENTIFIER },
    recipient,
    answer.approve ? new Accept(values) : new Reject(values),
  );
  return true;
}
