import { createFederation, type Federation } from '@fedify/fedify';
import { Article, Endpoints, Image, Note, Person } from '@fedify/vocab';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import type { AppDatabase } from '../db/connection.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import { movedTo } from './account-move.js';
import { ACTOR_IDENTIFIER, FEDIVERSE_PATHS } from './actor-identity.js';
import { loadActorKeyPairs, type ActorKeyPairs } from './actor-keys.js';
import { deliveryRetryPolicy } from './delivery-retry.js';
import type { DatabaseKvStore } from './fediverse-kv.js';
import type { DatabaseMessageQueue } from './fediverse-queue.js';
import { followerPage, countAcceptedFollowers, type FollowerPageRow } from './followers-repository.js';
import { setInboxListeners } from './inbox-listeners.js';
import { outboxPage, countOutbox } from './outbox.js';
import { noteOfExcerpt } from './excerpt-notes.js';
import { articleOfPost } from './post-articles.js';
import { safeDocumentLoader } from './remote-documents.js';
import type { SiteFederationOptions } from './site-federation-service.js';

type SiteFederationParts = SiteFederationOptions & { kv: DatabaseKvStore; queue: DatabaseMessageQueue };

const FOLLOWERS_PAGE = 100;
/** Followers read per query when Fedify asks for all of them (to deliver an activity). */
const FOLLOWERS_READ = 1_000;

const siteSettings = (db: AppDatabase) => readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema);

/**
 * The site as one ActivityPub actor, on Fedify (docs/fediverse.md): WebFinger, the actor with its keys, its inbox
 * (inbox-listeners.ts), outbox and followers, NodeInfo, posts as `Article`s and excerpts as `Note`s; its key–value
 * store and queue in the site's database, its remote fetches through the site's safe fetch. Built once, on first use
 * (site-federation-service.ts).
 */
export function buildFederation(parts: SiteFederationParts): Federation<void> {
  const { db } = parts;
  const loader = safeDocumentLoader(parts.outbound);
  const federation = createFederation<void>({
    kv: parts.kv,
    queue: parts.queue,
    manuallyStartQueue: true,
    ...(parts.publicOrigin ? { origin: parts.publicOrigin } : {}),
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => loader,
    authenticatedDocumentLoaderFactory: () => loader,
    outboxRetryPolicy: deliveryRetryPolicy,
  });
  setActor(federation, db);
  setFollowers(federation, db);
  federation
    .setOutboxDispatcher(FEDIVERSE_PATHS.outbox, (ctx, identifier, cursor) =>
      identifier === ACTOR_IDENTIFIER ? outboxPage(ctx, db, cursor) : null,
    )
    .setFirstCursor(() => '0')
    .setCounter(() => countOutbox(db));
  federation.setObjectDispatcher(
    Article,
    FEDIVERSE_PATHS.article,
    async (ctx, values) => (await articleOfPost(ctx, db, values.id)) ?? null,
  );
  federation.setObjectDispatcher(
    Note,
    FEDIVERSE_PATHS.excerpt,
    async (ctx, values) => (await noteOfExcerpt(ctx, db, values.id)) ?? null,
  );
  setNodeInfo(federation, db);
  setInboxListeners(federation, { db, publicChanged: parts.publicChanged });
  return federation;
}

/** The key pairs, read (or made) once; a failed read is tried again by the next caller. */
function actorKeyPairsOnce(db: AppDatabase): () => Promise<ActorKeyPairs> {
  let keyPairs: Promise<ActorKeyPairs> | null = null;
  return () => {
    keyPairs ??= loadActorKeyPairs(db).catch((error: unknown) => {
      keyPairs = null;
      throw error;
    });
    return keyPairs;
  };
}

