import { CompiledQuery } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import { databaseEngine, type DatabaseEngine } from '../db/database-engine.js';
import { dayOf } from './calendar.js';
import type { DeviceClass } from './visit-filter.js';
import { VisitorHashCache } from './visitor-hash-cache.js';
import { visitorHash, VisitorSalts } from './visitor-salt.js';

type Log = { error: (details: object, message: string) => void };

/** One view as the request left it: the address and user agent stay in memory only until the flush hashes them. */
export type PendingView = {
  at: Date;
  path: string;
  source: string | null;
  campaign: string | null;
  device: DeviceClass;
  address: string;
  userAgent: string;
};

export type RecorderOptions = { flushEveryMs?: number; maxBuffered?: number; log: Log };

/** Rows per INSERT: 8 values each, well under SQLite's limit of bound values. */
const INSERT_CHUNK = 500;
const EVENT_COLUMNS = 8;

/**
 * The multi-row INSERT for `rows` events, written once per engine and size (a full chunk's is
 * reused batch after batch) instead of built and compiled through the query builder for every batch.
 */
const insertSqlCache = new Map<string, string>();
function insertEventsSql(engine: DatabaseEngine, rows: number): string {
  const key = `${engine}:${rows}`;
  let text = insertSqlCache.get(key);
  if (text === undefined) {
    const tuples: string[] = [];
    for (let row = 0; row < rows; row++) {
      const marks: string[] = [];
      for (let column = 1; column <= EVENT_COLUMNS; column++)
        marks.push(engine === 'postgres' ? `$${row * EVENT_COLUMNS + column}` : '?');
      tuples.push(`(${marks.join(', ')})`);
    }
    text = `insert into analytics_events (day, hour, path, source, campaign, device, visitor, views) values ${tuples.join(', ')}`;
    if (rows === INSERT_CHUNK || insertSqlCache.size < 64) insertSqlCache.set(key, text);
  }
  return text;
}
/** A database down for long: past this many waiting rows, the oldest are dropped rather than memory. */
const MAX_WAITING = 200_000;
const HOUR_MS = 3_600_000;

/** Identical views of one UTC hour: one row of analytics_events with their number. */
type PendingRow = { view: PendingView; views: number };

/** Everything that makes a row distinct; the address and user agent only until the flush hashes them. */
const rowKey = (view: PendingView): string =>
  `${Math.floor(view.at.getTime() / HOUR_MS)}\0${view.path}\0${view.source ?? '\u0001'}\0${view.campaign ?? '\u0001'}\0${view.device}\0${view.address}\0${view.userAgent}`;

/**
 * Counting never waits on the database: a view is added to an in-memory map (no I/O, no hashing
 * on the request's path) where identical views of the same hour (path, source, campaign, device,
 * address and user agent) become one row with a count, and the map is written in batches every
 * `flushEveryMs` (or sooner when it grows). Each view is counted exactly once: a failed batch goes
 * back into the map for the next flush, and closing the app flushes what is left.
 */
export class PageViewRecorder {
  private rows = new Map<string, PendingRow>();
  private admins: Array<{ at: Date; address: string; userAgent: string }> = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly salts: VisitorSalts;
  private readonly hashes = new VisitorHashCache();
  private readonly maxBuffered: number;

  constructor(
    private readonly db: AppDatabase,
    private readonly options: RecorderOptions,
  ) {
    this.salts = new VisitorSalts(db);
    this.maxBuffered = options.maxBuffered ?? 2000;
    this.timer = setInterval(() => void this.flush(), options.flushEveryMs ?? 2000);
    this.timer.unref();
  }

  record(view: PendingView): void {
    this.add(rowKey(view), view, 1);
    if (this.rows.size >= this.maxBuffered && !this.flushing) void this.flush();
  }

  /** The admin's own address and browser: their views of the day are left out of every count. */
  noteAdmin(address: string, userAgent: string, at = new Date()): void {
    this.admins.push({ at, address, userAgent });
  }

  /** Writes everything recorded so far; concurrent calls share one write, then write what arrived meanwhile. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.rows.size === 0 && this.admins.length === 0) return;
    this.flushing = this.writeBatch().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async writeBatch(): Promise<void> {
    const rows = this.rows;
    const admins = this.admins;
    this.rows = new Map();
    this.admins = [];
    try {
      const adminRows = [];
      for (const admin of admins) {
        const day = dayOf(admin.at);
        adminRows.push({ day, visitor: visitorHash(await this.salts.saltFor(day), admin.address, admin.userAgent) });
      }
      if (adminRows.length)
        await this.db
          .insertInto('analyticsAdminVisitors')
          .values(adminRows)
          .onConflict((conflict) => conflict.columns(['day', 'visitor']).doNothing())
          .execute();
      // One salt lookup per day in the batch, not one await per view.
      const saltOfDay = new Map<string, string>();
      const pending = [...rows.values()];
      const days = pending.map((row) => dayOf(row.view.at));
      for (const day of days) if (!saltOfDay.has(day)) saltOfDay.set(day, await this.salts.saltFor(day));
      const values: Array<string | number | null> = [];
      for (const [index, { view, views }] of pending.entries()) {
        const day = days[index]!;
        const salt = saltOfDay.get(day)!;
        const visitor = this.hashes.hashOf(day, salt, view.address, view.userAgent, () =>
          visitorHash(salt, view.address, view.userAgent),
        );
        const hour = view.at.getUTCHours();
        values.push(day, hour, view.path, view.source, view.campaign, view.device, visitor, views);
      }
      const engine = databaseEngine(this.db);
      await this.db.transaction().execute(async (trx) => {
        for (let start = 0; start < values.length; start += INSERT_CHUNK * EVENT_COLUMNS) {
          const chunk = values.slice(start, start + INSERT_CHUNK * EVENT_COLUMNS);
          await trx.executeQuery(CompiledQuery.raw(insertEventsSql(engine, chunk.length / EVENT_COLUMNS), chunk));
        }
      });
    } catch (error) {
      this.options.log.error({ err: error }, 'analytics: page views could not be written; trying again');
      const arrived = this.rows;
      this.rows = rows;
      for (const [key, row] of arrived) this.add(key, row.view, row.views);
      for (const key of this.rows.keys()) {
        if (this.rows.size <= MAX_WAITING) break;
        this.rows.delete(key);
      }
      this.admins = [...admins, ...this.admins];
    }
  }

  private add(key: string, view: PendingView, views: number): void {
    const row = this.rows.get(key);
    if (row) row.views += views;
    else this.rows.set(key, { view, views });
  }
}
