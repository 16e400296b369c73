import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../test-support/test-app.js';
import { federatePosts } from './content-federation.js';

const FOLLOWERS = 250;

let site: TestApp;

beforeAll(async () => {
  site = await createTestApp({ PUBLIC_URL: 'https://author.example' });
  const createdAt = new Date(Date.UTC(2026, 0, 1)).toISOString();
  await site.services.db
    .insertInto('fediverseFollowers')
    .values(
      Array.from({ length: FOLLOWERS }, (_, n) => ({
        actorId: `https://server${n}.example/users/reader`,
        handle: `@reader@server${n}.example`,
        server: `server${n}.example`,
        inbox: `https://server${n}.example/users/reader/inbox`,
        sharedInbox: n % 2 === 0 ? `https://server${n}.example/inbox` : null,
        followId: `https://server${n}.example/follows/1`,
        status: 'accepted',
        createdAt,
      })),
    )
    .execute();
});

afterAll(async () => {
  await site?.close();
});

describe('a post to more followers than one page of the followers collection', () => {
  it('is queued for every follower, not just the first page', async () => {
    const admin = site.callerWithKey(await openAdminSession(site.services));
    await admin.blog.create(validBlogPost);
    expect(await federatePosts(site.services.db, site.services.fediverse)).toEqual({
      created: 1,
      updated: 0,
      deleted: 0,
    });
    // Not delivered here (the queue is not run): Fedify's fan-out message names every inbox.
    const queued = await site.services.db.selectFrom('fediverseQueue').select('message').execute();
    const fanouts = queued
      .map((row) => JSON.parse(row.message) as { type: string; inboxes?: Record<string, unknown> })
      .filter((message) => message.type === 'fanout');
    expect(fanouts).toHaveLength(1);
    const inboxes = Object.keys(fanouts[0]!.inboxes ?? {});
    expect(inboxes).toHaveLength(FOLLOWERS);
    expect(inboxes).toContain(`https://server${FOLLOWERS - 2}.example/inbox`);
    expect(inboxes).toContain(`https://server${FOLLOWERS - 1}.example/users/reader/inbox`);
  });
});
