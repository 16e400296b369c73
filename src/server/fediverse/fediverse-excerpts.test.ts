import { Create, Note, PUBLIC_COLLECTION } from '@fedify/vocab';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoilerBadgeFor } from '../../domain/excerpts.js';
import { startFediverseRemote, type FediverseRemote } from '../test-support/fediverse-remote.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, validBook, validExcerpt, type TestApp } from '../test-support/test-app.js';
import { federateExcerpts, federatePosts } from './content-federation.js';
import { signRequest } from '@fedify/fedify';

const AP = 'application/activity+json';

let remote: FediverseRemote;
let site: TestApp;
let siteOrigin: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let bookId: string;

async function drainQueue(): Promise<void> {
  for (let round = 0; round < 100; round++) if ((await site.services.fediverse.queue.runDue()) !== 0) return;
  throw new Error('the queue never emptied');
}

/** What the content-federation job does after a content write, excerpts' part. */
async function federateAndDeliver() {
  const done = await federateExcerpts(site.services.db, site.services.fediverse);
  await drainQueue();
  return done;
}

const received = (type: string) => remote.received.filter((activity) => activity.type === type);
const compact = async (index: number, type: string) =>
  (await received(type)[index]!.object!.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
const setSharing = (shareExcerpts: boolean) =>
  admin.site.update({ fediverse: { handle: 'author', holdFollows: false, shareExcerpts, aliases: [] } });

beforeAll(async () => {
  remote = await startFediverseRemote();
  site = await createTestApp({}, { outbound: loopbackStandIns([remote.port]) });
  await site.app.listen({ host: '127.0.0.1', port: 0 });
  siteOrigin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
  admin = site.callerWithKey(await openAdminSession(site.services));
  bookId = (await admin.books.create({ ...validBook, title: 'The Throne of Ash' })).id;
  await remote.follow(`${siteOrigin}/ap/actors/site`);
  await drainQueue();
});

afterAll(async () => {
  await site?.close();
  await remote?.close();
});

describe('excerpts on the fediverse', () => {
  it('while "Share new excerpts" is off (the default) an excerpt goes nowhere, and turning it on later sends none of the old ones', async () => {
    const quiet = await admin.excerpts.create({ ...validExcerpt(bookId), title: 'Quiet' });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });
    await setSharing(true);
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });
    // Its edit and its deletion, each seen by a run of its own: the followers never had it, so neither is sent.
    await admin.excerpts.update({ id: quiet.id, data: { ...validExcerpt(bookId), title: 'Quiet, edited' } });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });
    await admin.excerpts.delete({ id: quiet.id });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });
    // The follower got only the Accept of its follow.
    expect(remote.received.map((activity) => activity.type)).toEqual(['Accept']);
  });

  it('a major-spoiler excerpt goes out as a signed Create of a Note with the level and book as its content warning', async () => {
    const excerpt = await admin.excerpts.create({
      ...validExcerpt(bookId),
      title: 'The <Fall>',
      content: 'The **crown** broke.',
      spoilerLevel: 'major',
    });
    expect(await federateAndDeliver()).toEqual({ created: 1, updated: 0, deleted: 0 });
    const note = await compact(0, 'Create');
    expect(note).toMatchObject({
      type: 'Note',
      id: `${siteOrigin}/ap/excerpts/${excerpt.id}`,
      attributedTo: `${siteOrigin}/ap/actors/site`,
      url: `${siteOrigin}/excerpts/${excerpt.slug}`,
      sensitive: true,
      summary: `${spoilerBadgeFor('major').label}: The Throne of Ash`,
    });
    expect(note.content).toContain('<strong>crown</strong>');
    expect(note.content).toContain('<strong>The &#60;Fall&#62;</strong> — from <em>The Throne of Ash</em>');
    // Nothing new: nothing sent again; a post run does not send the excerpt either.
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });
    expect(await federatePosts(site.services.db, site.services.fediverse)).toEqual({
      created: 0,
      updated: 0,
      deleted: 0,
    });

    // Dereferenceable, and a browser is sent to its page.
    const served = await fetch(`${siteOrigin}/ap/excerpts/${excerpt.id}`, { headers: { accept: AP } });
    expect(((await served.json()) as { summary: string }).summary).toBe('Major Spoilers: The Throne of Ash');
    const browser = await fetch(`${siteOrigin}/ap/excerpts/${excerpt.id}`, { redirect: 'manual' });
    expect(browser.headers.get('location')).toBe(`/excerpts/${excerpt.slug}`);

    // An edit to no spoilers: Update without a content warning.
    await admin.excerpts.update({ id: excerpt.id, data: { ...validExcerpt(bookId), title: 'The Fall' } });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 1, deleted: 0 });
    const updated = await compact(0, 'Update');
    expect(updated.id).toBe(`${siteOrigin}/ap/excerpts/${excerpt.id}`);
    expect(updated.summary).toBeUndefined();
    expect(updated.sensitive).toBe(false);

    await admin.excerpts.delete({ id: excerpt.id });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 1 });
    expect(received('Delete')[0]!.object?.id?.href).toBe(`${siteOrigin}/ap/excerpts/${excerpt.id}`);
    const gone = await fetch(`${siteOrigin}/ap/excerpts/${excerpt.id}`, { headers: { accept: AP } });
    expect(gone.status).toBe(404);
  });

  it('the outbox lists the Create of each shared excerpt and published post, newest first', async () => {
    const excerpt = await admin.excerpts.create({ ...validExcerpt(bookId), title: 'Minor', spoilerLevel: 'minor' });
    await federateAndDeliver();
    const post = await admin.blog.create({ ...validBlogPost });
    await federatePosts(site.services.db, site.services.fediverse);
    await drainQueue();
    const outbox = (await (await fetch(`${siteOrigin}/ap/actors/site/outbox`, { headers: { accept: AP } })).json()) as {
      totalItems: number;
      first: string;
    };
    expect(outbox.totalItems).toBe(2);
    const page = (await (await fetch(outbox.first, { headers: { accept: AP } })).json()) as {
      orderedItems: Array<{ type: string; object: { id: string; summary?: string } }>;
    };
    const ids = page.orderedItems.map((item) => item.object.id);
    expect(new Set(ids)).toEqual(
      new Set([`${siteOrigin}/ap/excerpts/${excerpt.id}`, `${siteOrigin}/ap/posts/${post.id}`]),
    );
    expect(page.orderedItems.every((item) => item.type === 'Create')).toBe(true);
    const note = page.orderedItems.find((item) => item.object.id.includes('/excerpts/'));
    expect(note?.object.summary).toBe(`${spoilerBadgeFor('minor').label}: The Throne of Ash`);
  });

  it('a reply to a shared excerpt lands as a held comment under it', async () => {
    const excerpt = await admin.excerpts.create({ ...validExcerpt(bookId), title: 'Replied to' });
    await federateAndDeliver();
    const actor = remote.actorUri;
    const id = new URL(`${remote.origin}/notes/excerpt-reply`);
    const note = new Note({
      id,
      attribution: actor,
      replyTarget: new URL(`${siteOrigin}/ap/excerpts/${excerpt.id}`),
      content: '<p>Chilling.</p>',
      to: PUBLIC_COLLECTION,
    });
    const create = new Create({ id: new URL(`${id.href}/activity`), actor, object: note, to: PUBLIC_COLLECTION });
    const signed = await signRequest(
      new Request(`${siteOrigin}/ap/inbox`, {
        method: 'POST',
        headers: { 'content-type': AP },
        body: JSON.stringify(await create.toJsonLd()),
      }),
      remote.keyPairs[0]!.privateKey,
      new URL(`${actor.href}#main-key`),
    );
    expect((await fetch(signed)).status).toBe(202);
    await drainQueue();
    const comments = await site.services.db
      .selectFrom('comments')
      .select(['targetKind', 'targetId', 'status', 'body'])
      .where('origin', '=', 'fediverse')
      .execute();
    expect(comments).toEqual([{ targetKind: 'excerpt', targetId: excerpt.id, status: 'held', body: 'Chilling.' }]);
  });
});
