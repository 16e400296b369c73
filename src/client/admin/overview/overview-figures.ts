import { isDirectShop } from '../../../domain/analytics-paths.js';
import { byWeek, type SiteStats } from '../../../domain/analytics.js';

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 25" for a UTC day. */
const dayLabel = (day: string): string => DAY_LABEL.format(new Date(`${day}T00:00:00.000Z`));

/** Longer periods are charted by week, or the bars would be too thin to read. */
const WEEKLY_FROM_DAYS = 60;

export function viewsSeries(stats: SiteStats) {
  const rows =
    stats.days.length >= WEEKLY_FROM_DAYS
      ? byWeek(stats.days, (a, b) => ({ ...a, views: a.views + b.views, visitors: a.visitors + b.visitors }))
      : stats.days;
  return {
    unit: stats.days.length >= WEEKLY_FROM_DAYS ? 'Week of' : 'Day',
    rows: rows.map((row) => ({ label: dayLabel(row.day), views: row.views, visitors: row.visitors })),
  };
}

export function growthSeries(stats: SiteStats) {
  const days = stats.subscribers.days;
  const rows =
    days.length >= WEEKLY_FROM_DAYS
      ? byWeek(days, (a, b) => ({ ...a, gained: a.gained + b.gained, lost: a.lost + b.lost }))
      : days;
  return {
    unit: days.length >= WEEKLY_FROM_DAYS ? 'Week of' : 'Day',
    rows: rows.map((row) => ({ label: dayLabel(row.day), gained: row.gained, lost: -row.lost })),
  };
}

/** How a sign-up source reads: `form:/books/x` → "Form on /books/x". */
export function signupSourceLabel(source: string): string {
  if (source.startsWith('form:')) return `Form on ${source.slice(5)}`;
  if (source.startsWith('import:')) return `Imported from ${source.slice(7)}`;
  if (source === 'api') return 'API';
  return 'Unknown (before tracking)';
}

/** Each book's direct orders beside its retailer shop clicks, the busiest first. */
export function directBesideShops(
  sales: Array<{ bookId: string | null; bookTitle: string | null; orders: number }>,
  shopClicks: SiteStats['shopClicks'],
): Array<{ key: string; title: string; direct: number; directClicks: number; shopClicks: number }> {
  type Row = { key: string; title: string; direct: number; directClicks: number; shopClicks: number };
  const rows = new Map<string, Row>();
  const row = (key: string, title: string) => {
    const existing = rows.get(key) ?? { key, title, direct: 0, directClicks: 0, shopClicks: 0 };
    rows.set(key, existing);
    return existing;
  };
  for (const sale of sales) row(sale.bookId ?? 'unknown', sale.bookTitle ?? 'Unknown book').direct += sale.orders;
  for (const click of shopClicks) {
    const book = row(click.bookId, click.title);
    if (isDirectShop(click.shop)) book.directClicks += click.clicks;
    else book.shopClicks += click.clicks;
  }
  const weight = (r: Row) => r.direct + r.directClicks + r.shopClicks;
  return [...rows.values()].sort((a, b) => weight(b) - weight(a) || a.title.localeCompare(b.title));
}
