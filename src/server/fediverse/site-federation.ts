import { createFederation, type InboxContext } from '@fedify/fedify';
import {
  Accept,
  Announce,
  Article,
  Create,
  Delete,
  Endpoints,
  Follow,
  Image,
  Like,
  Move,
  Note,
  Person,
  Reject,
  Undo,
  Update,
  isActor,
  type Activity,
} from '@fedify/vocab';
import { SITE_SETTINGS_KEY, siteSettingsSchema } from '../../domain/site-settings.js';
import { blogPostPath, excerptPath } from '../../domain/content-links.js';
import { findBlogPost } from '../content/blog/blog-posts-repository.js';
import type { AppDatabase } from '../db/connection.js';
import { newId } from '../db/row-conversion.js';
import type { OutboundRules } from '../site/http/safe-fetch.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import { movedTo } from './account-move.js';
import { ACTOR_IDENTIFIER, FEDIVERSE_PATHS } from './actor-identity.js';
import { loadActorKeyPairs, type ActorKeyPairs } from './actor-keys.js';
import { isBlocked } from './blocks-repository.js';
import { deliveryRetryPolicy } from './delivery-retry.js';
import { DatabaseKvStore } from './fediverse-kv.js';
import { DatabaseMessageQueue } from './fediverse-queue.js';
import {
  followerPage,
  countAcceptedFollowers,
  removeFollower,
  saveFollower,
  type FollowerPageRow,
} from './followers-repository.js';
import { InboxReactions } from './inbox-reactions.js';
import { InboxReplies } from './inbox-replies.js';
import { outboxPage, countOutbox } from './outbox.js';
import { noteOfExcerpt } from './excerpt-notes.js';
import { followerMoved } from './inbox-moves.js';
import { articleOfPost } from './post-articles.js';
import { safeDocumentLoader } from './remote-documents.js';
import type { SiteFederation } from './site-federation-service.js';

type Log = { error: (details: object, message: string) => void };

const FOLLOWERS_PAGE = 100;
/** Followers read per query when Fedify asks for all of them (to deliver an activity). */
const FOLLOWERS_READ = 1_000;
export type SiteFederationOptions = {
  db: AppDatabase;
  /** PUBLIC_URL's origin: the handle's host and the actor's addresses; null: each request's own host. */
  publicOrigin: string | null;
  /** Where remote documents may be fetched from (public addresses; a test's loopback stand-ins). */
  outbound: OutboundRules;
  log: Log;
  /** Clears the public pages' cache (what the fediverse changed shows there). */
  publicChanged: () => void;
};

const ORIGIN_KEY = ['site', 'origin'] as const;

const siteSettings = (db: AppDatabase) => readSettings(db, SITE_SETTINGS_KEY, siteSettingsSchema);
const followersCursor = (row: { createdAt: string; actorId: string }) => `${row.createdAt}|${row.actorId}`;
function parseFollowersCursor(cursor: string): { createdAt: string; actorId: string } | null {
  const bar = cursor.indexOf('|');
  return bar > 0 ? { createdAt: cursor.slice(0, bar), actorId: cursor.slice(bar + 1) } : null;
}

/**
 * The site as one ActivityPub actor, on Fedify (docs/fediverse.md): WebFinger, the actor with its keys, its inbox,
 * outbox and followers, NodeInfo, posts as `Article`s; its key–value store and queue in the site's database, its
 * remote fetches through the site's safe fetch. Follows are accepted at once unless Settings → Site holds them.
 */
export function createSiteFederation(options: SiteFederationOptions): SiteFederation {
  const { db } = options;
  const kv = new DatabaseKvStore(db);
  const queue = new DatabaseMessageQueue(db, options.log);
  const loader = safeDocumentLoader(options.outbound);
  const federation = createFederation<void>({
    kv,
    queue,
    manuallyStartQueue: true,
    ...(options.publicOrigin ? { origin: options.publicOrigin } : {}),
    documentLoaderFactory: () => loader,
    contextLoaderFactory: () => loader,
    authenticatedDocumentLoaderFactory: () => loader,
    outboxRetryPolicy: deliveryRetryPolicy,
  });

  let keyPairs: Promise<ActorKeyPairs> | null = null;
  const actorKeyPairs = () => {
    keyPairs ??= loadActorKeyPairs(db).catch((error: unknown) => {
      keyPairs = null;
      throw error;
    });
    return keyPairs;
  };

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

  federation
    .setFollowersDispatcher(FEDIVERSE_PATHS.followers, async (ctx, identifier, cursor) => {
      if (identifier !== ACTOR_IDENTIFIER) return null;
      const recipient = (row: FollowerPageRow) => ({
        id: new URL(row.actorId),
        inboxId: new URL(row.inbox),
        endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
      });
      // No cursor: Fedify delivering to the followers, which takes this one answer as all of them (it reads the
      // pages only when this is null), so every follower, read a large page at a time. A browser of the collection
      // is sent to its pages (the first cursor is '').
      if (cursor === null) {
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

  const replies = new InboxReplies({ db, publicChanged: options.publicChanged });
  const reactions = new InboxReactions({ db, publicChanged: options.publicChanged });
  /** Every activity of a blocked account or server is dropped before its listener. */
  const unlessBlocked =
    <T extends Activity>(listener: (ctx: InboxContext<void>, activity: T) => Promise<void>) =>
    async (ctx: InboxContext<void>, activity: T) => {
      if (activity.actorId && (await isBlocked(db, activity.actorId))) return;
      await listener(ctx, activity);
    };
  federation
    .setInboxListeners(FEDIVERSE_PATHS.inbox, FEDIVERSE_PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
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
      const settings = await siteSettings(db);
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
    })
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

  let remembered: string | null = null;
  const rememberOrigin = async (origin: string) => {
    if (options.publicOrigin || origin === remembered) return;
    remembered = origin;
    await kv.set(ORIGIN_KEY, origin);
  };
  const knownOrigin = async () => options.publicOrigin ?? remembered ?? (await kv.get<string>(ORIGIN_KEY)) ?? null;
  return { federation, queue, kv, rememberOrigin, knownOrigin };
}

/** Where a browser asking for an ActivityPub address is sent: the About page, or the post's page. */
export async function pageOfFediverseAddress(db: AppDatabase, path: string): Promise<string> {
  const post = /^\/ap\/posts\/([^/]+)$/.exec(path);
  if (post) {
    const found = await findBlogPost(db, decodeURIComponent(post[1]!));
    if (found?.status === 'published') return blogPostPath(found);
  }
  const excerpt = /^\/ap\/excerpts\/([^/]+)$/.exec(path);
  if (excerpt) {
    const found = await db
      .selectFrom('excerpts')
      .select('slug')
      .where('id', '=', decodeURIComponent(excerpt[1]!))
      .executeTakeFirst();
    if (found) return excerptPath(found);
  }
  return '/about';
}
