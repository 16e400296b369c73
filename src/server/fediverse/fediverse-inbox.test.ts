import { signRequest } from '@fedify/fedify';
import {
  Announce,
  Create,
  Delete,
  Follow,
  Like,
  Note,
  PUBLIC_COLLECTION,
  Tombstone,
  Undo,
  Update,
  type Activity,
} from '@fedify/vocab';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fediverseReactionsLine } from '../../domain/comments.js';
import { renderCommentHtml } from '../comments/comment-markdown.js';
import { addComment } from '../comments/comments-repository.js';
import { startFediverseRemote, type FediverseRemote } from '../test-support/fediverse-remote.js';
import { bearer } from '../test-support/http.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../test-support/test-app.js';
import { REPLIES_PER_SERVER_PER_MINUTE } from './inbox-replies.js';
import { noteHtmlToCommentMarkdown } from './note-text.js';

const AP = 'application/activity+json';

let remote: FediverseRemote;
let site: TestApp;
let siteOrigin: string;
let postId: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let adminKey: string;

async function drainQueue(): Promise<void> {
  for (let round = 0; round < 100; round++) if ((await site.services.fediverse.queue.runDue()) !== 0) return;
  throw new Error('the queue never emptied');
}

/** POSTs an activity to the site's shared inbox, signed with the remote account's key as Mastodon signs it. */
async function deliver(activity: Activity, options: { as?: string; tamper?: boolean } = {}): Promise<number> {
  const body = JSON.stringify(await activity.toJsonLd());
  const keyId = new URL(`${remote.context().getActorUri(options.as ?? 'reader').href}#main-key`);
  const signed = await signRequest(
    new Request(`${siteOrigin}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body }),
    remote.keyPairs[0]!.privateKey,
    keyId,
  );
  const request = options.tamper ? new Request(signed, { body: body.replace('Hello', 'Jello') }) : signed;
  return (await fetch(request)).status;
}

let noteCount = 0;
/** A Note by `as` (reader by default) in reply to `inReplyTo`, in its Create. */
function replyTo(inReplyTo: string, content: string, as = 'reader') {
  const actor = remote.context().getActorUri(as);
  const id = new URL(`${remote.origin}/notes/${as}-${++noteCount}`);
  const note = new Note({
    id,
    attribution: actor,
    replyTarget: new URL(inReplyTo),
    content,
    url: new URL(`${remote.origin}/@${as}/${noteCount}`),
    to: PUBLIC_COLLECTION,
  });
  return {
    note,
    create: new Create({ id: new URL(`${id.href}/activity`), actor, object: note, to: PUBLIC_COLLECTION }),
  };
}

const fediverseComments = () =>
  site.services.db.selectFrom('comments').selectAll().where('origin', '=', 'fediverse').orderBy('createdAt').execute();
const articleOf = (id: string) => `${siteOrigin}/ap/posts/${id}`;

beforeAll(async () => {
  remote = await startFediverseRemote({
    huge: 'N'.repeat(2 * 1024 * 1024),
    long: `Long ${'n'.repeat(50_000)}`,
    third: 'Third Reader',
  });
  site = await createTestApp({}, { outbound: loopbackStandIns([remote.port]) });
  await site.app.listen({ host: '127.0.0.1', port: 0 });
  siteOrigin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  adminKey = await openAdminSession(site.services);
  admin = site.callerWithKey(adminKey);
  postId = (await admin.blog.create({ ...validBlogPost, title: 'Ash and reply' })).id;
});

afterAll(async () => {
  await site?.close();
  await remote?.close();
});

describe('replies from the fediverse land as comments', () => {
  let replyNote: Note;

  it('a Note in reply to a published post is a held comment with its name, server and a link back; approved, it shows', async () => {
    const { note, create } = replyTo(articleOf(postId), '<p>Hello from <b>the</b> fediverse</p>');
    replyNote = note;
    expect(await deliver(create)).toBe(202);
    await drainQueue();
    const [stored] = await fediverseComments();
    expect(stored).toMatchObject({
      targetKind: 'post',
      targetId: postId,
      status: 'held',
      remoteAuthorName: 'A Reader',
      remoteAuthorServer: `127.0.0.1:${remote.port}`,
      remoteAuthorUrl: `${remote.origin}/@reader/${noteCount}`,
      remoteId: note.id!.href,
      remoteActorId: remote.actorUri.href,
      body: 'Hello from the fediverse',
    });
    const reader = site.publicCaller('127.0.0.1');
    expect((await reader.comments.thread({ targetKind: 'post', targetId: postId })).count).toBe(0);

    // The same Create again (another activity id, the same Note) stores nothing more.
    expect(
      await deliver(new Create({ id: new URL(`${note.id!.href}/again`), actor: remote.actorUri, object: note })),
    ).toBe(202);
    await drainQueue();
    expect(await fediverseComments()).toHaveLength(1);

    await admin.comments.moderate({ id: stored!.id, action: 'approve' });
    const thread = await reader.comments.thread({ targetKind: 'post', targetId: postId });
    expect(thread.comments).toMatchObject([
      {
        origin: 'fediverse',
        authorName: 'A Reader',
        authorServer: `127.0.0.1:${remote.port}`,
        authorUrl: `${remote.origin}/@reader/${noteCount}`,
      },
    ]);
  });

  it("an Update of the Note edits the comment; another account's Update or Delete changes nothing", async () => {
    const edited = replyNote.clone({ content: '<p>Hello, edited</p>' });
    expect(
      await deliver(new Update({ id: new URL(`${edited.id!.href}#u1`), actor: remote.actorUri, object: edited })),
    ).toBe(202);
    const other = remote.context().getActorUri('long');
    const forged = replyNote.clone({ content: '<p>Hello, forged</p>', attribution: other });
    expect(
      await deliver(new Update({ id: new URL(`${forged.id!.href}#u2`), actor: other, object: forged }), { as: 'long' }),
    ).toBe(202);
    expect(
      await deliver(new Delete({ id: new URL(`${replyNote.id!.href}#d0`), actor: other, object: replyNote.id }), {
        as: 'long',
      }),
    ).toBe(202);
    await drainQueue();
    const [stored] = await fediverseComments();
    expect(stored).toMatchObject({ body: 'Hello, edited', status: 'approved' });
    expect(stored!.editedAt).not.toBeNull();
  });

  it('a Delete with a Tombstone removes the comment from the page', async () => {
    const tombstone = new Tombstone({ id: replyNote.id });
    expect(
      await deliver(new Delete({ id: new URL(`${replyNote.id!.href}#d1`), actor: remote.actorUri, object: tombstone })),
    ).toBe(202);
    await drainQueue();
    const [stored] = await fediverseComments();
    expect(stored).toMatchObject({ status: 'deleted', body: '' });
    const thread = await site.publicCaller('127.0.0.1').comments.thread({ targetKind: 'post', targetId: postId });
    expect(thread.comments).toEqual([]);
  });

  it('a reply to a draft, to an unknown object or to a post with comments off is accepted and stores nothing', async () => {
    const draft = await admin.blog.create({ ...validBlogPost, title: 'Not yet', status: 'draft' });
    const closed = await admin.blog.create({ ...validBlogPost, title: 'No comments' });
    await admin.comments.setTargetOff({ targetKind: 'post', targetId: closed.id, commentsOff: true });
    for (const target of [
      articleOf(draft.id),
      articleOf('no-such-post'),
      `${remote.origin}/notes/elsewhere`,
      articleOf(closed.id),
      `${siteOrigin}/ap/actors/site`,
    ])
      expect(await deliver(replyTo(target, '<p>Hello?</p>').create)).toBe(202);
    await drainQueue();
    expect(await fediverseComments()).toHaveLength(1);
  });

  it('a tampered body is refused (401) and stores nothing', async () => {
    expect(await deliver(replyTo(articleOf(postId), '<p>Hello</p>').create, { tamper: true })).toBe(401);
    await drainQueue();
    expect(await fediverseComments()).toHaveLength(1);
  });

  it('hostile HTML is kept as text: no script, no javascript: link, web links rel="nofollow ugc"', async () => {
    const html =
      '<p>Hi <script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://example.com/a_(b)" onclick="x()">good *one*</a> *not bold* [x](javascript:y) &lt;b&gt;</p>' +
      '<style>p{}</style><p>two<br>lines</p>';
    const { create } = replyTo(articleOf(postId), html);
    expect(await deliver(create)).toBe(202);
    await drainQueue();
    const stored = (await fediverseComments()).at(-1)!;
    expect(stored.status).toBe('held');
    const rendered = renderCommentHtml(stored.body);
    expect(rendered).not.toMatch(/<script|<img|<style|onerror|onclick|href="javascript|<b>/i);
    expect(rendered.match(/<a /g)).toHaveLength(1);
    expect(rendered).toContain('<a href="https://example.com/a_%28b%29" rel="nofollow ugc noopener">good *one*</a>');
    expect(rendered).toContain('*not bold*');
    expect(rendered).toContain('&lt;b&gt;');
    expect(rendered).toContain('two<br>\nlines');
    expect(noteHtmlToCommentMarkdown('<a href="https://e.x/">unclosed')).toBe('unclosed');
    expect(noteHtmlToCommentMarkdown(`<p>${'a'.repeat(10_000)}</p>`).length).toBeLessThanOrEqual(5000);
  });

  it('an account with a 2 MB name is refused unread; a 50 KB name is cut to 60 characters', async () => {
    const before = (await fediverseComments()).length;
    expect(await deliver(replyTo(articleOf(postId), '<p>Huge</p>', 'huge').create, { as: 'huge' })).toBe(401);
    expect(await deliver(replyTo(articleOf(postId), '<p>Long</p>', 'long').create, { as: 'long' })).toBe(202);
    await drainQueue();
    const after = await fediverseComments();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.remoteAuthorName).toHaveLength(60);
    expect(after.at(-1)!.remoteAuthorName!.startsWith('Long nnn')).toBe(true);
  });

  it('1,000 replies from one server are capped per server; the rest are dropped and the site stays up', async () => {
    const before = (await fediverseComments()).length;
    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch++)
      statuses.push(
        ...(await Promise.all(
          Array.from({ length: 50 }, (_, index) =>
            deliver(replyTo(articleOf(postId), `<p>Flood ${batch}-${index}</p>`).create),
          ),
        )),
      );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    await drainQueue();
    const stored = (await fediverseComments()).length - before;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThanOrEqual(REPLIES_PER_SERVER_PER_MINUTE);
    expect((await fetch(`${siteOrigin}/ap/actors/site`, { headers: { accept: AP } })).status).toBe(200);
  }, 180_000);
});

