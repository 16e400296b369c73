import type { Context, Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Article, Create, Delete, Note, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import type { Job } from '../operations/jobs/job-runner.js';
import type { PublicCache } from '../site/cache/public-cache.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';
import { noteOfExcerpt } from './excerpt-notes.js';
import { articleOfPost } from './post-articles.js';

/** Items handled per run and kind (a big import publishes them over several runs, each run's deliveries queued). */
const ITEMS_PER_RUN = 50;

export type FederationResult = { created: number; updated: number; deleted: number };

export type FederatedKind = 'post' | 'excerpt';

/** What the site federates: posts as `Article`s, excerpts as `Note`s with their spoiler level as content warning. */
type FederatedSource = {
  kind: FederatedKind;
  /** The item's ActivityPub address (its object dispatcher's) and the object itself; undefined once not public. */
  uri: (ctx: Context<void>, id: string) => URL;
  objectOf: (ctx: Context<void>, db: AppDatabase, id: string) => Promise<Article | Note | undefined>;
  /** Public items not yet recorded in `fediverse_objects`, in the order they came. */
  fresh: (db: AppDatabase, limit: number) => Promise<string[]>;
  /** Whether the new ones go out (an excerpt: when Settings → Site → Fediverse shares them). */
  shared: (db: AppDatabase) => Promise<boolean>;
  /** The ids of the public items (what is recorded but no longer among them is gone). */
  publicIds: (db: AppDatabase) => { execute(): Promise<Array<{ id: string }>> } & object;
};

const notRecorded = (db: AppDatabase) => db.selectFrom('fediverseObjects').select('objectId');

export const FEDERATED_SOURCES: Record<FederatedKind, FederatedSource> = {
  post: {
    kind: 'post',
    uri: (ctx, id) => ctx.getObjectUri(Article, { id }),
    objectOf: articleOfPost,
    fresh: async (db, limit) =>
      (
        await db
          .selectFrom('blogPosts')
          .select('id')
          .where('status', '=', 'published')
          .where('id', 'not in', notRecorded(db))
          .orderBy('publishedAt')
          .limit(limit)
          .execute()
      ).map((row) => row.id),
    shared: async () => true,
    publicIds: (db) => db.selectFrom('blogPosts').select('id').where('status', '=', 'published'),
  },
  excerpt: {
    kind: 'excerpt',
    uri: (ctx, id) => ctx.getObjectUri(Note, { id }),
    objectOf: noteOfExcerpt,
    fresh: async (db, limit) =>
      (
        await db
          .selectFrom('excerpts')
          .select('id')
          .where('id', 'not in', notRecorded(db))
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => row.id),
    shared: async (db) => (await readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema)).fediverse.shareExcerpts,
    publicIds: (db) => db.selectFrom('excerpts').select('id'),
  },
};

/**
 * Brings the followers up to date with one kind of content: an item published since the last run (by the admin, on
 * schedule, by an import) goes out as `Create` with its whole object; an edited one as `Update`; one unpublished or
 * deleted as `Delete`. `fediverse_objects` remembers what was sent (an excerpt written while sharing excerpts was off
 * is remembered unshared: its edits and deletion send nothing). Each activity is queued once for the followers
 * (Fedify fans it out to their inboxes, shared inboxes preferred, through the durable queue). Nothing is sent without
 * an origin.
 */
async function federateKind(
  db: AppDatabase,
  federation: Federation<void>,
  origin: string | null,
  source: FederatedSource,
): Promise<FederationResult> {
  const result = { created: 0, updated: 0, deleted: 0 };
  if (!origin) return result;
  const ctx = federation.createContext(new URL(origin), undefined);
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  const send = (activity: Create | Update | Delete) =>
    ctx.sendActivity({ identifier: ACTOR_IDENTIFIER }, 'followers', activity, { preferSharedInbox: true });
  const activityId = (kind: string) => new URL(`#${kind}/${newId()}`, actor);
  const ofKind = db.selectFrom('fediverseObjects').where('kind', '=', source.kind);

  const fresh = await source.fresh(db, ITEMS_PER_RUN);
  const shared = fresh.length > 0 && (await source.shared(db));
  for (const id of fresh) {
    // Recorded first: a failed send is not repeated to the followers who got it.
    await db
      .insertInto('fediverseObjects')
      .values({ objectId: id, kind: source.kind, shared: shared ? 1 : 0, edited: 0, federatedAt: timestampNow() })
      .onConflict((conflict) => conflict.column('objectId').doNothing())
      .execute();
    const object = shared ? await source.objectOf(ctx, db, id) : undefined;
    if (!object) continue;
    await send(new Create({ id: activityId('create'), actor, object, to: PUBLIC_COLLECTION, cc: object.ccId }));
    result.created++;
  }

  const edited = await ofKind
    .select('objectId')
    .where('edited', '=', 1)
    .where('objectId', 'in', source.publicIds(db) as never)
    .limit(ITEMS_PER_RUN)
    .execute();
  for (const { objectId } of edited) {
    await db.updateTable('fediverseObjects').set({ edited: 0 }).where('objectId', '=', objectId).execute();
    const object = await source.objectOf(ctx, db, objectId);
    if (!object) continue;
    const changed = object.clone({ updated: Temporal.Now.instant() });
    await send(
      new Update({ id: activityId('update'), actor, object: changed, to: PUBLIC_COLLECTION, cc: object.ccId }),
    );
    result.updated++;
  }
  // Unshared items' edits are forgotten (nothing was sent of them).
  await db
    .updateTable('fediverseObjects')
    .set({ edited: 0 })
    .where('kind', '=', source.kind)
    .where('shared', '=', 0)
    .where('edited', '=', 1)
    .execute();

  const gone = await ofKind
    .select(['objectId', 'shared'])
    .where('objectId', 'not in', source.publicIds(db) as never)
    .limit(ITEMS_PER_RUN)
    .execute();
  for (const { objectId, shared: wasShared } of gone) {
    await db.deleteFrom('fediverseObjects').where('objectId', '=', objectId).execute();
    if (!wasShared) continue;
    const object = new Tombstone({ id: source.uri(ctx, objectId) });
    await send(new Delete({ id: activityId('delete'), actor, object, to: PUBLIC_COLLECTION }));
    result.deleted++;
  }
  return result;
}

/** The posts: Create / Update / Delete of their `Article`s. */
export const federatePosts = (db: AppDatabase, federation: Federation<void>, origin: string | null) =>
  federateKind(db, federation, origin, FEDERATED_SOURCES.post);

/** The excerpts (when shared): Create / Update / Delete of their `Note`s. */
export const federateExcerpts = (db: AppDatabase, federation: Federation<void>, origin: string | null) =>
  federateKind(db, federation, origin, FEDERATED_SOURCES.excerpt);

/** Runs after every content write (the public cache's clear), in one instance at a time. */
export function contentFederationJob(options: {
  db: AppDatabase;
  federation: Federation<void>;
  cache: PublicCache;
  origin: () => Promise<string | null>;
}): Job {
  return {
    name: 'fediverse-posts',
    oneInstance: true,
    retryAfterMs: 60_000,
    wakeOn: (wake) => options.cache.onClear(wake),
    run: async () => {
      const origin = await options.origin();
      let more = false;
      for (const federate of [federatePosts, federateExcerpts]) {
        const done = await federate(options.db, options.federation, origin);
        more ||= done.created + done.updated + done.deleted >= ITEMS_PER_RUN;
      }
      return more ? 0 : null;
    },
  };
}
