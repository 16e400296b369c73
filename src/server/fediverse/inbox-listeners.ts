import type { Federation, InboxContext } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Create,
  Delete,
  Follow,
  Like,
  Move,
  Reject,
  Undo,
  Update,
  isActor,
  type Activity,
} from '@fedify/vocab';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import type { AppDatabase } from '../db/connection.js';
import { newId } from '../db/row-conversion.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import { ACTOR_IDENTIFIER, FEDIVERSE_PATHS } from './actor-identity.js';
import { isBlocked } from './blocks-repository.js';
import { removeFollower, saveFollower } from './followers-repository.js';
import { followerMoved } from './inbox-moves.js';
import { InboxReactions } from './inbox-reactions.js';
import { InboxReplies } from './inbox-replies.js';

type InboxOptions = { db: AppDatabase; publicChanged: () => void };

/**
 * A `Follow` of the site's actor: refused (Reject) when the account or its server is blocked; otherwise saved, and
 * accepted at once (Accept) unless Settings → Site holds follows for the author's approval.
 */
async function followReceived(db: AppDatabase, ctx: InboxContext<void>, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== 'actor' || target.identifier !== ACTOR_IDENTIFIER) return;
  const follower = await follow.getActor(ctx);
  if (!follower || !isActor(follower) || !follower.id || !follower.inboxId) return;
  const handle = `@${follower.preferredUsername?.toString().slice(0, 100) ?? 'unknown'}@${follower.id.host}`;
  const actorUri = ctx.getActorUri(ACTOR_IDENTIFIER);
  if (await isBlocked(db, follower.id, handle)) {
    await ctx.sendActivity(
      { identifier: ACTOR_IDENTIFIER },
      follower,
      new Reject({ id: new URL(`#rejects/${newId()}`, actorUri), actor: actorUri, object: follow }),
    );
    return;
  }
  const settings = await readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema);
  const status = settings.fediverse.holdFollows ? 'pending' : 'accepted';
  await saveFollower(db, {
    actorId: follower.id.href,
    handle,
    server: follower.id.host,
    inbox: follower.inboxId.href,
    sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
    followId: follow.id.href,
    status,
  });
  if (status !== 'accepted') return;
  await ctx.sendActivity(
    { identifier: ACTOR_IDENTIFIER },
    follower,
    new Accept({ id: new URL(`#accepts/${newId()}`, actorUri), actor: actorUri, object: follow }),
  );
}

/**
 * The actor's inbox and the shared inbox: follows (Follow; its Undo), replies to posts (Create, Update, Delete),
 * likes and boosts (Like, Announce; their Undo) and followers' moves (Move). Every activity of a blocked account or
 * server but a Follow (which gets its Reject) is dropped before its listener.
 */
export function setInboxListeners(federation: Federation<void>, { db, publicChanged }: InboxOptions): void {
  const replies = new InboxReplies({ db, publicChanged });
  const reactions = new InboxReactions({ db, publicChanged });
  const unlessBlocked =
    <T extends Activity>(listener: (ctx: InboxContext<void>, activity: T) => Promise<void>) =>
    async (ctx: InboxContext<void>, activity: T) => {
      if (activity.actorId && (await isBlocked(db, activity.actorId))) return;
      await listener(ctx, activity);
    };
  federation
    .setInboxListeners(FEDIVERSE_PATHS.inbox, FEDIVERSE_PATHS.sharedInbox)
    .on(Follow, (ctx, follow) => followReceived(db, ctx, follow))
    .on(
      Undo,
      unlessBlocked(async (ctx, undo: Undo) => {
        if (!undo.actorId) return;
        const object = await undo
          .getObject({ documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader, crossOrigin: 'ignore' })
          .catch(() => null);
        if (!(object instanceof Follow)) return reactions.undo(ctx, undo, object);
        if (object.actorId?.href !== undo.actorId.href) return;
        await removeFollower(db, undo.actorId.href, object.id?.href);
      }),
    )
    .on(
      Like,
      unlessBlocked((ctx, like: Like) => reactions.add(ctx, like)),
    )
    .on(
      Announce,
      unlessBlocked((ctx, announce: Announce) => reactions.add(ctx, announce)),
    )
    .on(
      Create,
      unlessBlocked((ctx, create: Create) => replies.create(ctx, create)),
    )
    .on(
      Update,
      unlessBlocked((ctx, update: Update) => replies.update(ctx, update)),
    )
    .on(
      Delete,
      unlessBlocked((ctx, activity: Delete) => replies.delete(ctx, activity)),
    )
    .on(
      Move,
      unlessBlocked((ctx, move: Move) => followerMoved(ctx, db, move)),
    );
}