describe('likes and boosts are counted', () => {
  const actor = (as: string) => remote.context().getActorUri(as);
  const like = (as: string, n: string, target = articleOf(postId)) =>
    new Like({ id: new URL(`${remote.origin}/likes/${as}-${n}`), actor: actor(as), object: new URL(target) });
  const boost = (as: string, n: string) =>
    new Announce({
      id: new URL(`${remote.origin}/boosts/${as}-${n}`),
      actor: actor(as),
      object: new URL(articleOf(postId)),
      to: PUBLIC_COLLECTION,
    });
  const thread = () => site.publicCaller('127.0.0.1').comments.thread({ targetKind: 'post', targetId: postId });

  it('a Like or Announce of a post counts once per account; the thread and the Overview show the figures', async () => {
    expect((await thread()).reactions).toEqual({ likes: 0, boosts: 0 });
    for (const [activity, as] of [
      [like('reader', '1'), 'reader'],
      [like('reader', '2'), 'reader'],
      [boost('reader', '1'), 'reader'],
      [like('long', '1'), 'long'],
    ] as const)
      expect(await deliver(activity, { as })).toBe(202);
    await drainQueue();
    const { reactions } = await thread();
    expect(reactions).toEqual({ likes: 2, boosts: 1 });
    expect(fediverseReactionsLine(reactions)).toBe('2 likes · 1 boost from the fediverse');
    expect(await admin.fediverse.summary()).toMatchObject({ likes: 2, boosts: 1 });
  });

  it('an Undo takes a like or boost back (carried or named); another account cannot take it back', async () => {
    const undoLike = new Undo({
      id: new URL(`${remote.origin}/likes/reader-1#undo`),
      actor: actor('reader'),
      object: like('reader', '1'),
    });
    const undoBoost = new Undo({
      id: new URL(`${remote.origin}/boosts/reader-1#undo`),
      actor: actor('reader'),
      object: new URL(`${remote.origin}/boosts/reader-1`),
    });
    const forged = new Undo({
      id: new URL(`${remote.origin}/likes/long-1#forged`),
      actor: actor('reader'),
      object: new URL(`${remote.origin}/likes/long-1`),
    });
    for (const activity of [undoLike, undoBoost, forged]) expect(await deliver(activity)).toBe(202);
    await drainQueue();
    const { reactions } = await thread();
    expect(reactions).toEqual({ likes: 1, boosts: 0 });
    expect(fediverseReactionsLine(reactions)).toBe('1 like from the fediverse');
    expect(fediverseReactionsLine({ likes: 0, boosts: 0 })).toBeNull();
  });

  it('a like of a draft or of an unknown object counts nothing; a tampered one is refused', async () => {
    const draft = await admin.blog.create({ ...validBlogPost, title: 'Draft liked', status: 'draft' });
    expect(await deliver(like('reader', 'd', articleOf(draft.id)))).toBe(202);
    expect(await deliver(like('reader', 'x', `${remote.origin}/notes/other`))).toBe(202);
    const tampered = like('reader', 'Hello');
    expect(await deliver(tampered, { tamper: true })).toBe(401);
    await drainQueue();
    expect(await site.services.db.selectFrom('fediverseReactions').select('postId').execute()).toEqual([{ postId }]);
  });
});

