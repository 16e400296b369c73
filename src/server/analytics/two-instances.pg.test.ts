import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAVIGATION_BEACON_PATH } from '../../domain/analytics-paths.js';
import type { SiteStats } from '../../domain/analytics.js';
import { validBlogPost } from '../test-support/test-app.js';
import { startTwoInstancesOnOneDatabase, type TwoInstances } from '../test-support/two-instances.js';
import { dayOf } from './calendar.js';
import { rollUpAnalytics } from './rollup.js';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** Two instances on one PostgreSQL: each buffers its own views; the counts add up exactly. */
describe('analytics with two instances on one PostgreSQL', () => {
  let instances: TwoInstances;
  beforeAll(async () => {
    instances = await startTwoInstancesOnOneDatabase();
  });
  afterAll(() => instances.close());

  const stats = async (query = ''): Promise<SiteStats> =>
    (
      await instances.a.app.inject({
        method: 'GET',
        url: `/api/admin/stats${query}`,
        headers: { authorization: `Bearer ${instances.token}` },
      })
    ).json();

  it('counts 400 views from 400 visitors spread over both instances exactly, with one salt', async () => {
    const { a, b } = instances;
    // The beacon counts real pages only: four published posts.
    for (let index = 0; index < 4; index++) {
      const created = await a.app.inject({
        method: 'POST',
        url: '/api/blog',
        headers: { authorization: `Bearer ${instances.token}` },
        payload: { ...validBlogPost, title: `Post ${index}`, slug: `post-${index}` },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    // Each visitor (address) views one post once: a visitor's repeats would count once.
    const answers = await Promise.all(
      Array.from({ length: 400 }, (_, n) =>
        (n % 2 ? a : b).app.inject({
          method: 'POST',
          url: NAVIGATION_BEACON_PATH,
          remoteAddress: `10.1.${Math.floor(n / 100)}.${n % 100}`,
          headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
          body: `/blog/post-${n % 4}`,
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(204);
    // A's API writes A's buffer at once; B writes its own within its flush interval (2 s).
    let figures = await stats();
    for (let tries = 0; figures.views < 400 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      figures = await stats();
    }
    expect(figures.views).toBe(400);
    expect(figures.visitors).toBe(400);
    expect(figures.pages.map((page) => [page.path, page.views, page.visitors])).toEqual([
      ['/blog/post-0', 100, 100],
      ['/blog/post-1', 100, 100],
      ['/blog/post-2', 100, 100],
      ['/blog/post-3', 100, 100],
    ]);
    const salts = await a.services.db.selectFrom('analyticsSalts').selectAll().execute();
    expect(salts).toHaveLength(1);
  });

  it('rolls each day up once when both instances run the roll-up at the same moment', async () => {
    const today = dayOf(new Date());
    const before = await stats(`?from=${today}&to=${today}`);
    const tomorrow = new Date(Date.now() + 86_400_000 + 11 * 60_000);
    const results = await Promise.all([
      rollUpAnalytics(instances.a.services.db, tomorrow),
      rollUpAnalytics(instances.b.services.db, tomorrow),
    ]);
    expect(results.map((result) => result.daysRolledUp).sort()).toEqual([0, 1]);
    const after = await stats(`?from=${today}&to=${today}`);
    expect(after.views).toBe(400);
    expect(after.pages).toEqual(before.pages);
  });
});
