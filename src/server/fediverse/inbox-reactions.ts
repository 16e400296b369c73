import type { Context } from '@fedify/fedify';
import { Announce, Like, type Object as APObject, type Undo } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { FixedWindowLimiter } from '../site/rate-limit/fixed-window-limiter.js';
import { postOfArticleUri } from './inbox-replies.js';
import { addReaction, removeReaction, type ReactionKind } from './reactions-repository.js';

/** Likes and boosts counted per remote server and minute (in this process); what comes beyond is dropped. */
const REACTIONS_PER_SERVER_PER_MINUTE = 300;

const kindOf = (activity: Like | Announce): ReactionKind => (activity instanceof Like ? 'like' : 'boost');

/**
 * Likes and boosts of the site's posts (docs/fediverse.md): a `Like` or `Announce` of a published post's `Article`
 * counts once per account; its `Undo` (naming the activity, or carrying it) takes it back. Anything else is dropped.
 */
export class InboxReactions {
  private readonly perServer = new FixedWindowLimiter(REACTIONS_PER_SERVER_PER_MINUTE, 60_000);

  constructor(private readonly options: { db: AppDatabase; publicChanged: () => void }) {}

  async add(ctx: Context<void>, activity: Like | Announce): Promise<void> {
    const { db } = this.options;
    if (!activity.id || !activity.actorId) return;
    const postId = postOfArticleUri(ctx, activity.objectId);
    if (!postId) return;
    const post = await db
      .selectFrom('blogPosts')
      .select('id')
      .where('id', '=', postId)
      .where('status', '=', 'published');
    if (!(await post.executeTakeFirst())) return;
    if (!this.perServer.take(activity.actorId.host).allowed) return;
    const counted = await addReaction(db, {
      activityId: activity.id.href,
      postId,
      kind: kindOf(activity),
      actorId: activity.actorId.href,
    });
    if (counted) this.options.publicChanged();
  }

  /** An `Undo` whose object is not a Follow: `object` is what it carried (null if only named or unreadable). */
  async undo(ctx: Context<void>, undo: Undo, object: APObject | null): Promise<void> {
    const actorId = undo.actorId;
    if (!actorId || !undo.objectId) return;
    let removed = false;
    if ((object instanceof Like || object instanceof Announce) && object.actorId?.href === actorId.href) {
      const postId = postOfArticleUri(ctx, object.objectId);
      if (postId) removed = await removeReaction(this.options.db, actorId.href, { postId, kind: kindOf(object) });
    }
    if (!removed) removed = await removeReaction(this.options.db, actorId.href, { activityId: undo.objectId.href });
    if (removed) this.options.publicChanged();
  }
}
