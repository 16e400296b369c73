import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SiteStats } from '../../domain/analytics.js';
import { NAVIGATION_BEACON_PATH } from '../../domain/analytics-paths.js';
import { createFakeClientBuild } from '../test-support/fake-client-build.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, validBook, type TestApp } from '../test-support/test-app.js';
import { LIMITS } from '../site/rate-limit/request-limits.js';
import { dayOf } from './calendar.js';
import { rollUpAnalytics } from './rollup.js';

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('page analytics', () => {
  let t: TestApp;
  let removeBuild: () => Promise<void>;
  let token: string;

  beforeAll(async () => {
    const build = await createFakeClientBuild();
    removeBuild = build.remove;
    t = await createTestApp({}, { clientDir: build.clientDir });
    token = await openAdminSession(t.services);
  });
  afterAll(async () => {
    await t.close();
    await removeBuild();
  });

  const visit = (url: string, userAgent: string, address: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress: address, headers: { 'user-agent': userAgent, ...headers } });

  const stats = async (query = ''): Promise<SiteStats> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/stats${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json();
  };

  it('counts human page loads exactly, by page, source, campaign and device, and leaves out bots, HEAD, prefetches, opt-outs and the admin area', async () => {
    const answers = await Promise.all([
      visit('/books', PHONE, '10.0.0.1', { referer: 'https://www.reddit.com/r/fantasy' }),
      visit('/books', PHONE, '10.0.0.1'),
      visit('/books?utm_source=Newsletter&utm_campaign=launch', DESKTOP, '10.0.0.2'),
      visit('/blog', TABLET, '10.0.0.3', { referer: 'http://localhost/books' }),
      // Not counted:
      visit('/books', GOOGLEBOT, '10.0.0.4'),
      visit('/books', '', '10.0.0.5'),
      visit('/books', DESKTOP, '10.0.0.6', { 'sec-purpose': 'prefetch' }),
      visit('/books', DESKTOP, '10.0.0.7', { dnt: '1' }),
      visit('/books', DESKTOP, '10.0.0.8', { 'sec-gpc': '1' }),
      visit('/admin', DESKTOP, '10.0.0.9'),
      visit('/assets/missing.js', DESKTOP, '10.0.0.9'),
      t.app.inject({ method: 'HEAD', url: '/books', remoteAddress: '10.0.0.10', headers: { 'user-agent': DESKTOP } }),
    ]);
    for (const answer of answers) expect(answer.headers['set-cookie']).toBeUndefined();

    const figures = await stats();
    expect(figures.views).toBe(4);
    expect(figures.visitors).toBe(3);
    expect(figures.pages).toEqual([
      { path: '/books', views: 3, visitors: 2 },
      { path: '/blog', views: 1, visitors: 1 },
    ]);
    expect(figures.referrers).toEqual(
      expect.arrayContaining([
        { source: '', views: 2, visitors: 2 },
        { source: 'reddit.com', views: 1, visitors: 1 },
        { source: 'newsletter', views: 1, visitors: 1 },
      ]),
    );
    expect(figures.campaigns).toEqual([{ source: 'newsletter', campaign: 'launch', views: 1 }]);
    expect(figures.devices).toEqual({
      phone: { views: 2, visitors: 1 },
      tablet: { views: 1, visitors: 1 },
      desktop: { views: 1, visitors: 1 },
    });
    expect(figures.days.at(-1)).toEqual({ day: dayOf(new Date()), views: 4, visitors: 3 });
  });

  it('counts client navigations from the beacon, refusing other sites, non-pages and bodies that are not text', async () => {
    const before = (await stats()).views;
    const beacon = (body: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: NAVIGATION_BEACON_PATH,
        remoteAddress: '10.0.1.1',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP, ...headers },
        body,
      });
    const counted = await beacon('/excerpts', { 'sec-fetch-site': 'same-origin' });
    expect(counted.statusCode).toBe(204);
    expect(counted.headers['set-cookie']).toBeUndefined();
    const refused = await Promise.all([
      beacon('/excerpts', { 'sec-fetch-site': 'cross-site' }),
      beacon('https://evil.test/x'),
      beacon('/admin/anything'),
      beacon('x'.repeat(600)),
      t.app.inject({ method: 'POST', url: NAVIGATION_BEACON_PATH, payload: { path: '/excerpts' } }),
    ]);
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 400, 400, 413, 415]);
    const bot = await beacon('/excerpts', { 'user-agent': GOOGLEBOT });
    expect(bot.statusCode).toBe(204);
    const figures = await stats();
    expect(figures.views).toBe(before + 1);
    expect(figures.pages.find((page) => page.path === '/excerpts')).toEqual({
      path: '/excerpts',
      views: 1,
      visitors: 1,
    });
  });

  it('counts beacons for the author’s pages and a tag’s page; a draft page or an unused tag is no page (400)', async () => {
    const admin = t.callerWithKey(token);
    const page = await admin.pages.create({
      title: 'Colophon',
      content: 'How the books are made.',
      status: 'published',
    });
    const draft = await admin.pages.create({ title: 'Unfinished', content: 'Soon.' });
    await admin.blog.create({ ...validBlogPost, tags: ['Maps'] });
    const beacon = (path: string) =>
      t.app.inject({
        method: 'POST',
        url: NAVIGATION_BEACON_PATH,
        remoteAddress: '10.0.6.1',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': DESKTOP },
        body: path,
      });
    const answers = await Promise.all(
      [`/${page.slug}`, '/blog/tag/maps', `/${draft.slug}`, '/blog/tag/no-such-tag', '/no/such/page'].map(beacon),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([204, 204, 400, 400, 400]);
    const pages = (await stats()).pages.map((entry) => entry.path);
    expect(pages).toEqual(expect.arrayContaining([`/${page.slug}`, '/blog/tag/maps']));
    for (const path of [`/${draft.slug}`, '/blog/tag/no-such-tag', '/no/such/page']) expect(pages).not.toContain(path);
  });

  it('counts 600 beacons of one visitor for one page as one view, and a page that does not exist as none', async () => {
    const admin = t.callerWithKey(token);
    const book = await admin.books.create({ ...validBook, title: 'Beacon Book' });
    const before = await stats();
    const beacon = (body: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: NAVIGATION_BEACON_PATH,
        remoteAddress: address,
        headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP, 'sec-fetch-site': 'same-origin' },
        body,
      });
    for (let batch = 0; batch < 6; batch++) {
      const answers = await Promise.all(Array.from({ length: 100 }, () => beacon('/art-music', '10.0.4.1')));
      for (const answer of answers) expect(answer.statusCode).toBe(204);
    }
    // Made-up pages: refused, never listed.
    const madeUp = ['/no-such-page', '/books/no-such-book', '/blog/no-such-post', '/excerpts/nope', '/books/a/b'];
    const refused = await Promise.all(madeUp.map((path) => beacon(path, '10.0.4.2')));
    expect(refused.map((answer) => answer.statusCode)).toEqual(madeUp.map(() => 400));
    // A real item page, by its slug and by its id (an old address the page redirects from).
    expect((await beacon(`/books/${book.slug}`, '10.0.4.3')).statusCode).toBe(204);
    expect((await beacon(`/books/${book.id}`, '10.0.4.4')).statusCode).toBe(204);
    const figures = await stats();
    expect(figures.views).toBe(before.views + 3);
    const viewsOf = (list: SiteStats['pages'], path: string) => list.find((page) => page.path === path)?.views ?? 0;
    expect(viewsOf(figures.pages, '/art-music') - viewsOf(before.pages, '/art-music')).toBe(1);
    for (const path of madeUp) expect(figures.pages.some((page) => page.path === path)).toBe(false);
  });

  it('counts one visitor’s reloads of a page within the window once, another visitor’s again', async () => {
    const before = await stats();
    for (let load = 0; load < 5; load++) expect((await visit('/contact', PHONE, '10.0.5.1')).statusCode).toBe(200);
    await visit('/contact', PHONE, '10.0.5.2');
    const figures = await stats();
    const viewsOf = (list: SiteStats['pages'], path: string) => list.find((page) => page.path === path)?.views ?? 0;
    expect(viewsOf(figures.pages, '/contact') - viewsOf(before.pages, '/contact')).toBe(2);
  });

  it('leaves out every view of the admin’s own browser that day, and stores no address', async () => {
    const admin = '10.0.2.2';
    const adminsNoted = async (): Promise<number> => {
      await t.services.analytics.flush();
      return (await t.services.db.selectFrom('analyticsAdminVisitors').select('visitor').execute()).length;
    };
    const noted = await adminsNoted();
    await visit('/about', DESKTOP, admin);
    // The admin opens /admin, whose API calls carry the session.
    const verify = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verify',
      remoteAddress: admin,
      headers: { authorization: `Bearer ${token}`, 'user-agent': DESKTOP },
    });
    expect(verify.statusCode).toBe(200);
    // The admin's browser is noted after the answer is sent (an onResponse hook): wait until it is stored.
    await vi.waitFor(async () => expect(await adminsNoted()).toBe(noted + 1));
    await visit('/about', DESKTOP, admin);
    await visit('/about', PHONE, admin); // another device on the same network is a reader
    const figures = await stats();
    expect(figures.pages.find((page) => page.path === '/about')).toEqual({ path: '/about', views: 1, visitors: 1 });

    const rows = await t.services.db.selectFrom('analyticsEvents').selectAll().execute();
    const stored = JSON.stringify(rows);
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.2.2', '127.0.0.1']) expect(stored).not.toContain(address);
    expect(stored).not.toContain('iPhone');
    expect(rows.every((row) => /^[0-9a-f]{16}$/.test(row.visitor))).toBe(true);
  });

  it('gives each post’s and book page’s views of the last 30 days for the admin lists', async () => {
    const admin = t.callerWithKey(token);
    const book = await admin.books.create(validBook);
    const post = await admin.blog.create(validBlogPost);
    await Promise.all([
      visit(`/books/${book.slug}`, PHONE, '10.0.3.1'),
      visit(`/books/${book.slug}`, DESKTOP, '10.0.3.2'),
      visit(`/blog/${post.slug}`, TABLET, '10.0.3.3'),
      visit(`/blog/${post.slug}`, GOOGLEBOT, '10.0.3.4'),
    ]);
    const views = await admin.analytics.contentViews({ posts: [post.id, 'no-such-post'], books: [book.id] });
    expect(views.books[book.id]).toBe(2);
    expect(views.posts[post.id]).toBe(1);
    // Only what was asked for: an unknown id is left out, and no id gives empty maps.
    expect(Object.keys(views.posts)).toEqual([post.id]);
    expect(await admin.analytics.contentViews()).toEqual({ posts: {}, books: {} });
    const figures = await stats();
    expect(figures.posts).toEqual([
      { id: post.id, title: post.title, path: `/blog/${post.slug}`, views: 1, visitors: 1 },
    ]);
  });

  it('answers the views of at most 500 posts and 500 books at a time: more, or a bad id, is BAD_REQUEST', async () => {
    const admin = t.callerWithKey(token);
    const many = Array.from({ length: 501 }, (_, n) => `post-${n}`);
    await expect(admin.analytics.contentViews({ posts: many })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('Ask for the views of at most 500 posts at once'),
    });
    await expect(admin.analytics.contentViews({ books: many })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.analytics.contentViews({ posts: [''] })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.analytics.contentViews({ posts: 'x' as never })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const atMost = await admin.analytics.contentViews({ posts: many.slice(0, 500) });
    expect(atMost).toEqual({ posts: {}, books: {} });
    await expect(t.publicCaller().analytics.contentViews()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('gives the same figures after the roll-up as before, and keeps them after raw events are gone', async () => {
    const today = dayOf(new Date());
    const before = await stats(`?from=${today}&to=${today}`);
    const tomorrow = new Date(Date.now() + 86_400_000 + 11 * 60_000);
    expect(await rollUpAnalytics(t.services.db, tomorrow)).toEqual({ daysRolledUp: 1, eventsDeleted: 0 });
    expect(await rollUpAnalytics(t.services.db, tomorrow)).toEqual({ daysRolledUp: 0, eventsDeleted: 0 });
    const after = await stats(`?from=${today}&to=${today}`);
    expect(after).toEqual(before);
    expect(after.hours.reduce((sum, hour) => sum + hour.views, 0)).toBe(after.views);
    // 31 days later the raw events are deleted; the daily figures remain.
    const later = new Date(Date.now() + 32 * 86_400_000);
    const cleanup = await rollUpAnalytics(t.services.db, later);
    // The admin's first view was stored, then left out; its repeat within the window was not recorded at all.
    expect(cleanup.eventsDeleted).toBe(after.views + 1);
    const kept = await stats(`?from=${today}&to=${today}`);
    expect({ ...kept, hours: [] }).toEqual({ ...after, hours: [] });
    expect(await t.services.db.selectFrom('analyticsSalts').selectAll().execute()).toEqual([]);
  });

  it('answers bad ranges and missing keys with a 4xx', async () => {
    const bad = [
      '?from=2026-13-01',
      '?from=2026-11-30&to=2026-11-01',
      '?from=2024-01-01&to=2026-01-01',
      '?to=yesterday',
    ];
    for (const query of bad) {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/admin/stats${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().error).toBeTruthy();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/stats' })).statusCode).toBe(401);
  });
});

describe('the navigation beacon under a flood (RATE_LIMITS=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => t.close());

  it(`holds one address to ${LIMITS.tracking.limit} beacons a minute`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 600 }, () =>
        t.app.inject({
          method: 'POST',
          url: NAVIGATION_BEACON_PATH,
          remoteAddress: '10.0.6.1',
          headers: { 'content-type': 'text/plain', 'user-agent': DESKTOP },
          body: '/books',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 204)).toHaveLength(LIMITS.tracking.limit);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(600 - LIMITS.tracking.limit);
  });
});
