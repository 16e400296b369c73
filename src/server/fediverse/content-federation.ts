import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';
import type { Job } from '../operations/jobs/job-runner.js';
import type { PublicCache } from '../site/cache/public-cache.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import type { ContentActivities, FederatedKind } from './content-activities.js';
import { loadFedifySide } from './fedify-loader.js';
import type { SiteFederation } from './site-federation-service.js';

/** Items handled per run and kind (a big import publishes them over several runs, each run's deliveries queued). */
const ITEMS_PER_RUN = 50;

export type FederationResult = { created: number; updated: number; deleted: number };

/**
 * What the site federates: posts as `Article`s, excerpts as `Note`s with their spoiler level as content warning (their
 * ActivityPub side: content-activities.ts).
 */
type FederatedSource = {
  kind: FederatedKind;
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
 * is remembered unshared: its edits and deletion send nothing). Nothing is sent without an origin, and Fedify is loaded only
 * when there is something to send.
 */
async function federateKind(
  db: AppDatabase,
  fediverse: SiteFederation,
  source: FederatedSource,
): Promise<FederationResult> {
  const result = { created: 0, updated: 0, deleted: 0 };
  const origin = await fediverse.knownOrigin();
  if (!origin) return result;
  let activities: Promise<ContentActivities> | undefined;
  const send = () =>
    (activities ??= Promise.all([loadFedifySide(), fediverse.federation()]).then(([side, federation]) =>
      side.contentActivities(db, federation, origin),
    ));
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
    if (shared && (await (await send()).create(source.kind, id))) result.created++;
  }

  // Only what the followers were sent is updated: an item recorded unshared never had its Create.
  const edited = await ofKind
    .select('objectId')
    .where('shared', '=', 1)
    .where('edited', '=', 1)
    .where('objectId', 'in', source.publicIds(db) as never)
    .limit(ITEMS_PER_RUN)
    .execute();
  for (const { objectId } of edited) {
    await db.updateTable('fediverseObjects').set({ edited: 0 }).where('objectId', '=', objectId).execute();
    if (await (await send()).update(source.kind, objectId)) result.updated++;
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
    if (wasShared && (await (await send()).delete(source.kind, objectId))) result.deleted++;
  }
  return result;
}

/** The posts: Create / Update / Delete of their `Article`s. */
export const federatePosts = (db: AppDatabase, fediverse: SiteFederation) =>
  federateKind(db, fediverse, FEDERATED_SOURCES.post);

/** The excerpts (when shared): Create / Update / Delete of their `Note`s. */
export const federateExcerpts = (db: AppDatabase, fediverse: SiteFederation) =>
  federateKind(db, fediverse, FEDERATED_SOURCES.excerpt);

/** Runs after every content write (the public cache's clear), in one instance at a time. */
export function contentFederationJob(options: { db: AppDatabase; fediverse: SiteFederation; cache: PublicCache }): Job {
  return {
    name: 'fediverse-posts',
    oneInstance: true,
    retryAfterMs: 60_000,
    wakeOn: (wake) => options.cache.onClear(wake),
    run: async () => {
      let more = false;
      for (const federate of [federatePosts, federateExcerpts]) {
        const done = await federate(options.db, options.fediverse);
        more ||= done.created + done.updated + done.deleted >= ITEMS_PER_RUN;
      }
      return more ? 0 : null;
    },
  };
}
