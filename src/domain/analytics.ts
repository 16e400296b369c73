import { z } from 'zod';

/** The Overview's period switch: the last N days, today included. */
export const STATS_PERIODS = [7, 30, 90, 365] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const DEFAULT_STATS_PERIOD: StatsPeriod = 30;
/** The longest range one stats request may ask for. */
const MAX_STATS_DAYS = 366;

const DAY_MESSAGE = 'must be a date like 2026-11-25';

const daySchema = z
  .string({ error: DAY_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE)
  .refine((value) => {
    const time = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(time.getTime()) && time.toISOString().slice(0, 10) === value;
  }, DAY_MESSAGE);

const utcDay = (time: Date): string => time.toISOString().slice(0, 10);

/** The last `days` UTC days up to today. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: utcDay(from), to: utcDay(now) };
}

/** `from`/`to` (UTC days, both included); either may be left out: the last 30 days up to `to`. */
export const statsRangeInput = z
  .object({ from: daySchema.optional(), to: daySchema.optional() })
  .optional()
  .transform((input, context) => {
    const to = input?.to ?? utcDay(new Date());
    const from = input?.from ?? lastDays(DEFAULT_STATS_PERIOD, new Date(`${to}T12:00:00.000Z`)).from;
    if (from > to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'from must not be after to' });
      return z.NEVER;
    }
    const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
    if (span > MAX_STATS_DAYS) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `the range may span at most ${MAX_STATS_DAYS} days`,
      });
      return z.NEVER;
    }
    return { from, to };
  });

type Counted = { views: number; visitors: number };

export type IssueResults = {
  id: string;
  subject: string;
  sentAt: Date | null;
  /** Messages queued for the issue. */
  recipients: number;
  /** Accepted by the relay (delivered as far as the site can know). */
  sent: number;
  /** Refused (bounced) or given up on. */
  failed: number;
  /** Recipients who unsubscribed after this issue and before the next one. */
  unsubscribed: number;
  /** Recipient-and-link pairs clicked (a recipient clicking one link twice counts once). */
  clicks: number;
  /** Recipients who clicked at least one link. */
  clickers: number;
  links: Array<{ url: string; clicks: number }>;
};

export type SubscriberGrowth = {
  /** Confirmed in the range. */
  gained: number;
  /** Unsubscribed or bounced in the range. */
  lost: number;
  /** Subscribed (confirmed, not lost) at the end of the range. */
  total: number;
  days: Array<{ day: string; gained: number; lost: number }>;
  /** Where the range's new subscribers signed up: `form:/path`, `api`, `import:…`, or `unknown`. */
  sources: Array<{ source: string; gained: number }>;
};

/** GET /api/admin/stats: the documented fields first; the rest serve the Overview. */
/**
 * One sent issue's clicks per link: each link of the issue (most readers first) and how many recipients clicked it
 * (a reader clicking a link twice counts once), with the issue's recipients and the readers who clicked any link.
 */
export type IssueLinkReport = {
  issueId: string;
  subject: string;
  recipients: number;
  clickers: number;
  links: Array<{ url: string; readers: number }>;
};

export type SiteStats = {
  from: string;
  to: string;
  views: number;
  visitors: number;
  pages: Array<{ path: string } & Counted>;
  referrers: Array<{ source: string; views: number; visitors: number }>;
  devices: { phone: Counted; tablet: Counted; desktop: Counted };
  subscribers: SubscriberGrowth;
  issues: IssueResults[];
  days: Array<{ day: string } & Counted>;
  /** For ranges of up to two days: views by hour. */
  hours: Array<{ day: string; hour: number } & Counted>;
  posts: Array<{ id: string; title: string; path: string } & Counted>;
  campaigns: Array<{ source: string; campaign: string; views: number }>;
  preorders: Array<{ bookId: string; bookTitle: string; format: string; count: number }>;
  /** Clicks on the Buy menu's shop links (through /r/), per book and shop. */
  shopClicks: Array<{ bookId: string; title: string; shop: string; clicks: number }>;
  contact: { received: number; latest: Array<{ id: string; name: string; createdAt: Date; preview: string }> };
};

/** How a source is shown: '' is a direct visit (typed address, bookmark, app). */
export const sourceLabel = (source: string): string => (source === '' ? 'Direct / none' : source);

/** Days grouped into weeks starting on Monday, for long ranges. */
export function byWeek<T extends { day: string }>(rows: T[], sum: (a: T, b: T) => T): T[] {
  const weeks = new Map<string, T>();
  for (const row of rows) {
    const time = new Date(`${row.day}T00:00:00.000Z`);
    time.setUTCDate(time.getUTCDate() - ((time.getUTCDay() + 6) % 7));
    const week = utcDay(time);
    const known = weeks.get(week);
    weeks.set(week, known ? sum(known, { ...row, day: week }) : { ...row, day: week });
  }
  return [...weeks.values()];
}
