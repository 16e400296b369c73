import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMENT_SESSION_COOKIE, COMMENT_SESSION_DAYS, COMMENT_SIGN_OUT_PATH } from '../../domain/comments.js';
import { newId, timestampNow } from '../db/row-conversion.js';
import { extractZip } from '../import-export/zip-reader.js';
import { bearer, expectError, freshAddress } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let adminKey: string;
let postId: string;
let excerptId: string;

async function subscriber(email: string): Promise<string> {
  const id = newId();
  await t.services.db
    .insertInto('newsletterSubscriptions')
    .values({
      id,
      email,
      isActive: 1,
      createdAt: timestampNow(),
      confirmedAt: timestampNow(),
      confirmationNonce: null,
      confirmationSentAt: null,
    })
    .execute();
  return id;
}

/** A signed-in reader with a name: the Cookie header their browser sends. */
async function reader(name = 'Ada'): Promise<string> {
  const subscriptionId = await subscriber(`${newId()}@example.com`);
  const cookie = `${COMMENT_SESSION_COOKIE}=${t.services.commentSessions.sessionToken(subscriptionId)}`;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/comments/me',
    headers: { cookie },
    payload: { displayName: name },
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookie;
}

const post = (cookie: string, payload: object, remoteAddress = freshAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/comments', headers: { cookie }, payload, remoteAddress });

const thread = async (cookie?: string, kind = 'post', id = postId) => {
  const res = await t.app.inject({
    url: `/api/comments?targetKind=${kind}&targetId=${id}`,
    headers: cookie ? { cookie } : {},
    remoteAddress: freshAddress(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    open: boolean;
    count: number;
    bookTitle: string | null;
    comments: Array<{ id: string; bodyHtml: string; spoiler: boolean; held: boolean; replies: Array<{ id: string }> }>;
    viewer: { signedIn: boolean };
  }>();
};

const moderate = (id: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/comments/${id}/moderate`,
    headers: bearer(adminKey),
    payload: { action },
  });

async function approvedReader(name = 'Bea'): Promise<string> {
  const cookie = await reader(name);
  const first = await post(cookie, { targetKind: 'post', targetId: postId, body: 'First words' });
  expect(first.statusCode, first.body).toBe(201);
  expect((await moderate(first.json<{ id: string }>().id, 'approve')).statusCode).toBe(200);
  return cookie;
}

async function seed() {
  adminKey = await openAdminSession(t.services);
  postId = newId();
  await t.services.db
    .insertInto('blogPosts')
    .values({
      id: postId,
      title: 'Salt roads',
      summary: 's',
      content: 'c',
      category: 'news',
      coverImage: '',
      publishedAt: timestampNow(),
      slug: 'salt-roads',
      status: 'published',
    })
    .execute();
  const bookId = newId();
  await t.services.db
    .insertInto('books')
    .values({
      id: bookId,
      title: 'The Ashwarden',
      description: '',
      coverImage: '',
      status: 'published',
      price: null,
      order: 1,
      seriesId: null,
      seriesNumber: null,
    } as never)
    .execute();
  excerptId = newId();
  await t.services.db
    .insertInto('excerpts')
    .values({
      id: excerptId,
      bookId,
      slug: 'ending',
      title: 'Ending',
      description: '',
      content: 'x',
      readTime: '1 min',
      spoilerLevel: 'major',
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await seed();
});

afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

describe('comments', () => {
  it('signs a confirmed subscriber in by an emailed link, asks a name, and tells nobody who subscribes', async () => {
    const subscriptionId = await subscriber('reader@example.com');
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/comments/sign-in',
        payload: `email=${encodeURIComponent(email)}&return=${encodeURIComponent('/blog/salt-roads')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: freshAddress(),
      });
    const known = await ask('reader@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.statusCode).toBe(303);
    expect(unknown.headers.location).toBe(known.headers.location);
    const queued = await t.services.db
      .selectFrom('mailQueue')
      .selectAll()
      .where('kind', '=', 'comment-sign-in')
      .execute();
    expect(queued.map((row) => row.email)).toEqual(['reader@example.com']);
    const email = await t.services.mailing.queuedMessages.build({ ...queued[0]!, attempts: 0 } as never);
    const link = /https?:\/\/[^\s"<]+\/comments\/sign-in\?token=[^\s"<]+/.exec(email!.text)![0];
    const opened = await t.app.inject({ url: link.replace(/^https?:\/\/[^/]+/, ''), remoteAddress: freshAddress() });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/comments/name?return=%2Fblog%2Fsalt-roads');
    const setCookie = String(opened.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    expect(cookie.startsWith(`${COMMENT_SESSION_COOKIE}=`)).toBe(true);
    expect(t.services.commentSessions.subscriptionOf(cookie.split('=')[1]!)).toBe(subscriptionId);
    // The whole site's, not for scripts, sent on links from elsewhere, for COMMENT_SESSION_DAYS; no Secure on http.
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toContain(`; Max-Age=${COMMENT_SESSION_DAYS * 86_400}`);
    expect(setCookie).not.toMatch(/Secure/);
    // Signing out clears it (same path), and a page then reads no session.
    const signedOut = await t.app.inject({
      method: 'POST',
      url: COMMENT_SIGN_OUT_PATH,
      payload: 'return=%2Fblog%2Fsalt-roads',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', cookie },
      remoteAddress: freshAddress(),
    });
    expect(signedOut.statusCode).toBe(303);
    const cleared = String(signedOut.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${COMMENT_SESSION_COOKIE}=;`));
    expect(cleared).toMatch(/; Max-Age=0/);
    expect(cleared).toMatch(/; Path=\/(;|$)/);
    const forged = await t.app.inject({
      url: `/comments/sign-in?token=${'a'.repeat(40)}.b`,
      remoteAddress: freshAddress(),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('escapes every XSS payload and keeps only the Markdown subset, links nofollow ugc', async () => {
    const cookie = await approvedReader('Xena');
    const payloads = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '[click](javascript:alert(1))',
      '[data](data:text/html;base64,PHNjcmlwdD4=)',
      '"><svg onload=alert(1)>',
      '*fine* and **strong** and > a quote\n> quoted [site](https://example.com/x "t")',
    ];
    for (const body of payloads)
      expect((await post(cookie, { targetKind: 'post', targetId: postId, body })).statusCode).toBe(201);
    const html = (await thread(cookie)).comments.map((comment) => comment.bodyHtml).join('\n');
    // Only the subset's tags, no event attribute, and links to web addresses only.
    const tags = [...html.matchAll(/<([a-z]+)([^>]*)>/g)];
    expect(new Set(tags.map((tag) => tag[1]))).toEqual(new Set(['p', 'em', 'strong', 'blockquote', 'a']));
    expect(tags.filter((tag) => /\son\w+=/i.test(tag[2]!))).toEqual([]);
    expect(tags.filter((tag) => tag[1] === 'a').every((tag) => /^ href="https:\/\//.test(tag[2]!))).toBe(true);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<em>fine</em>');
    expect(html).toContain('<a href="https://example.com/x" title="t" rel="nofollow ugc noopener">site</a>');
    const names = await t.app.inject({
      method: 'PUT',
      url: '/api/comments/me',
      headers: { cookie },
      payload: { displayName: '<b>' },
    });
    expectError(names, 400, 'Name cannot contain < > or control characters');
  });

  it('holds a first comment until approved, refuses links before that, and shows the held one to its writer only', async () => {
    const cookie = await reader('Cal');
    expectError(
      await post(cookie, { targetKind: 'post', targetId: postId, body: 'see https://spam.example' }),
      400,
      'Links are allowed once one of your comments has been approved',
    );
    const first = await post(cookie, { targetKind: 'post', targetId: postId, body: 'Held words' });
    expect(first.json()).toMatchObject({ status: 'held' });
    const id = first.json<{ id: string }>().id;
    expect((await thread()).comments.some((comment) => comment.id === id)).toBe(false);
    expect((await thread(cookie)).comments.find((comment) => comment.id === id)?.held).toBe(true);
    const queue = await t.app.inject({ url: '/api/admin/comments', headers: bearer(adminKey) });
    expect(queue.json<Array<{ id: string }>>().some((row) => row.id === id)).toBe(true);
    await moderate(id, 'approve');
    expect((await thread()).comments.some((comment) => comment.id === id)).toBe(true);
    const reply = await post(cookie, { targetKind: 'post', targetId: postId, parentId: id, body: 'A reply' });
    expect(reply.json()).toMatchObject({ status: 'approved' });
    expectError(
      await post(cookie, {
        targetKind: 'post',
        targetId: postId,
        parentId: reply.json<{ id: string }>().id,
        body: 'deep',
      }),
      400,
      'Replies go one level deep: reply to the first comment',
    );
  });

  it('refuses a banned reader, and hides their waiting comments', async () => {
    const cookie = await reader('Dan');
    const held = await post(cookie, { targetKind: 'post', targetId: postId, body: 'rude' });
    expect((await moderate(held.json<{ id: string }>().id, 'ban')).statusCode).toBe(200);
    expectError(
      await post(cookie, { targetKind: 'post', targetId: postId, body: 'again' }),
      403,
      'You can no longer comment on this site',
    );
    expect((await thread(cookie)).comments.some((comment) => comment.id === held.json<{ id: string }>().id)).toBe(
      false,
    );
  });

  it('lists every comment for the admin by state and by post, names the commented items, and marks banned readers', async () => {
    const cookie = await reader('Eli');
    const onPost = (await post(cookie, { targetKind: 'post', targetId: postId, body: 'On the post' })).json<{
      id: string;
    }>().id;
    const onExcerpt = (
      await post(cookie, { targetKind: 'excerpt', targetId: excerptId, body: 'On the excerpt' })
    ).json<{
      id: string;
    }>().id;
    await moderate(onPost, 'approve');
    type Row = { id: string; status: string; target: { title: string } | null; readerBanned: boolean };
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `/api/admin/comments?${query}`, headers: bearer(adminKey) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Row[]>();
    };
    const all = await list('status=all&limit=200');
    expect(all.map((row) => row.id)).toEqual(expect.arrayContaining([onPost, onExcerpt]));
    expect(new Set(all.map((row) => row.status)).size).toBeGreaterThan(1);
    const excerptOnly = await list(`status=all&targetKind=excerpt&targetId=${excerptId}`);
    expect(excerptOnly.map((row) => row.id)).toContain(onExcerpt);
    expect(excerptOnly.every((row) => row.target?.title === 'Ending')).toBe(true);
    expect((await list(`status=approved&targetKind=post&targetId=${postId}`)).map((row) => row.id)).toContain(onPost);
    expect((await list(`status=held&targetKind=post&targetId=${postId}`)).map((row) => row.id)).not.toContain(onPost);
    expectError(
      await t.app.inject({ url: `/api/admin/comments?targetId=${postId}`, headers: bearer(adminKey) }),
      400,
      'Target kind and target id go together',
    );
    const targets = await t.app.inject({ url: '/api/admin/comments/targets', headers: bearer(adminKey) });
    expect(targets.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetKind: 'excerpt',
          targetId: excerptId,
          target: expect.objectContaining({ title: 'Ending' }),
        }),
        expect.objectContaining({
          targetKind: 'post',
          targetId: postId,
          target: expect.objectContaining({ title: 'Salt roads' }),
        }),
      ]),
    );
    expect((await t.app.inject({ url: '/api/admin/comments/targets' })).statusCode).toBe(401);
    await moderate(onExcerpt, 'ban');
    expect(
      (await list(`status=all&targetKind=post&targetId=${postId}`)).find((row) => row.id === onPost),
    ).toMatchObject({
      readerBanned: true,
    });
  });

  it('keeps the comment settings an update leaves out', async () => {
    const settings = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/comments/settings', headers: bearer(adminKey), payload });
    expect((await settings({ holdFirstComments: false, closeAfterDays: 7, blockedWords: ['drat'] })).statusCode).toBe(
      200,
    );
    expect((await settings({ closeAfterDays: 9 })).json()).toEqual({
      holdFirstComments: false,
      closeAfterDays: 9,
      blockedWords: ['drat'],
    });
    await settings({ holdFirstComments: true, closeAfterDays: 0, blockedWords: [] });
  });

  it('lets the author switch comments off for a draft post before it is published', async () => {
    const draftId = newId();
    await t.services.db
      .insertInto('blogPosts')
      .values({
        id: draftId,
        title: 'Draft',
        summary: 's',
        content: 'c',
        category: 'news',
        coverImage: '',
        publishedAt: timestampNow(),
        slug: `draft-${draftId}`,
        status: 'draft',
      })
      .execute();
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/comments/targets/post/${draftId}`,
      headers: bearer(adminKey),
      payload: { commentsOff: true },
    });
    expect(off.statusCode, off.body).toBe(200);
  });

  it('lets a reader edit for 10 minutes only, delete their own, and report another’s once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cookie = await approvedReader('Eve');
    const other = await approvedReader('Fay');
    const created = await post(cookie, { targetKind: 'post', targetId: postId, body: 'typo' });
    const id = created.json<{ id: string }>().id;
    vi.setSystemTime(Date.now() + 9 * 60_000);
    const edit = (body: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/comments/${id}`,
        headers: { cookie },
        payload: { body },
        remoteAddress: freshAddress(),
      });
    expect((await edit('fixed')).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    expectError(await edit('too late'), 403, 'Comments can be edited for 10 minutes after posting');
    expectError(
      await t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: { cookie: other } }),
      403,
      'This comment is not yours',
    );
    const report = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/comments/${id}/report`,
        headers: { cookie: other },
        remoteAddress: freshAddress(),
      });
    expect((await report()).json()).toMatchObject({ counted: true });
    expect((await report()).json()).toMatchObject({ counted: false });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect((await thread()).comments.some((comment) => comment.id === id)).toBe(false);
  });

  it('hides a spoiler comment behind the warning and the author can mark any comment so', async () => {
    const cookie = await approvedReader('Gil');
    await post(cookie, { targetKind: 'excerpt', targetId: excerptId, body: 'She dies', spoiler: true });
    const plain = await post(cookie, { targetKind: 'excerpt', targetId: excerptId, body: 'He lives' });
    await moderate(plain.json<{ id: string }>().id, 'spoiler');
    const seen = await thread(undefined, 'excerpt', excerptId);
    expect(seen.bookTitle).toBe('The Ashwarden');
    expect(seen.comments.map((comment) => comment.spoiler)).toEqual([true, true]);
  });

  it('holds a comment with a listed word, and closes comments per post or after N days', async () => {
    const cookie = await approvedReader('Hal');
    const settings = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/comments/settings', headers: bearer(adminKey), payload });
    expect((await settings({ blockedWords: ['grimdark'] })).statusCode).toBe(200);
    expect((await post(cookie, { targetKind: 'post', targetId: postId, body: 'So GRIMDARK!' })).json()).toMatchObject({
      status: 'held',
    });
    expectError(await settings({ closeAfterDays: -1 }), 400);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/comments/targets/post/${postId}`,
      headers: bearer(adminKey),
      payload: { commentsOff: true },
    });
    expect(off.statusCode, off.body).toBe(200);
    expectError(
      await post(cookie, { targetKind: 'post', targetId: postId, body: 'closed?' }),
      403,
      'Comments are closed here',
    );
    expect((await thread()).open).toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/comments/targets/post/${postId}`,
      headers: bearer(adminKey),
      payload: { commentsOff: false },
    });
    const closing = await settings({ closeAfterDays: 30 });
    expect(closing.json(), closing.body).toMatchObject({ closeAfterDays: 30, blockedWords: ['grimdark'] });
    expect((await thread()).open).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 40 * 86_400_000);
    expect((await thread()).open).toBe(false);
    vi.useRealTimers();
    await settings({ closeAfterDays: 0, blockedWords: [] });
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const cookie = await reader('Ivy');
    const before = await t.services.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const payload of [
      {},
      { targetKind: 'book', targetId: postId, body: 'x' },
      { targetKind: 'post', targetId: postId, body: '' },
      { targetKind: 'post', targetId: postId, body: 'x'.repeat(5001) },
      { targetKind: 'post', targetId: postId, body: 'x', spoiler: 5 },
      { targetKind: 'post', targetId: 'no-such-post', body: 'x' },
      { targetKind: 'post', targetId: postId, parentId: 'nope', body: 'x' },
    ]) {
      const res = await post(cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expectError(await post('', { targetKind: 'post', targetId: postId, body: 'x' }), 401, 'Sign in to comment');
    expectError(
      await post(`${COMMENT_SESSION_COOKIE}=forged.sig`, { targetKind: 'post', targetId: postId, body: 'x' }),
      401,
    );
    const after = await t.services.db
      .selectFrom('comments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('holds one reader to their hourly limit from many addresses, and one address to its limit, attacked in parallel', async () => {
    const unlimited = { t, postId, excerptId };
    t = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      await attackLimits();
    } finally {
      await t.close();
      ({ t, postId, excerptId } = unlimited);
      adminKey = await openAdminSession(t.services);
    }
  });

  async function attackLimits() {
    await seed();
    const cookie = await approvedReader('Jo');
    const fromMany = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(cookie, { targetKind: 'post', targetId: postId, body: `flood ${i}` })),
    );
    const accepted = fromMany.filter((res) => res.statusCode === 201).length;
    // Its first (approved) comment took one of the ten an hour.
    expect(accepted).toBe(9);
    expect(
      fromMany.filter((res) => res.statusCode === 429).every((res) => Number(res.headers['retry-after']) > 0),
    ).toBe(true);
    const address = freshAddress();
    const readers = await Promise.all(Array.from({ length: 25 }, (_, i) => reader(`R${i}`)));
    const fromOne = await Promise.all(
      readers.map((c) => post(c, { targetKind: 'post', targetId: postId, body: 'hello' }, address)),
    );
    expect(fromOne.filter((res) => res.statusCode === 201).length).toBe(20);
    expect(fromOne.filter((res) => res.statusCode === 429).length).toBe(5);
  }

  it('carries the comments in the export', async () => {
    const cookie = await approvedReader('Lou');
    await post(cookie, { targetKind: 'post', targetId: postId, body: 'Exported *words*', spoiler: true });
    const res = await t.app.inject({ url: '/api/admin/export', headers: bearer(adminKey) });
    expect(res.statusCode).toBe(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'comments-export-'));
    try {
      await writeFile(path.join(dir, 'export.zip'), res.rawPayload);
      await extractZip(path.join(dir, 'export.zip'), path.join(dir, 'x'), () => true);
      const exported = JSON.parse(await readFile(path.join(dir, 'x', 'comments.json'), 'utf8')) as Array<object>;
      expect(exported).toContainEqual(
        expect.objectContaining({
          targetKind: 'post',
          targetId: postId,
          readerName: 'Lou',
          body: 'Exported *words*',
          spoiler: true,
          origin: 'site',
        }),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a form post from another site and answers a browser post with a redirect to the comments', async () => {
    const cookie = await approvedReader('Kit');
    const form = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/comments',
        payload: `targetKind=post&targetId=${postId}&body=${encodeURIComponent('From the form')}&return=%2Fblog%2Fsalt-roads`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...headers },
        remoteAddress: freshAddress(),
      });
    expect((await form({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const sent = await form({ 'sec-fetch-site': 'same-origin' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toMatch(/^\/blog\/salt-roads#comment-/);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/comments',
      payload: `targetKind=post&targetId=${postId}&body=`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      remoteAddress: freshAddress(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Comment is required');
  });
});