describe('blocks by account and by server', () => {
  const actor = (as: string) => remote.context().getActorUri(as);
  const follow = (as: string, n: string) =>
    new Follow({
      id: new URL(`${remote.origin}/follows/${as}-${n}`),
      actor: actor(as),
      object: new URL(`${siteOrigin}/ap/actors/site`),
    });
  const like = (as: string, n: string) =>
    new Like({
      id: new URL(`${remote.origin}/likes/${as}-b${n}`),
      actor: actor(as),
      object: new URL(articleOf(postId)),
    });
  const blocks = (
    method: 'GET' | 'POST' | 'DELETE',
    options: { payload?: object; query?: string; key?: string | null } = {},
  ) =>
    site.app.inject({
      method,
      url: `/api/admin/fediverse/blocks${options.query ?? ''}`,
      headers: options.key === null ? {} : bearer(options.key ?? adminKey),
      ...(options.payload ? { payload: options.payload } : {}),
    });
  const followerIds = async () =>
    (await site.services.db.selectFrom('fediverseFollowers').select('actorId').orderBy('actorId').execute()).map(
      (row) => row.actorId,
    );
  const likes = async () => (await admin.fediverse.summary()).likes;
  const host = () => `127.0.0.1:${remote.port}`;
  /** A reply from `as` on the post, shown, stored as the inbox stores one (this server's replies are over their cap). */
  const approvedReplyFrom = (as: string, body: string) =>
    addComment(site.services.db, {
      targetKind: 'post',
      targetId: postId,
      origin: 'fediverse',
      remoteAuthor: { name: as, server: host(), url: `${remote.origin}/@${as}/before` },
      remoteId: `${remote.origin}/notes/${as}-before`,
      remoteActorId: actor(as).href,
      body,
      status: 'approved',
    });

  it('bad targets are refused with 400, without the admin key 401; nothing is stored', async () => {
    for (const target of ['javascript:alert(1)', '@@', 'a b', 'x'.repeat(600), 'https://user:pw@host.example/u', 42])
      expect((await blocks('POST', { payload: { target } })).statusCode).toBe(400);
    expect((await blocks('POST', { payload: {} })).statusCode).toBe(400);
    expect((await blocks('POST', { payload: { target: 'spam.example' }, key: null })).statusCode).toBe(401);
    expect((await blocks('GET', { key: null })).statusCode).toBe(401);
    expect((await blocks('DELETE', { query: '?target=nothing.example' })).statusCode).toBe(404);
    expect((await blocks('GET')).json()).toEqual([]);
  });

  it('an account blocked by its handle: its follower row goes, its like goes, its reply is hidden, its Follow gets a Reject, its replies are dropped', async () => {
    for (const as of ['reader', 'long']) expect(await deliver(follow(as, '1'), { as })).toBe(202);
    await drainQueue();
    // What it left before the block: its like of the post (counted above), and a reply the author approved.
    const db = site.services.db;
    const reactionsOfLong = await db
      .selectFrom('fediverseReactions')
      .select('kind')
      .where('actorId', '=', actor('long').href)
      .execute();
    expect(reactionsOfLong.length).toBeGreaterThan(0);
    const replyId = await approvedReplyFrom('long', 'Before the block');
    const repliesOfLong = (await fediverseComments()).filter(
      (comment) => comment.remoteActorId === actor('long').href && ['held', 'approved'].includes(comment.status),
    );
    expect(await followerIds()).toEqual([actor('long').href, actor('reader').href]);
    const likesBefore = await likes();
    const added = await blocks('POST', { payload: { target: `@LONG@${host()}` } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      target: `@long@${host()}`,
      kind: 'account',
      removedFollowers: 1,
      removedReactions: reactionsOfLong.length,
      hiddenComments: repliesOfLong.length,
    });
    expect(await followerIds()).toEqual([actor('reader').href]);
    expect(await likes()).toBe(likesBefore - reactionsOfLong.filter((reaction) => reaction.kind === 'like').length);
    // Hidden, not deleted: the author can still show it.
    const hidden = await db.selectFrom('comments').select('status').where('id', '=', replyId).execute();
    expect(hidden).toEqual([{ status: 'hidden' }]);

    const before = (await fediverseComments()).length;
    expect(await deliver(follow('long', '2'), { as: 'long' })).toBe(202);
    expect(await deliver(replyTo(articleOf(postId), '<p>Blocked reply</p>', 'long').create, { as: 'long' })).toBe(202);
    await drainQueue();
    expect(await followerIds()).toEqual([actor('reader').href]);
    expect((await fediverseComments()).length).toBe(before);
    // The remote server's Fedify took the Reject only after checking the site's signature.
    expect(remote.received.filter((activity) => activity.type === 'Reject')).toMatchObject([
      { actor: `${siteOrigin}/ap/actors/site` },
    ]);
  });

  it('an account blocked by its address and a whole server: what they left goes, their activities are dropped; unblocked, they count again', async () => {
    const db = site.services.db;
    /** Likes and boosts, and shown or waiting replies, of the accounts whose actor address starts with `prefix`. */
    const leftBy = async (prefix: string) => ({
      reactions: (await db.selectFrom('fediverseReactions').select('actorId').execute()).filter((row) =>
        row.actorId.startsWith(prefix),
      ).length,
      replies: (await fediverseComments()).filter(
        (comment) => comment.remoteActorId?.startsWith(prefix) && ['held', 'approved'].includes(comment.status),
      ).length,
    });
    const byReader = await leftBy(actor('reader').href);
    expect(byReader.replies).toBeGreaterThan(0);
    const account = await blocks('POST', { payload: { target: actor('reader').href } });
    expect(account.json()).toMatchObject({
      target: actor('reader').href,
      kind: 'account',
      removedFollowers: 1,
      removedReactions: byReader.reactions,
      hiddenComments: byReader.replies,
    });
    expect(await leftBy(actor('reader').href)).toEqual({ reactions: 0, replies: 0 });
    const likesBefore = await likes();
    expect(await followerIds()).toEqual([]);
    expect(await deliver(like('reader', '1'))).toBe(202);
    await drainQueue();
    expect(await likes()).toBe(likesBefore);

    // Another account of that server, with a reply shown.
    await approvedReplyFrom('third', 'Before the server block');
    const byServer = await leftBy(`http://${host()}/`);
    expect(byServer.replies).toBeGreaterThan(0);
    const server = await blocks('POST', { payload: { target: `http://${host()}/` } });
    expect(server.json()).toMatchObject({
      target: host(),
      kind: 'server',
      removedFollowers: 0,
      removedReactions: byServer.reactions,
      hiddenComments: byServer.replies,
    });
    expect(await leftBy(`http://${host()}/`)).toEqual({ reactions: 0, replies: 0 });
    // The count from here on: without the server's likes.
    const likesLeft = await likes();
    expect(likesLeft).toBeLessThanOrEqual(likesBefore);
    expect(await deliver(follow('reader', '3'))).toBe(202);
    expect(await deliver(like('reader', '3'))).toBe(202);
    await drainQueue();
    expect(await followerIds()).toEqual([]);
    expect(await likes()).toBe(likesLeft);
    expect((await blocks('GET')).json()).toHaveLength(3);

    // Lifting the server block alone is not enough: the account's own block still holds.
    expect((await blocks('DELETE', { query: `?target=${encodeURIComponent(host())}` })).statusCode).toBe(204);
    expect(await deliver(like('reader', '4'))).toBe(202);
    await drainQueue();
    expect(await likes()).toBe(likesLeft);
    expect((await blocks('DELETE', { query: `?target=${encodeURIComponent(actor('reader').href)}` })).statusCode).toBe(
      204,
    );
    expect(await deliver(like('reader', '2'))).toBe(202);
    await drainQueue();
    expect(await likes()).toBe(likesLeft + 1);
    expect((await blocks('GET')).json()).toMatchObject([{ target: `@long@${host()}`, kind: 'account' }]);
  });
});

