import type { Context, Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Article, Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { newId } from '../db/row-conversion.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';
import { noteOfExcerpt } from './excerpt-notes.js';
import { articleOfPost } from './post-articles.js';

export type FederatedKind = 'post' | 'excerpt';

/** Each kind's ActivityPub side: its address (its object dispatcher's) and its object, undefined once not public. */
export const FEDERATED_OBJECTS: Record<
  FederatedKind,
  {
    uri: (ctx: Context<void>, id: string) => URL;
    objectOf: (ctx: Context<void>, db: AppDatabase, id: string) => Promise<Article | Note | undefined>;
  }
> = {
  post: { uri: (ctx, id) => ctx.getObjectUri(Article, { id }), objectOf: articleOfPost },
  excerpt: { uri: (ctx, id) => ctx.getObjectUri(Note, { id }), objectOf: noteOfExcerpt },
};

/** What content-federation.ts sends the followers; each answers whether it sent anything. */
export type ContentActivities = {
  create: (kind: FederatedKind, id: string) => Promise<boolean>;
  update: (kind: FederatedKind, id: string) => Promise<boolean>;
  delete: (kind: FederatedKind, id: string) => Promise<boolean>;
};

/**
 * The activities of content to the followers, from the site's actor at `origin`: `Create` and `Update` with the whole
 * object as it is now (nothing when it is no longer public), `Delete` with a `Tombstone`. Each is queued once for the
 * followers (Fedify fans it out to their inboxes, shared inboxes preferred, through the durable queue).
 */
export function contentActivities(db: AppDatabase, federation: Federation<void>, origin: string): ContentActivities {
  const ctx = federation.createContext(new URL(origin), undefined);
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  const send = (activity: Create | Update | Delete) =>
    ctx.sendActivity({ identifier: ACTOR_IDENTIFIER }, 'followers', activity, { preferSharedInbox: true });
  const activityId = (kind: string) => new URL(`#${kind}/${newId()}`, actor);
  return {
    create: async (kind, id) => {
      const object = await FEDERATED_OBJECTS[kind].objectOf(ctx, db, id);
      if (!object) return false;
      await send(new Create({ id: activityId('create'), actor, object, to: PUBLIC_COLLECTION, cc: object.ccId }));
      return true;
    },
    update: async (kind, id) => {
      const object = await FEDERATED_OBJECTS[kind].objectOf(ctx, db, id);
      if (!object) return false;
      const changed = object.clone({ updated: Temporal.Now.instant() });
      await send(
        new Update({ id: activityId('update'), actor, object: changed, to: PUBLIC_COLLECTION, cc: object.ccId }),
      );
      return true;
    },
    delete: async (kind, id) => {
      const object = new Tombstone({ id: FEDERATED_OBJECTS[kind].uri(ctx, id) });
      await send(new Delete({ id: activityId('delete'), actor, object, to: PUBLIC_COLLECTION }));
      return true;
    },
  };
}