/** The actor (a `Person` named by Settings → Site), its handle for WebFinger and its key pairs. */
function setActor(federation: Federation<void>, db: AppDatabase): void {
  const actorKeyPairs = actorKeyPairsOnce(db);
  federation
    .setActorDispatcher(FEDIVERSE_PATHS.actor, async (ctx, identifier) => {
      if (identifier !== ACTOR_IDENTIFIER) return null;
      const settings = await siteSettings(db);
      const keys = await ctx.getActorKeyPairs(identifier);
      const successor = await movedTo(db);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: settings.fediverse.handle,
        name: settings.about.authorName,
        summary: settings.seo.description || null,
        url: new URL('/about', ctx.origin),
        icon: new Image({ url: new URL(settings.about.portrait, ctx.origin) }),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: settings.fediverse.holdFollows,
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((key) => key.multikey),
        aliases: settings.fediverse.aliases.map((alias) => new URL(alias)),
        successor: successor ? new URL(successor) : null,
      });
    })
    .mapHandle(async (_ctx, username) => {
      const settings = await siteSettings(db);
      return username.toLowerCase() === settings.fediverse.handle.toLowerCase() ? ACTOR_IDENTIFIER : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === ACTOR_IDENTIFIER ? actorKeyPairs() : []));
}

const followersCursor = (row: { createdAt: string; actorId: string }) => `${row.createdAt}|${row.actorId}`;
function parseFollowersCursor(cursor: string): { createdAt: string; actorId: string } | null {
  const bar = cursor.indexOf('|');
  return bar > 0 ? { createdAt: cursor.slice(0, bar), actorId: cursor.slice(bar + 1) } : null;
}

const recipient = (row: FollowerPageRow) => ({
  id: new URL(row.actorId),
  inboxId: new URL(row.inbox),
  endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
});

/** Every accepted follower, read a large page at a time: what Fedify delivers an activity to. */
async function allFollowers(db: AppDatabase) {
  const items = [];
  let after: { createdAt: string; actorId: string } | null = null;
  for (;;) {
    const rows = await followerPage(db, { status: 'accepted', limit: FOLLOWERS_READ, after });
    items.push(...rows.map(recipient));
    const last = rows.at(-1);
    if (rows.length < FOLLOWERS_READ || !last) return { items };
    after = last;
    // SQLite reads on this thread: the site's requests get their turn between the pages.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The followers collection: its pages for a browser of it, all of them at once for a delivery. */
function setFollowers(federation: Federation<void>, db: AppDatabase): void {
  federation
    .setFollowersDispatcher(FEDIVERSE_PATHS.followers, async (_ctx, identifier, cursor) => {
      if (identifier !== ACTOR_IDENTIFIER) return null;
      // No cursor: Fedify delivering to the followers, which takes this one answer as all of them (it reads the
      // pages only when this is null). A browser of the collection is sent to its pages (the first cursor is '').
      if (cursor === null) return allFollowers(db);
      const after = cursor === '' ? null : parseFollowersCursor(cursor);
      const rows = await followerPage(db, { status: 'accepted', limit: FOLLOWERS_PAGE, after });
      const last = rows.at(-1);
      return {
        items: rows.map(recipient),
        nextCursor: rows.length === FOLLOWERS_PAGE && last ? followersCursor(last) : null,
      };
    })
    .setFirstCursor(() => '')
    .setCounter((_ctx, identifier) => (identifier === ACTOR_IDENTIFIER ? countAcceptedFollowers(db) : null));
}

/** NodeInfo: the software, one user and the published posts. */
function setNodeInfo(federation: Federation<void>, db: AppDatabase): void {
  federation.setNodeInfoDispatcher(FEDIVERSE_PATHS.nodeInfo, async () => {
    const posts = await db
      .selectFrom('blogPosts')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('status', '=', 'published')
      .executeTakeFirstOrThrow();
    return {
      software: { name: 'throne-of-ash-site', version: '1.0.0' },
      protocols: ['activitypub'],
      openRegistrations: false,
      usage: {
        users: { total: 1, activeHalfyear: 1, activeMonth: 1 },
        localPosts: Number(posts.count),
        localComments: 0,
      },
    };
  });
}
