import { signRequest } from '@fedify/fedify';
import { Follow, Undo, isActor, type Actor } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFediverseRemote, type FediverseRemote } from '../test-support/fediverse-remote.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../test-support/test-app.js';
import { federatePosts } from './content-federation.js';

const AP = 'application/activity+json';

let remote: FediverseRemote;
let site: TestApp;
let siteOrigin: string;
let siteActor: Actor;

/** Runs the site's fediverse queue until nothing more is due now (the job runner does it in production). */
async function drainQueue(): Promise<void> {
  for (let round = 0; round < 100; round++) if ((await site.services.fediverse.queue.runDue()) !== 0) return;
  throw new Error('the queue never emptied');
}

/** What the post-federation job does after a content write. */
async function federateAndDeliver() {
  const done = await federatePosts(site.services.db, site.services.fediverse);
  await drainQueue();
  return done;
}

const followers = () => site.services.db.selectFrom('fediverseFollowers').selectAll().execute();

beforeAll(async () => {
  remote = await startFediverseRemote();
  site = await createTestApp({}, { outbound: loopbackStandIns([remote.port]) });
  await site.app.listen({ host: '127.0.0.1', port: 0 });
  siteOrigin = `http://127.0.0.1:${(site.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await site?.close();
  await remote?.close();
});

describe('the site as an ActivityPub actor', () => {
  it('WebFinger answers acct:author@<host:port> with a self link to the actor; another handle is not found', async () => {
    const host = new URL(siteOrigin).host;
    const answer = await fetch(`${siteOrigin}/.well-known/webfinger?resource=acct:author@${host}`);
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      subject: string;
      links: Array<{ rel: string; type?: string; href?: string }>;
    };
    expect(body.subject).toBe(`acct:author@${host}`);
    const self = body.links.find((link) => link.rel === 'self');
    expect(self).toEqual({ rel: 'self', type: AP, href: `${siteOrigin}/ap/actors/site` });
    const other = await fetch(`${siteOrigin}/.well-known/webfinger?resource=acct:someone@${host}`);
    expect(other.status).toBe(404);
  });

  it('the handle set in Settings → Site is the one WebFinger and the actor answer to', async () => {
    const admin = site.callerWithKey(await openAdminSession(site.services));
    await admin.site.update({ fediverse: { handle: 'delphine', holdFollows: false } });
    const host = new URL(siteOrigin).host;
    expect((await fetch(`${siteOrigin}/.well-known/webfinger?resource=acct:delphine@${host}`)).status).toBe(200);
    expect((await fetch(`${siteOrigin}/.well-known/webfinger?resource=acct:author@${host}`)).status).toBe(404);
    const actor = (await (await fetch(`${siteOrigin}/ap/actors/site`, { headers: { accept: AP } })).json()) as {
      preferredUsername: string;
    };
    expect(actor.preferredUsername).toBe('delphine');
    await admin.site.update({ fediverse: { handle: 'author', holdFollows: false } });
  });

  it('the actor, with inbox, outbox, followers and its public key, goes to ActivityPub clients; a browser is sent to /about', async () => {
    const answer = await fetch(`${siteOrigin}/ap/actors/site`, { headers: { accept: AP } });
    expect(answer.status).toBe(200);
    const actor = (await answer.json()) as Record<string, unknown> & {
      publicKey: { publicKeyPem: string; owner: string };
    };
    expect(actor.type).toBe('Person');
    expect(actor.inbox).toBe(`${siteOrigin}/ap/actors/site/inbox`);
    expect(actor.outbox).toBe(`${siteOrigin}/ap/actors/site/outbox`);
    expect(actor.followers).toBe(`${siteOrigin}/ap/actors/site/followers`);
    expect(actor.publicKey.owner).toBe(`${siteOrigin}/ap/actors/site`);
    expect(actor.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY');
    const stored = await site.services.db.selectFrom('fediverseKeys').select('algorithm').execute();
    expect(stored.map((row) => row.algorithm).sort()).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);

    const browser = await fetch(`${siteOrigin}/ap/actors/site`, {
      headers: { accept: 'text/html' },
      redirect: 'manual',
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/about');
  });

  it('NodeInfo is linked from /.well-known/nodeinfo and names the software and ActivityPub', async () => {
    const links = (await (await fetch(`${siteOrigin}/.well-known/nodeinfo`)).json()) as {
      links: Array<{ href: string }>;
    };
    expect(links.links[0]!.href).toBe(`${siteOrigin}/nodeinfo/2.1`);
    const info = (await (await fetch(links.links[0]!.href)).json()) as {
      protocols: string[];
      software: { name: string };
    };
    expect(info.protocols).toEqual(['activitypub']);
    expect(info.software.name).toBe('throne-of-ash-site');
  });

  it('a Follow signed by a remote account is accepted: the follower is kept and a signed Accept reaches its inbox', async () => {
    const looked = await remote.context().lookupObject(`${siteOrigin}/ap/actors/site`);
    expect(looked && isActor(looked)).toBe(true);
    siteActor = looked as Actor;
    await remote
      .context()
      .sendActivity(
        { identifier: 'reader' },
        siteActor,
        new Follow({ id: new URL(`${remote.origin}/follows/1`), actor: remote.actorUri, object: siteActor.id }),
      );
    await drainQueue();
    expect(await followers()).toMatchObject([
      { actorId: remote.actorUri.href, handle: `@reader@127.0.0.1:${remote.port}`, status: 'accepted' },
    ]);
    // The remote server's Fedify took the Accept only after checking its signature with the site's published key.
    const accept = remote.received.find((activity) => activity.type === 'Accept');
    expect(accept?.actor).toBe(`${siteOrigin}/ap/actors/site`);
    const collection = (await (
      await fetch(`${siteOrigin}/ap/actors/site/followers`, { headers: { accept: AP } })
    ).json()) as {
      totalItems: number;
    };
    expect(collection.totalItems).toBe(1);
  });

  it('an inbox POST with a tampered body or a date two hours off is refused (401) and changes nothing', async () => {
    const follow = new Follow({
      id: new URL(`${remote.origin}/follows/tampered`),
      actor: remote.actorUri,
      object: siteActor.id,
    });
    const body = JSON.stringify(await follow.toJsonLd());
    const keyId = new URL(`${remote.actorUri.href}#main-key`);
    const inbox = `${siteOrigin}/ap/actors/site/inbox`;
    const signed = await signRequest(
      new Request(inbox, { method: 'POST', headers: { 'content-type': AP }, body }),
      remote.keyPairs[0]!.privateKey,
      keyId,
    );
    const tampered = new Request(signed, { body: body.replace('tampered', 'tampere2') });
    expect((await fetch(tampered)).status).toBe(401);

    const skewed = await signRequest(
      new Request(inbox, { method: 'POST', headers: { 'content-type': AP }, body }),
      remote.keyPairs[0]!.privateKey,
      keyId,
      { currentTime: Temporal.Now.instant().subtract({ hours: 2 }) },
    );
    expect((await fetch(skewed)).status).toBe(401);
    await drainQueue();
    expect(await followers()).toHaveLength(1);
    expect((await followers())[0]!.followId).toBe(`${remote.origin}/follows/1`);
  });

  it('a published post reaches the follower as a signed Create of a full Article; a draft does not', async () => {
    const admin = site.callerWithKey(await openAdminSession(site.services));
    await admin.blog.create({ ...validBlogPost, title: 'Draft only', status: 'draft' });
    const post = await admin.blog.create({ ...validBlogPost, content: 'The **ash** falls.', tags: ['Ash Throne'] });
    expect(await federateAndDeliver()).toEqual({ created: 1, updated: 0, deleted: 0 });
    const creates = remote.received.filter((activity) => activity.type === 'Create');
    expect(creates).toHaveLength(1);
    const article = (await creates[0]!.object!.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    expect(article).toMatchObject({
      type: 'Article',
      id: `${siteOrigin}/ap/posts/${post.id}`,
      name: 'Chapter drop',
      summary: 'A new chapter for subscribers.',
      url: `${siteOrigin}/blog/${post.slug}`,
      attributedTo: `${siteOrigin}/ap/actors/site`,
      image: { type: 'Image', url: 'https://example.com/cover.png' },
      tag: { type: 'Hashtag', name: '#ash-throne' },
    });
    expect(article.content).toContain('<strong>ash</strong>');
    // Nothing new: nothing sent again.
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 0 });

    const served = await fetch(`${siteOrigin}/ap/posts/${post.id}`, { headers: { accept: AP } });
    expect(((await served.json()) as { name: string }).name).toBe('Chapter drop');

    await admin.blog.update({ id: post.id, data: { ...validBlogPost, title: 'Chapter drop, revised' } });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 1, deleted: 0 });
    const update = remote.received.find((activity) => activity.type === 'Update');
    expect(update?.object?.id?.href).toBe(`${siteOrigin}/ap/posts/${post.id}`);

    await admin.blog.update({ id: post.id, data: { ...validBlogPost, status: 'draft' } });
    expect(await federateAndDeliver()).toEqual({ created: 0, updated: 0, deleted: 1 });
    expect(remote.received.filter((activity) => activity.type === 'Delete')).toHaveLength(1);
    const gone = await fetch(`${siteOrigin}/ap/posts/${post.id}`, { headers: { accept: AP } });
    expect(gone.status).toBe(404);
  });

  it('an Undo of the Follow removes the follower', async () => {
    await remote.context().sendActivity(
      { identifier: 'reader' },
      siteActor,
      new Undo({
        id: new URL(`${remote.origin}/follows/1#undo`),
        actor: remote.actorUri,
        object: new Follow({ id: new URL(`${remote.origin}/follows/1`), actor: remote.actorUri, object: siteActor.id }),
      }),
    );
    await drainQueue();
    expect(await followers()).toEqual([]);
  });
});
