import type { FastifyRequest } from 'fastify';
import type { AppDatabase } from '../db/connection.js';
import { PageViewRecorder } from './page-view-recorder.js';
import { OncePerWindow } from './once-per-window.js';
import { countedPath, headerOf, isPrefetch, labelOf, optsOut, referrerHost, userAgentFacts } from './visit-filter.js';

type Log = { error: (details: object, message: string) => void };

/** One visitor's repeats of a view within this time count once. */
const VIEW_WINDOW_MS = 30 * 60 * 1000;

export type PageAnalyticsOptions = { enabled: boolean; log: Log; flushEveryMs?: number };

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

  constructor(
    db: AppDatabase,
    readonly options: PageAnalyticsOptions,
  ) {
    this.recorder = options.enabled
      ? new PageViewRecorder(db, { log: options.log, flushEveryMs: options.flushEveryMs })
      : null;
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
    this.recorder?.noteAdmin(request.ip, headerOf(request.headers, 'user-agent'));
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
    this.recorder!.record({ at: new Date(), path, source, campaign, device, address: request.ip, userAgent });
  }
}