describe('followers: the CSV export and follows held for approval', () => {
  const actor = (as: string) => remote.context().getActorUri(as);
  const follow = (as: string, n: string) =>
    new Follow({
      id: new URL(`${remote.origin}/follows/${as}-h${n}`),
      actor: actor(as),
      object: new URL(`${siteOrigin}/ap/actors/site`),
    });
  const csv = (key: string | null = adminKey) =>
    site.app.inject({ url: '/api/admin/fediverse/followers.csv', headers: key ? bearer(key) : {} });
  const statusOf = async (as: string) =>
    (
      await site.services.db
        .selectFrom('fediverseFollowers')
        .select('status')
        .where('actorId', '=', actor(as).href)
        .executeTakeFirst()
    )?.status;

  it('a held follow waits; approved, it follows and gets a signed Accept; rejected, it is forgotten with a Reject', async () => {
    await admin.site.update({ fediverse: { handle: 'author', holdFollows: true } });
    const accepts = () => remote.received.filter((activity) => activity.type === 'Accept').length;
    const rejects = () => remote.received.filter((activity) => activity.type === 'Reject').length;
    const [acceptsBefore, rejectsBefore] = [accepts(), rejects()];
    for (const as of ['third', 'reader']) expect(await deliver(follow(as, '1'), { as })).toBe(202);
    await drainQueue();
    expect([await statusOf('third'), await statusOf('reader')]).toEqual(['pending', 'pending']);
    expect(accepts()).toBe(acceptsBefore);
    const waiting = await admin.fediverse.followers({ status: 'pending' });
    expect(waiting.items.map((row) => row.handle).sort()).toEqual([
      `@reader@127.0.0.1:${remote.port}`,
      `@third@127.0.0.1:${remote.port}`,
    ]);

    await admin.fediverse.answerFollow({ actorId: actor('third').href, approve: true });
    await admin.fediverse.answerFollow({ actorId: actor('reader').href, approve: false });
    await drainQueue();
    expect([await statusOf('third'), await statusOf('reader')]).toEqual(['accepted', undefined]);
    expect(accepts()).toBe(acceptsBefore + 1);
    expect(rejects()).toBe(rejectsBefore + 1);
    // Answered once: a second answer, or one for an account with no waiting follow, is 404.
    await expect(admin.fediverse.answerFollow({ actorId: actor('third').href, approve: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(admin.fediverse.answerFollow({ actorId: 'javascript:alert(1)', approve: true })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    await admin.site.update({ fediverse: { handle: 'author', holdFollows: false } });
  });

  it('GET /api/admin/fediverse/followers.csv: one row per follower (handle, actor URL, followed at), every page; 401 without the key', async () => {
    expect((await csv(null)).statusCode).toBe(401);
    const many = Array.from({ length: 620 }, (_, index) => ({
      actorId: `https://far${index}.example/users/x`,
      handle: `@x@far${index}.example`,
      server: `far${index}.example`,
      inbox: `https://far${index}.example/inbox`,
      sharedInbox: null,
      followId: `https://far${index}.example/follows/1`,
      status: 'accepted' as const,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(),
    }));
    await site.services.db.insertInto('fediverseFollowers').values(many).execute();
    const answer = await csv();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('handle,actorUrl,followedAt');
    expect(lines).toHaveLength(1 + 620 + 1);
    expect(lines[1]).toBe('@x@far0.example,https://far0.example/users/x,2026-01-01T00:00:00.000Z');
    expect(lines.at(-1)).toMatch(new RegExp(`^@third@127\\.0\\.0\\.1:${remote.port},${actor('third').href},`));
  });
});
