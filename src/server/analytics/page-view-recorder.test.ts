import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { PageViewRecorder, type PendingView } from './page-view-recorder.js';

const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1';
const at = new Date('2026-11-25T10:15:00Z');
const view = (overrides: Partial<PendingView> = {}): PendingView => ({
  at,
  path: '/blog/a-post',
  source: null,
  campaign: null,
  device: 'phone',
  address: '10.0.0.1',
  userAgent: PHONE,
  ...overrides,
});

describe('PageViewRecorder', () => {
  let db: AppDatabase;
  let errors: object[];
  let recorder: PageViewRecorder;
  beforeEach(async () => {
    db = openDatabase(':memory:');
    await migrateToLatest(db);
    errors = [];
    recorder = new PageViewRecorder(db, { log: { error: (details) => errors.push(details) }, flushEveryMs: 3_600_000 });
  });
  afterEach(async () => {
    await recorder.close();
    await db.destroy();
  });

  const rows = () =>
    db
      .selectFrom('analyticsEvents')
      .select(['hour', 'path', 'source', 'device', 'visitor', 'views'])
      .orderBy('path')
      .orderBy('hour')
      .orderBy('source')
      .orderBy('visitor')
      .execute();

  it('writes identical views of an hour as one row with their number, and keeps every difference apart', async () => {
    for (let n = 0; n < 1000; n++) recorder.record(view());
    recorder.record(view({ source: 'google.com' }));
    recorder.record(view({ address: '10.0.0.2' }));
    recorder.record(view({ at: new Date('2026-11-25T11:00:00Z') }));
    recorder.record(view({ path: '/books' }));
    await recorder.flush();
    const stored = await rows();
    const withoutVisitor = stored.map(({ visitor: _visitor, ...row }) => row);
    expect(withoutVisitor).toHaveLength(5);
    expect(withoutVisitor).toEqual(
      expect.arrayContaining([
        { hour: 10, path: '/blog/a-post', source: null, device: 'phone', views: 1000 },
        { hour: 10, path: '/blog/a-post', source: null, device: 'phone', views: 1 },
        { hour: 10, path: '/blog/a-post', source: 'google.com', device: 'phone', views: 1 },
        { hour: 11, path: '/blog/a-post', source: null, device: 'phone', views: 1 },
        { hour: 10, path: '/books', source: null, device: 'phone', views: 1 },
      ]),
    );
    expect(stored).toHaveLength(5);
    expect(stored.reduce((sum, row) => sum + row.views, 0)).toBe(1004);
    expect(stored.find((row) => row.views === 1000)).toMatchObject({ hour: 10, path: '/blog/a-post', source: null });
    // One visitor: one hash on every row but the other address's.
    expect(new Set(stored.map((row) => row.visitor)).size).toBe(2);
    expect(JSON.stringify(stored)).not.toContain('10.0.0.1');
  });

  it('counts every view exactly once across a failed write, a retry and more views meanwhile', async () => {
    for (let n = 0; n < 300; n++) recorder.record(view({ address: `10.0.1.${n % 7}` }));
    await sql`ALTER TABLE analytics_events RENAME TO analytics_events_away`.execute(db);
    await recorder.flush();
    expect(errors).toHaveLength(1);
    for (let n = 0; n < 200; n++) recorder.record(view({ address: `10.0.1.${n % 11}` }));
    await sql`ALTER TABLE analytics_events_away RENAME TO analytics_events`.execute(db);
    await recorder.flush();
    const stored = await rows();
    expect(stored).toHaveLength(11);
    expect(stored.reduce((sum, row) => sum + row.views, 0)).toBe(500);
    await recorder.flush();
    expect((await rows()).reduce((sum, row) => sum + row.views, 0)).toBe(500);
  });

  it('writes batches larger than one INSERT in full', async () => {
    for (let n = 0; n < 1800; n++)
      recorder.record(view({ path: `/blog/post-${n % 1200}`, address: `10.2.${Math.floor(n / 1200)}.1` }));
    await recorder.flush();
    const stored = await rows();
    expect(stored).toHaveLength(1200 + 600);
    expect(stored.reduce((sum, row) => sum + row.views, 0)).toBe(1800);
  });
});
