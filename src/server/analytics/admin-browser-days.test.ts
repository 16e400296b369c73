import type { FastifyRequest } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { PageAnalytics } from './page-analytics.js';
import { viewsByDay } from './page-stats.js';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const ADMIN_ADDRESS = '10.0.0.5';
const READER_ADDRESS = '10.0.0.6';

/** The parts of a request PageAnalytics reads. */
const request = (url: string, address: string): FastifyRequest =>
  ({
    method: 'GET',
    url,
    ip: address,
    host: 'site.test',
    headers: { 'user-agent': DESKTOP },
  }) as unknown as FastifyRequest;

/**
 * The admin's browser is noted per day when it makes a signed-in request; the admin area sits open making none,
 * so the views it makes just after midnight used to count until its next one.
 */
describe('the admin’s browser across midnight', () => {
  let db: AppDatabase;
  let clock: Date;
  let analytics: PageAnalytics;
  beforeEach(async () => {
    db = openDatabase(':memory:');
    await migrateToLatest(db);
    clock = new Date('2026-11-27T23:59:30Z');
    analytics = new PageAnalytics(db, {
      enabled: true,
      log: { error: () => undefined },
      flushEveryMs: 3_600_000,
      now: () => clock,
    });
  });
  afterEach(async () => {
    await analytics.close();
    await db.destroy();
  });

  const notedDays = async () =>
    (await db.selectFrom('analyticsAdminVisitors').select('day').orderBy('day').execute()).map((row) => row.day);

  it('leaves out its views of the next day before it signs in again, and counts them once a day has passed', async () => {
    analytics.noteAdmin(request('/api/admin/verify', ADMIN_ADDRESS));
    analytics.pageRequest(request('/about', ADMIN_ADDRESS), 200);
    clock = new Date('2026-11-28T00:00:30Z');
    analytics.pageRequest(request('/books', ADMIN_ADDRESS), 200);
    analytics.pageRequest(request('/books', READER_ADDRESS), 200);
    // More than a day after the admin was last seen signed in, the browser is a reader's again.
    clock = new Date('2026-11-29T00:00:31Z');
    analytics.pageRequest(request('/blog', ADMIN_ADDRESS), 200);
    await analytics.flush();

    expect(await notedDays()).toEqual(['2026-11-27', '2026-11-28']);
    const days = await viewsByDay(db, { from: '2026-11-27', to: '2026-11-29' });
    expect(days.map(({ day, views }) => [day, views])).toEqual([
      ['2026-11-28', 1],
      ['2026-11-29', 1],
    ]);
  });
});
