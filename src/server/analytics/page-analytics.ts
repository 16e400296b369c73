import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/connection.js';
import { dayOf } from './calendar.js';
import { PageViewRecorder } from './page-view-recorder.js';
import { OncePerWindow } from './once-per-window.js';
import { countedPath, headerOf, isPrefetch, labelOf, optsOut, referrerHost, userAgentFacts } from './visit-filter.js';

type Log = { error: (details: object, message: string) => void };

/** One visitor's repeats of a view within this time count once. */
const VIEW_WINDOW_MS = 30 * 60 * 1000;

/**
 * A browser seen signed in as the admin stays the admin's this long: its views of a new day are left out before
 * its next signed-in request (the admin area makes none while it sits open, so views just after midnight counted).
 */
const ADMIN_BROWSER_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Admin browsers remembered at most (the admin uses a few; the map is emptied past this). */
const MAX_ADMIN_BROWSERS = 1000;

export type PageAnalyticsOptions = {
  enabled: boolean;
  log: Log;
  flushEveryMs?: number;
  /** The time of a view (tests pass their own clock). */
  now?: () => Date;
};

/**
 * Decides which requests are page views and hands them to the recorder. Left out: anything but
 * GET (HEAD, POST), bots and scripts, prefetches, visitors sending Do-Not-Track or Sec-GPC, the
 * admin area and previews, and pages that were not found. The admin's own views are left out
 * when counted (see analytics_admin_visitors), and a visitor's repeats of one view (the same
 * page, source and campaign, from the same address and user agent) within VIEW_WINDOW_MS count
 * once. Nothing here sets a cookie or reads one.
 */
export class PageAnalytics {
  private readonly recorder: PageViewRecorder | null;
  private readonly recent = new OncePerWindow(VIEW_WINDOW_MS);
  /** The admin's browsers (address and user agent) with when they were last seen signed in and the day noted. */
  private readonly adminBrowsers = new Map<string, { seenAt: number; notedDay: string }>();
  private readonly now: () => Date;

  constructor(
    db: AppDatabase,
    readonly options: PageAnalyticsOptions,
  ) {
    this.recorder = options.enabled
      ? new PageViewRecorder(db, { log: options.log, flushEveryMs: options.flushEveryMs })
      : null;
    this.now = options.now ?? (() => new Date());
  }

  get enabled(): boolean {
    return this.recorder !== null;
  }

  /** A server-rendered page answered with `status`. */
  pageRequest(request: FastifyRequest, status: number): void {
    if (!this.recorder || request.method !== 'GET' || (status !== 200 && status !== 304)) return;
    const rawUrl = request.url;
    const queryStart = rawUrl.indexOf('?');
    const path = countedPath(queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart));
    if (!path) return;
    const query = queryStart < 0 ? null : new URLSearchParams(rawUrl.slice(queryStart + 1));
    const campaign = labelOf(query?.get('utm_campaign') ?? null);
    const source =
      labelOf(query?.get('utm_source') ?? null) ?? referrerHost(headerOf(request.headers, 'referer'), request.host);
    this.count(request, path, source, campaign);
  }

  /**
   * A client-side navigation reported by the page's beacon: the path only (the previous page was
   * this site's own, so there is no outside referrer), already checked to be a page of the site
   * (countedPath, then page-exists.ts).
   */
  navigation(request: FastifyRequest, path: string): void {
    if (this.recorder) this.count(request, path, null, null);
  }

  noteAdmin(request: FastifyRequest): void {
    if (!this.recorder) return;
    const userAgent = headerOf(request.headers, 'user-agent');
    const at = this.now();
    if (this.adminBrowsers.size >= MAX_ADMIN_BROWSERS) this.adminBrowsers.clear();
    this.adminBrowsers.set(adminBrowserKey(request.ip, userAgent), { seenAt: at.getTime(), notedDay: dayOf(at) });
    this.recorder.noteAdmin(request.ip, userAgent, at);
  }

  /** Writes the views recorded so far (before the stats are read, and when closing). */
  async flush(): Promise<void> {
    await this.recorder?.flush();
  }

  async close(): Promise<void> {
    await this.recorder?.close();
  }

  private count(request: FastifyRequest, path: string, source: string | null, campaign: string | null): void {
    const headers = request.headers;
    if (optsOut(headers) || isPrefetch(headers)) return;
    const userAgent = headerOf(headers, 'user-agent');
    const { bot, device } = userAgentFacts(userAgent);
    if (bot) return;
    // One visitor's same view (page, source, campaign) counts once in the window: reloads, replayed beacons.
    if (!this.recent.first([request.ip, userAgent, path, source ?? '', campaign ?? ''])) return;
    const at = this.now();
    this.noteAdminOnANewDay(request.ip, userAgent, at);
    this.recorder!.record({ at, path, source, campaign, device, address: request.ip, userAgent });
  }

  /** A view from a browser the admin was signed in on within the last day, on a day not noted yet: the admin's too. */
  private noteAdminOnANewDay(address: string, userAgent: string, at: Date): void {
    const admin = this.adminBrowsers.get(adminBrowserKey(address, userAgent));
    if (!admin || at.getTime() - admin.seenAt > ADMIN_BROWSER_MEMORY_MS) return;
    const day = dayOf(at);
    if (day === admin.notedDay) return;
    admin.notedDay = day;
    this.recorder!.noteAdmin(address, userAgent, at);
  }
}

const adminBrowserKey = (address: string, userAgent: string): string => `${address}\0${userAgent}`;
