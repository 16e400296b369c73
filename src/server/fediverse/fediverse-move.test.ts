import { Move, isActor, type Actor } from '@fedify/vocab';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFediverseRemote, type FediverseRemote } from '../test-support/fediverse-remote.js';
import { bearer, expectError } from '../test-support/http.js';
import { loopbackStandIns } from '../test-support/outbound.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

const AP = 'application/activity+json';

/** Two instances of the site on loopback (the old domain and the new one) and a Mastodon stand-in following them. */
let remote: FediverseRemote;
let oldSite: TestApp;
let newSite: TestApp;
let oldActor: string;
let newActor: string;
let oldKey: string;

const listen = async (app: TestApp) => {
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  return (app.app.server.address() as AddressInfo).port;
};
const drain = async (app: TestApp) => {
  for (let round = 0; round < 100; round++) if ((await app.services.fediverse.queue.runDue()) !== 0) return;
  throw new Error('the queue never emptied');
};
const actorJson = async (uri: string) =>
  (await (await fetch(uri, { headers: { accept: AP } })).json()) as Record<string, unknown>;
const followersOf = (app: TestApp) =>
  app.services.db.selectFrom('fediverseFollowers').select(['actorId', 'handle', 'status']).execute();
const moveTo = (target: unknown, key: string | null = oldKey) =>
  oldSite.app.inject({
    method: 'POST',
    url: '/api/admin/fediverse/move',
    headers: key ? bearer(key) : {},
    payload: { target },
  });
const moveStatus = async () =>
  (await oldSite.app.inject({ url: '/api/admin/fediverse/move', headers: bearer(oldKey) })).json();

beforeAll(async () => {
  remote = await startFediverseRemote(
    { newreader: 'A Reader, moved', stranger: 'Someone else' },
    { newreader: ['/users/reader'] },
  );
  newSite = await createTestApp({}, { outbound: loopbackStandIns([remote.port]) });
  const newPort = await listen(newSite);
  oldSite = await createTestApp({}, { outbound: loopbackStandIns([remote.port, newPort]) });
  const oldPort = await listen(oldSite);
  oldActor = `http://127.0.0.1:${oldPort}/ap/actors/site`;
  newActor = `http://127.0.0.1:${newPort}/ap/actors/site`;
  oldKey = await openAdminSession(oldSite.services);
  await remote.follow(oldActor);
  await drain(oldSite);
});

afterAll(async () => {
  await oldSite?.close();
  await newSite?.close();
  await remote?.close();
});

describe('moving the account to a new domain (Move)', () => {
  it('a move to an account that does not list this one among its aliases is refused with a 400 that says so', async () => {
    expectError(await moveTo(newActor), 400, /does not list this account .* among its aliases/);
    expectError(await moveTo(remote.actorUri.href), 400, /does not list this account/);
    expectError(await moveTo('javascript:alert(1)'), 400, /actor address/);
    expectError(await moveTo(oldActor), 400, /cannot be this one/);
    expectError(await moveTo('http://127.0.0.1:9/users/nobody'), 400, /No fediverse account could be read/);
    expect((await moveTo(newActor, null)).statusCode).toBe(401);
    expect((await actorJson(oldActor)).movedTo).toBeUndefined();
    expect(remote.received.filter((activity) => activity.type === 'Move')).toEqual([]);
  });

  it('once the new account lists the old one (Settings → Site → Fediverse → old accounts), the move sends every follower a signed Move and the actor shows movedTo', async () => {
    const newAdmin = newSite.callerWithKey(await openAdminSession(newSite.services));
    await newAdmin.site.update({
      fediverse: { handle: 'author', holdFollows: false, shareExcerpts: false, aliases: [oldActor] },
    });
    expect((await actorJson(newActor)).alsoKnownAs).toBe(oldActor);

    const answer = await moveTo(newActor);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ movedTo: newActor });
    await drain(oldSite);
    // The stand-in's Fedify took the Move only after checking its signature with the old site's published key.
    const moves = remote.received.filter((activity) => activity.type === 'Move');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ actor: oldActor, target: newActor });
    expect(moves[0]!.object?.id?.href).toBe(oldActor);
    expect((await actorJson(oldActor)).movedTo).toBe(newActor);
    expect(await moveStatus()).toEqual({ movedTo: newActor });
  });

  it('the move is undone: the actor no longer shows movedTo, and the followers are sent the actor without it', async () => {
    const answer = await oldSite.app.inject({
      method: 'DELETE',
      url: '/api/admin/fediverse/move',
      headers: bearer(oldKey),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ movedTo: null });
    expect((await actorJson(oldActor)).movedTo).toBeUndefined();
    expect(await moveStatus()).toEqual({ movedTo: null });
    await drain(oldSite);
    // Signed and checked by the stand-in's Fedify, as the Move was: the actor as served, with no movedTo.
    const updates = remote.received.filter((activity) => activity.type === 'Update');
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ actor: oldActor });
    const actor = (await updates[0]!.object!.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    expect(actor).toMatchObject({ id: oldActor, type: 'Person' });
    expect(actor.movedTo).toBeUndefined();
  });
});

describe("a follower's account that moves (an inbound Move)", () => {
  let siteActor: Actor;
  let moves = 0;
  const sendMove = async (as: string, target: string, object = remote.context().getActorUri(as)) =>
    remote.context().sendActivity(
      { identifier: as },
      siteActor,
      new Move({
        id: new URL(`${remote.origin}/moves/${++moves}`),
        actor: remote.context().getActorUri(as),
        object,
        target: new URL(target),
      }),
    );

  beforeAll(async () => {
    const found = await remote.context().lookupObject(newActor);
    if (!found || !isActor(found)) throw new Error('no site actor');
    siteActor = found;
    await remote.follow(newActor);
    await drain(newSite);
  });

  it('a Move to an account that does not name the old one, or of someone else, changes nothing', async () => {
    await sendMove('reader', remote.context().getActorUri('stranger').href);
    await sendMove('stranger', remote.context().getActorUri('newreader').href, remote.actorUri);
    await drain(newSite);
    expect(await followersOf(newSite)).toEqual([
      { actorId: remote.actorUri.href, handle: `@reader@127.0.0.1:${remote.port}`, status: 'accepted' },
    ]);
  });

  it('a Move to an account whose alsoKnownAs lists the follower puts that account in its place', async () => {
    await sendMove('reader', remote.context().getActorUri('newreader').href);
    await drain(newSite);
    expect(await followersOf(newSite)).toEqual([
      {
        actorId: remote.context().getActorUri('newreader').href,
        handle: `@newreader@127.0.0.1:${remote.port}`,
        status: 'accepted',
      },
    ]);
  });
});
