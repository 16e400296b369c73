import { sql, type RawBuilder } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import { DEVICE_CLASSES, type DeviceClass } from './visit-filter.js';

export type DayRange = { from: string; to: string };
export type Counted = { views: number; visitors: number };

/**
 * Page-view figures for a range of UTC days. Rolled-up days are read from the daily tables; days
 * not rolled up yet (today, yesterday) are counted from the raw events, leaving out the admin's own
 * visits. Visitors over several days are the sum of each day's unique visitors: the daily salt
 * makes one visitor on two days two different hashes, by design.
 */
const liveEvents = ({ from, to }: DayRange): RawBuilder<unknown> => sql`(
  SELECT e.day, e.hour, e.path, e.source, e.campaign, e.device, e.visitor, e.views FROM analytics_events e
  WHERE e.day >= ${from} AND e.day <= ${to}
    AND NOT EXISTS (SELECT 1 FROM analytics_daily_totals t WHERE t.day = e.day)
    AND NOT EXISTS (SELECT 1 FROM analytics_admin_visitors a WHERE a.day = e.day AND a.visitor = e.visitor)
)`;

type CountRow = { views: number | string; visitors: number | string };
const counted = (row: CountRow): Counted => ({ views: Number(row.views), visitors: Number(row.visitors) });

export async function viewsByDay(db: AppDatabase, range: DayRange): Promise<Array<{ day: string } & Counted>> {
  const { rows } = await sql<{ day: string } & CountRow>`
    SELECT day, views, visitors FROM analytics_daily_totals WHERE day >= ${range.from} AND day <= ${range.to}
    UNION ALL
    SELECT day, SUM(views) AS views, COUNT(DISTINCT visitor) AS visitors FROM ${liveEvents(range)} live GROUP BY day
  `.execute(db);
  return rows.map((row) => ({ day: row.day, ...counted(row) })).sort((a, b) => a.day.localeCompare(b.day));
}

export async function viewsByHour(
  db: AppDatabase,
  range: DayRange,
): Promise<Array<{ day: string; hour: number } & Counted>> {
  const { rows } = await sql<{ day: string; hour: number | string } & CountRow>`
    SELECT day, hour, views, visitors FROM analytics_hourly WHERE day >= ${range.from} AND day <= ${range.to}
    UNION ALL
    SELECT day, hour, SUM(views) AS views, COUNT(DISTINCT visitor) AS visitors FROM ${liveEvents(range)} live
    GROUP BY day, hour
  `.execute(db);
  return rows
    .map((row) => ({ day: row.day, hour: Number(row.hour), ...counted(row) }))
    .sort((a, b) => a.day.localeCompare(b.day) || a.hour - b.hour);
}

export async function topPages(
  db: AppDatabase,
  range: DayRange,
  limit: number,
  pathPrefix = '/',
): Promise<Array<{ path: string } & Counted>> {
  const prefix = `${pathPrefix}%`;
  const { rows } = await sql<{ path: string } & CountRow>`
    SELECT path, SUM(views) AS views, SUM(visitors) AS visitors FROM (
      SELECT path, views, visitors FROM analytics_daily_pages
      WHERE day >= ${range.from} AND day <= ${range.to} AND path LIKE ${prefix}
      UNION ALL
      SELECT path, SUM(views) AS views, COUNT(DISTINCT visitor) AS visitors FROM ${liveEvents(range)} live
      WHERE path LIKE ${prefix} GROUP BY day, path
    ) pages GROUP BY path ORDER BY SUM(views) DESC, path LIMIT ${limit}
  `.execute(db);
  return rows.map((row) => ({ path: row.path, ...counted(row) }));
}

/** Views of each of `paths` (absent: none). */
export async function viewsOfPaths(db: AppDatabase, range: DayRange, paths: string[]): Promise<Map<string, Counted>> {
  const figures = new Map<string, Counted>();
  if (paths.length === 0) return figures;
  const { rows } = await sql<{ path: string } & CountRow>`
    SELECT path, SUM(views) AS views, SUM(visitors) AS visitors FROM (
      SELECT path, views, visitors FROM analytics_daily_pages
      WHERE day >= ${range.from} AND day <= ${range.to} AND path IN (${sql.join(paths)})
      UNION ALL
      SELECT path, SUM(views) AS views, COUNT(DISTINCT visitor) AS visitors FROM ${liveEvents(range)} live
      WHERE path IN (${sql.join(paths)}) GROUP BY day, path
    ) pages GROUP BY path
  `.execute(db);
  for (const row of rows) figures.set(row.path, counted(row));
  return figures;
}

export type SourceFigures = { source: string; campaign: string } & Counted;

/** Views by source ('' = direct) and campaign ('' = none), most first. */
export async function viewsBySource(db: AppDatabase, range: DayRange): Promise<SourceFigures[]> {
  const { rows } = await sql<{ source: string; campaign: string } & CountRow>`
    SELECT source, campaign, SUM(views) AS views, SUM(visitors) AS visitors FROM (
      SELECT source, campaign, views, visitors FROM analytics_daily_sources WHERE day >= ${range.from} AND day <= ${range.to}
      UNION ALL
      SELECT COALESCE(source, '') AS source, COALESCE(campaign, '') AS campaign, SUM(views) AS views,
        COUNT(DISTINCT visitor) AS visitors
      FROM ${liveEvents(range)} live GROUP BY day, COALESCE(source, ''), COALESCE(campaign, '')
    ) sources GROUP BY source, campaign ORDER BY SUM(views) DESC, source, campaign
  `.execute(db);
  return rows.map((row) => ({ source: row.source, campaign: row.campaign, ...counted(row) }));
}

export async function viewsByDevice(db: AppDatabase, range: DayRange): Promise<Record<DeviceClass, Counted>> {
  const { rows } = await sql<{ device: string } & CountRow>`
    SELECT device, SUM(views) AS views, SUM(visitors) AS visitors FROM (
      SELECT device, views, visitors FROM analytics_daily_devices WHERE day >= ${range.from} AND day <= ${range.to}
      UNION ALL
      SELECT device, SUM(views) AS views, COUNT(DISTINCT visitor) AS visitors FROM ${liveEvents(range)} live
      GROUP BY day, device
    ) devices GROUP BY device
  `.execute(db);
  const devices = Object.fromEntries(DEVICE_CLASSES.map((device) => [device, { views: 0, visitors: 0 }])) as Record<
    DeviceClass,
    Counted
  >;
  for (const row of rows) if (row.device in devices) devices[row.device as DeviceClass] = counted(row);
  return devices;
}
