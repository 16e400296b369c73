import type { Insertable } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import type { Database } from '../db/schema.js';
import { dayOf } from './calendar.js';
import type { DeviceClass } from './visit-filter.js';
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

/** Rows per INSERT: 7 values each, well under SQLite's limit of bound values. */
const INSERT_CHUNK = 500;
/** A database down for long: past this many waiting views, the oldest are dropped rather than memory. */
const MAX_WAITING = 200_000;

/**
 * Counting never waits on the database: a view is pushed onto an in-memory list (no I/O, no
 * hashing on the request's path), and the list is written in batches every `flushEveryMs`
 * (or sooner when it grows). Each view is inserted exactly once: a failed batch goes back to the
 * front of the list for the next flush, and closing the app flushes what is left.
 */
export class PageViewRecorder {
  private views: PendingView[] = [];
  private admins: Array<{ at: Date; address: string; userAgent: string }> = [];
  private flushing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly salts: VisitorSalts;
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
    this.views.push(view);
    if (this.views.length >= this.maxBuffered && !this.flushing) void this.flush();
  }

  /** The admin's own address and browser: their views of the day are left out of every count. */
  noteAdmin(address: string, userAgent: string, at = new Date()): void {
    this.admins.push({ at, address, userAgent });
  }

  /** Writes everything recorded so far; concurrent calls share one write, then write what arrived meanwhile. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.views.length === 0 && this.admins.length === 0) return;
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
    const views = this.views;
    const admins = this.admins;
    this.views = [];
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
      const rows: Insertable<Database['analyticsEvents']>[] = [];
      for (const view of views) {
        const day = dayOf(view.at);
        rows.push({
          day,
          hour: view.at.getUTCHours(),
          path: view.path,
          source: view.source,
          campaign: view.campaign,
          device: view.device,
          visitor: visitorHash(await this.salts.saltFor(day), view.address, view.userAgent),
        });
      }
      await this.db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += INSERT_CHUNK)
          await trx
            .insertInto('analyticsEvents')
            .values(rows.slice(start, start + INSERT_CHUNK))
            .execute();
      });
    } catch (error) {
      this.options.log.error({ err: error }, 'analytics: page views could not be written; trying again');
      this.views = [...views, ...this.views].slice(-MAX_WAITING);
      this.admins = [...admins, ...this.admins];
    }
  }
}
