import { sql } from 'kysely';
import type { IssueResults, SiteStats, SubscriberGrowth } from '../../domain/analytics.js';
import { blogPostPath, bookPath } from '../../domain/content-links.js';
import type { AppDatabase } from '../db/connection.js';
import { figuresByMailing } from '../newsletter/send-queue/mail-queue-repository.js';
import { daysBetween } from './calendar.js';
import { shopClicksBetween } from './shop-links.js';
import {
  topPages,
  viewsByDay,
  viewsByDevice,
  viewsByHour,
  viewsBySource,
  viewsOfPaths,
  type DayRange,
} from './page-stats.js';

const TOP_ROWS = 20;
const MAX_ISSUES = 20;
const CONTACT_PREVIEW = 120;

const endOf = (day: string) => `${day}T23:59:59.999Z`;
const startOf = (day: string) => `${day}T00:00:00.000Z`;

/** When a subscriber stopped receiving the newsletter (older rows: only the bounce was recorded). */
const lostAt = sql<string | null>`COALESCE(unsubscribed_at, bounced_at)`;

async function subscriberGrowth(db: AppDatabase, range: DayRange): Promise<SubscriberGrowth> {
  const [from, to] = [startOf(range.from), endOf(range.to)];
  const gained = await db
    .selectFrom('newsletterSubscriptions')
    .select([sql<string>`substr(confirmed_at, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('confirmedAt', '>=', from)
    .where('confirmedAt', '<=', to)
    .groupBy(sql`substr(confirmed_at, 1, 10)`)
    .execute();
  const lost = await db
    .selectFrom('newsletterSubscriptions')
    .select([sql<string>`substr(${lostAt}, 1, 10)`.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('confirmedAt', 'is not', null)
    .where(lostAt, '>=', from)
    .where(lostAt, '<=', to)
    .groupBy(sql`substr(${lostAt}, 1, 10)`)
    .execute();
  const sources = await db
    .selectFrom('newsletterSubscriptions')
    .select([sql<string>`COALESCE(source, 'unknown')`.as('source'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('confirmedAt', '>=', from)
    .where('confirmedAt', '<=', to)
    .groupBy(sql`COALESCE(source, 'unknown')`)
    .orderBy(sql`COUNT(*)`, 'desc')
    .execute();
  const total = await db
    .selectFrom('newsletterSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('confirmedAt', '<=', to)
    .where((eb) => eb.or([eb(lostAt, 'is', null), eb(lostAt, '>', to)]))
    .executeTakeFirstOrThrow();
  const gainedByDay = new Map(gained.map((row) => [row.day, Number(row.count)]));
  const lostByDay = new Map(lost.map((row) => [row.day, Number(row.count)]));
  const days = daysBetween(range.from, range.to).map((day) => ({
    day,
    gained: gainedByDay.get(day) ?? 0,
    lost: lostByDay.get(day) ?? 0,
  }));
  return {
    gained: days.reduce((sum, day) => sum + day.gained, 0),
    lost: days.reduce((sum, day) => sum + day.lost, 0),
    total: Number(total.count),
    days,
    sources: sources.map((row) => ({ source: row.source, gained: Number(row.count) })),
  };
}

async function issueResults(db: AppDatabase, range: DayRange): Promise<IssueResults[]> {
  const issues = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'subject', 'sentAt'])
    .where('sentAt', '>=', startOf(range.from))
    .where('sentAt', '<=', endOf(range.to))
    .orderBy('sentAt', 'desc')
    .limit(MAX_ISSUES)
    .execute();
  if (issues.length === 0) return [];
  const ids = issues.map((issue) => issue.id);
  const figures = await figuresByMailing(db, ids);
  const links = await db
    .selectFrom('newsletterLinks as l')
    .leftJoin('newsletterLinkClicks as c', 'c.linkId', 'l.id')
    .select(['l.issueId', 'l.url', (eb) => eb.fn.count<number>('c.subscriberId').as('clicks')])
    .where('l.issueId', 'in', ids)
    .groupBy(['l.issueId', 'l.id', 'l.url'])
    .execute();
  const clickers = await db
    .selectFrom('newsletterLinkClicks as c')
    .innerJoin('newsletterLinks as l', 'l.id', 'c.linkId')
    .select(['l.issueId', (eb) => eb.fn.count<number>('c.subscriberId').distinct().as('clickers')])
    .where('l.issueId', 'in', ids)
    .groupBy('l.issueId')
    .execute();
  // Unsubscribes an issue caused: its recipients who left after it was sent, before the next issue.
  const sentTimes = await db
    .selectFrom('newsletterIssues')
    .select('sentAt')
    .where('sentAt', 'is not', null)
    .orderBy('sentAt')
    .execute();
  const unsubscribed = new Map<string, number>();
  for (const issue of issues) {
    if (!issue.sentAt) continue;
    const next = sentTimes.find((row) => row.sentAt! > issue.sentAt!)?.sentAt ?? '9999';
    const row = await db
      .selectFrom('mailQueue as q')
      .innerJoin('newsletterSubscriptions as s', 's.id', 'q.recipientId')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('q.mailingId', '=', issue.id)
      .where('q.kind', '=', 'issue')
      .where('s.unsubscribedAt', '>=', issue.sentAt)
      .where('s.unsubscribedAt', '<', next)
      .executeTakeFirstOrThrow();
    unsubscribed.set(issue.id, Number(row.count));
  }
  return issues.map((issue) => {
    const sends = figures.get(issue.id);
    const issueLinks = links
      .filter((link) => link.issueId === issue.id)
      .map((link) => ({ url: link.url, clicks: Number(link.clicks) }))
      .sort((a, b) => b.clicks - a.clicks);
    return {
      id: issue.id,
      subject: issue.subject,
      sentAt: issue.sentAt ? new Date(issue.sentAt) : null,
      recipients: sends?.total ?? 0,
      sent: sends?.sent ?? 0,
      failed: sends?.failed ?? 0,
      unsubscribed: unsubscribed.get(issue.id) ?? 0,
      clicks: issueLinks.reduce((sum, link) => sum + link.clicks, 0),
      clickers: Number(clickers.find((row) => row.issueId === issue.id)?.clickers ?? 0),
      links: issueLinks,
    };
  });
}

async function topPosts(db: AppDatabase, range: DayRange): Promise<SiteStats['posts']> {
  const pages = await topPages(db, range, TOP_ROWS * 2, '/blog/');
  if (pages.length === 0) return [];
  const posts = await db.selectFrom('blogPosts').select(['id', 'title', 'slug']).execute();
  const byPath = new Map(posts.map((post) => [blogPostPath(post), post]));
  return pages
    .flatMap((page) => {
      const post = byPath.get(page.path);
      return post ? [{ id: post.id, title: post.title, ...page }] : [];
    })
    .slice(0, TOP_ROWS);
}

/**
 * Page views in the range of the posts and book pages asked for (by id; an id no post or book has is left out):
 * the admin's lists and editor show them, a page of them at a time.
 */
export async function contentViews(
  db: AppDatabase,
  range: DayRange,
  ids: { posts: readonly string[]; books: readonly string[] },
): Promise<{ posts: Record<string, number>; books: Record<string, number> }> {
  const posts = ids.posts.length
    ? await db.selectFrom('blogPosts').select(['id', 'slug']).where('id', 'in', ids.posts).execute()
    : [];
  const books = ids.books.length
    ? await db.selectFrom('books').select(['id', 'slug']).where('id', 'in', ids.books).execute()
    : [];
  const figures = await viewsOfPaths(db, range, [...posts.map(blogPostPath), ...books.map(bookPath)]);
  const viewsOf = (path: string) => figures.get(path)?.views ?? 0;
  return {
    posts: Object.fromEntries(posts.map((post) => [post.id, viewsOf(blogPostPath(post))])),
    books: Object.fromEntries(books.map((book) => [book.id, viewsOf(bookPath(book))])),
  };
}

async function preorders(db: AppDatabase, range: DayRange): Promise<SiteStats['preorders']> {
  const rows = await db
    .selectFrom('preorders')
    .select(['bookId', 'bookTitle', 'preferredFormat', (eb) => eb.fn.countAll<number>().as('count')])
    .where('createdAt', '>=', startOf(range.from))
    .where('createdAt', '<=', endOf(range.to))
    .groupBy(['bookId', 'bookTitle', 'preferredFormat'])
    .orderBy('bookTitle')
    .orderBy('preferredFormat')
    .execute();
  return rows.map((row) => ({
    bookId: row.bookId,
    bookTitle: row.bookTitle,
    format: row.preferredFormat,
    count: Number(row.count),
  }));
}

async function contactMessages(db: AppDatabase, range: DayRange): Promise<SiteStats['contact']> {
  const inRange = db
    .selectFrom('contactSubmissions')
    .where('createdAt', '>=', startOf(range.from))
    .where('createdAt', '<=', endOf(range.to));
  const count = await inRange.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const latest = await inRange
    .select(['id', 'name', 'message', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .limit(5)
    .execute();
  return {
    received: Number(count.count),
    latest: latest.map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: new Date(row.createdAt),
      preview: row.message.length > CONTACT_PREVIEW ? `${row.message.slice(0, CONTACT_PREVIEW)}…` : row.message,
    })),
  };
}

/** Everything the Overview shows (and GET /api/admin/stats answers) for a range of UTC days. */
export async function siteStats(db: AppDatabase, range: DayRange): Promise<SiteStats> {
  const [days, pages, sources, devices] = await Promise.all([
    viewsByDay(db, range),
    topPages(db, range, TOP_ROWS),
    viewsBySource(db, range),
    viewsByDevice(db, range),
  ]);
  const shortRange = daysBetween(range.from, range.to).length <= 2;
  const referrers = new Map<string, { source: string; views: number; visitors: number }>();
  for (const row of sources) {
    const known = referrers.get(row.source) ?? { source: row.source, views: 0, visitors: 0 };
    referrers.set(row.source, { ...known, views: known.views + row.views, visitors: known.visitors + row.visitors });
  }
  const byDay = new Map(days.map((day) => [day.day, day]));
  return {
    from: range.from,
    to: range.to,
    views: days.reduce((sum, day) => sum + day.views, 0),
    visitors: days.reduce((sum, day) => sum + day.visitors, 0),
    pages,
    referrers: [...referrers.values()].sort((a, b) => b.views - a.views).slice(0, TOP_ROWS),
    devices,
    subscribers: await subscriberGrowth(db, range),
    issues: await issueResults(db, range),
    days: daysBetween(range.from, range.to).map((day) => byDay.get(day) ?? { day, views: 0, visitors: 0 }),
    hours: shortRange ? await viewsByHour(db, range) : [],
    posts: await topPosts(db, range),
    campaigns: sources
      .filter((row) => row.campaign !== '')
      .map((row) => ({ source: row.source, campaign: row.campaign, views: row.views }))
      .slice(0, TOP_ROWS),
    preorders: await preorders(db, range),
    shopClicks: await shopClicksBetween(db, range.from, range.to),
    contact: await contactMessages(db, range),
  };
}
