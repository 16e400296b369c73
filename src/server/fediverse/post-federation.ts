import type { Federation } from '@fedify/fedify';
import { Temporal } from '@js-temporal/polyfill';
import { Article, Create, Delete, PUBLIC_COLLECTION, Tombstone, Update } from '@fedify/vocab';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import type { Job } from '../operations/jobs/job-runner.js';
import type { PublicCache } from '../site/cache/public-cache.js';
import { ACTOR_IDENTIFIER } from './actor-identity.js';
import { articleOfPost } from './post-articles.js';

/** Posts handled per run (a big import publishes them over several runs, each run's deliveries queued). */
const POSTS_PER_RUN = 50;

export type PostFederationResult = { created: number; updated: number; deleted: number };

/**
 * Brings the followers up to date with the blog: a post published since the last run (by the admin, on schedule, by
 * an import) goes out as `Create` with its whole `Article`; an edited one as `Update`; one unpublished or deleted as
 * `Delete`. `fediverse_posts` remembers what was sent. Each activity is queued once for the followers (Fedify fans it
 * out to their inboxes, shared inboxes preferred, through the durable queue). Nothing is sent without an origin.
 */
export async function federatePosts(
  db: AppDatabase,
  federation: Federation<void>,
  origin: string | null,
): Promise<PostFederationResult> {
  const result = { created: 0, updated: 0, deleted: 0 };
  if (!origin) return result;
  const ctx = federation.createContext(new URL(origin), undefined);
  const actor = ctx.getActorUri(ACTOR_IDENTIFIER);
  const send = (activity: Create | Update | Delete) =>
    ctx.sendActivity({ identifier: ACTOR_IDENTIFIER }, 'followers', activity, { preferSharedInbox: true });
  const activityId = (kind: string) => new URL(`#${kind}/${newId()}`, actor);

  const fresh = await db
    .selectFrom('blogPosts')
    .select('id')
    .where('status', '=', 'published')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('fediversePosts').select('postId').whereRef('postId', '=', 'blogPosts.id'))),
    )
    .orderBy('publishedAt')
    .limit(POSTS_PER_RUN)
    .execute();
  for (const { id } of fresh) {
    const article = await articleOfPost(ctx, db, id);
    // Recorded first: a failed send is not repeated to the followers who got it.
    await db
      .insertInto('fediversePosts')
      .values({ postId: id, edited: 0, federatedAt: timestampNow() })
      .onConflict((conflict) => conflict.column('postId').doNothing())
      .execute();
    if (!article) continue;
    await send(
      new Create({ id: activityId('create'), actor, object: article, to: PUBLIC_COLLECTION, cc: article.ccId }),
    );
    result.created++;
  }

  const edited = await db
    .selectFrom('fediversePosts')
    .innerJoin('blogPosts', 'blogPosts.id', 'fediversePosts.postId')
    .select('fediversePosts.postId')
    .where('fediversePosts.edited', '=', 1)
    .where('blogPosts.status', '=', 'published')
    .limit(POSTS_PER_RUN)
    .execute();
  for (const { postId } of edited) {
    await db.updateTable('fediversePosts').set({ edited: 0 }).where('postId', '=', postId).execute();
    const article = await articleOfPost(ctx, db, postId);
    if (!article) continue;
    const update = new Update({
      id: activityId('update'),
      actor,
      object: article.clone({ updated: Temporal.Now.instant() }),
      to: PUBLIC_COLLECTION,
      cc: article.ccId,
    });
    await send(update);
    result.updated++;
  }

  const gone = await db
    .selectFrom('fediversePosts')
    .select('postId')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blogPosts')
            .select('id')
            .whereRef('blogPosts.id', '=', 'fediversePosts.postId')
            .where('blogPosts.status', '=', 'published'),
        ),
      ),
    )
    .limit(POSTS_PER_RUN)
    .execute();
  for (const { postId } of gone) {
    await db.deleteFrom('fediversePosts').where('postId', '=', postId).execute();
    const object = new Tombstone({ id: ctx.getObjectUri(Article, { id: postId }) });
    await send(new Delete({ id: activityId('delete'), actor, object, to: PUBLIC_COLLECTION }));
    result.deleted++;
  }
  return result;
}

/** Runs after every content write (the public cache's clear), in one instance at a time. */
export function postFederationJob(options: {
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
      const done = await federatePosts(options.db, options.federation, await options.origin());
      const all = done.created + done.updated + done.deleted;
      return all >= POSTS_PER_RUN ? 0 : null;
    },
  };
}
