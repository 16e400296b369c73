import { sql } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import { addDays, dayOf } from './calendar.js';

/** Raw events are kept this many days, then only their daily and hourly figures. */
const RAW_EVENT_DAYS = 30;
/** A day is rolled up this long after it ends, so views still in an instance's buffer are in. */
const LATE_VIEWS_GRACE_MS = 10 * 60_000;

const notAdmin = sql`NOT EXISTS (SELECT 1 FROM analytics_admin_visitors a WHERE a.day = e.day AND a.visitor = e.visitor)`;

/**
 * Rolls one finished day's raw events into the daily and hourly tables, once: the totals row is
 * inserted first and decides (an instance that finds it there already leaves the day alone).
 * Returns false when the day was rolled up before.
 */
async function rollUpDay(db: AppDatabase, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await sql<{ day: string }>`
      INSERT INTO analytics_daily_totals (day, views, visitors)
      SELECT ${day}, COALESCE(SUM(e.views), 0), COUNT(DISTINCT visitor) FROM analytics_events e WHERE e.day = ${day} AND ${notAdmin}
      ON CONFLICT (day) DO NOTHING RETURNING day
    `.execute(trx);
    if (inserted.rows.length === 0) return false;
    await sql`
      INSERT INTO analytics_hourly (day, hour, views, visitors)
      SELECT day, hour, COALESCE(SUM(e.views), 0), COUNT(DISTINCT visitor) FROM analytics_events e WHERE e.day = ${day} AND ${notAdmin}
      GROUP BY day, hour
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_pages (day, path, views, visitors)
      SELECT day, path, COALESCE(SUM(e.views), 0), COUNT(DISTINCT visitor) FROM analytics_events e WHERE e.day = ${day} AND ${notAdmin}
      GROUP BY day, path
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_sources (day, source, campaign, views, visitors)
      SELECT day, COALESCE(source, ''), COALESCE(campaign, ''), COALESCE(SUM(e.views), 0), COUNT(DISTINCT visitor)
      FROM analytics_events e WHERE e.day = ${day} AND ${notAdmin}
      GROUP BY day, COALESCE(source, ''), COALESCE(campaign, '')
    `.execute(trx);
    await sql`
      INSERT INTO analytics_daily_devices (day, device, views, visitors)
      SELECT day, device, COALESCE(SUM(e.views), 0), COUNT(DISTINCT visitor) FROM analytics_events e WHERE e.day = ${day} AND ${notAdmin}
      GROUP BY day, device
    `.execute(trx);
    return true;
  });
}

export type RollUpResult = { daysRolledUp: number; eventsDeleted: number };

/**
 * Rolls up every finished day not rolled up yet, then forgets what is no longer needed: the salts
 * and admin hashes of rolled-up days, and raw events older than RAW_EVENT_DAYS.
 */
export async function rollUpAnalytics(db: AppDatabase, now = new Date()): Promise<RollUpResult> {
  const firstOpenDay = dayOf(new Date(now.getTime() - LATE_VIEWS_GRACE_MS));
  const pending = await sql<{ day: string }>`
    SELECT DISTINCT day FROM analytics_events e
    WHERE e.day < ${firstOpenDay} AND NOT EXISTS (SELECT 1 FROM analytics_daily_totals t WHERE t.day = e.day)
    ORDER BY day
  `.execute(db);
  let daysRolledUp = 0;
  for (const { day } of pending.rows) if (await rollUpDay(db, day)) daysRolledUp += 1;

  await db.deleteFrom('analyticsSalts').where('day', '<', firstOpenDay).execute();
  await db.deleteFrom('analyticsAdminVisitors').where('day', '<', firstOpenDay).execute();
  // A raw row may stand for several views: the number removed is the views, as before the rows were collapsed.
  const eventsDeleted = await db.transaction().execute(async (trx) => {
    const expired = trx
      .selectFrom('analyticsEvents')
      .where('day', '<', addDays(dayOf(now), -RAW_EVENT_DAYS))
      .where('day', 'in', (eb) => eb.selectFrom('analyticsDailyTotals').select('day'));
    const { views } = await expired
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('views'), eb.lit(0)).as('views'))
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('analyticsEvents')
      .where('day', '<', addDays(dayOf(now), -RAW_EVENT_DAYS))
      .where('day', 'in', (eb) => eb.selectFrom('analyticsDailyTotals').select('day'))
      .execute();
    return Number(views);
  });
  return { daysRolledUp, eventsDeleted };
}
