import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  ENGAGED_DAYS,
  NO_INTEREST_CHOSEN,
  UNKNOWN_SOURCE,
  type Page,
  type SubscriberFilters,
  type SubscriberPageInput,
  type SubscriberSummary,
} from '../../../domain/admin-lists.schema.js';
import { READER_STATES, readerStateOf, type ReaderState } from '../../../domain/reader-states.js';
import type { ReaderListItem } from '../../../domain/readers.schema.js';
import { NEWSLETTER_STATUSES, newsletterStatusOf, type NewsletterStatus } from '../../../domain/submissions.js';
import type { SuppressionReason } from '../../../domain/suppressions.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { olderThan, toPage, type PageKey } from '../../db/keyset-page.js';
import { containing } from '../../db/like-pattern.js';
import { toBoolean, toDate } from '../../db/row-conversion.js';
import { parseInterests } from '../subscriptions-repository.js';

/**
 * The admin's reads of the readers: the subscriber list a page at a time, its counts, one reader. Every read joins
 * the suppression list, so the state shown is the one the sends act on (src/domain/reader-states.ts).
 */

/** Subscriptions (`s`) with their address's suppression entry (`x`, absent when not suppressed). */
function readersWithSuppressions(db: AppDatabase) {
  return db
    .selectFrom('newsletterSubscriptions as s')
    .leftJoin('mailSuppressions as x', (join) => join.on('x.email', '=', sql<string>`lower(s.email)`));
}

const READER_COLUMNS = [
  's.id',
  's.email',
  's.name',
  's.isActive',
  's.createdAt',
  's.confirmedAt',
  's.bouncedAt',
  's.interests',
  's.source',
  's.pausedUntil',
  'x.reason as suppressionReason',
  'x.createdAt as suppressedAt',
  'x.note as suppressionNote',
] as const;

type ReaderRow = {
  id: string;
  email: string;
  name: string | null;
  isActive: number;
  createdAt: string;
  confirmedAt: string | null;
  bouncedAt: string | null;
  interests: string | null;
  source: string | null;
  pausedUntil: string | null;
  suppressionReason: string | null;
  suppressedAt: string | null;
  suppressionNote: string | null;
};

function toReader(row: ReaderRow): ReaderListItem {
  const subscription = {
    id: row.id,
    email: row.email,
    isActive: toBoolean(row.isActive),
    createdAt: toDate(row.createdAt),
    confirmedAt: row.confirmedAt === null ? null : toDate(row.confirmedAt),
    bouncedAt: row.bouncedAt === null ? null : toDate(row.bouncedAt),
    interests: parseInterests(row.interests),
    source: row.source ?? null,
    pausedUntil: row.pausedUntil ? toDate(row.pausedUntil) : null,
  };
  return {
    ...subscription,
    status: newsletterStatusOf(subscription),
    name: row.name,
    state: readerStateOf(subscription, row.suppressionReason),
    suppression:
      row.suppressionReason === null
        ? null
        : {
            reason: row.suppressionReason as SuppressionReason,
            createdAt: toDate(row.suppressedAt!),
            note: row.suppressionNote,
          },
  };
}

/** The SQL condition of each older status, as newsletterStatusOf decides it. */
const STATUS_CONDITIONS: Record<NewsletterStatus, RawBuilder<SqlBool>> = {
  unsubscribed: sql<SqlBool>`s.is_active = 0`,
  bounced: sql<SqlBool>`s.is_active <> 0 AND s.bounced_at IS NOT NULL`,
  active: sql<SqlBool>`s.is_active <> 0 AND s.bounced_at IS NULL AND s.confirmed_at IS NOT NULL`,
  pending: sql<SqlBool>`s.is_active <> 0 AND s.bounced_at IS NULL AND s.confirmed_at IS NULL`,
};

/** The SQL twin of readerStateOf: each state's condition over `s` and `x`. */
const NOT_SUPPRESSED = sql<SqlBool>`x.email IS NULL`;
const READER_STATE_SQL: Record<ReaderState, RawBuilder<SqlBool>> = {
  bounced: sql<SqlBool>`(x.reason = 'bounce' OR (${NOT_SUPPRESSED} AND s.is_active <> 0 AND s.bounced_at IS NOT NULL))`,
  complained: sql<SqlBool>`x.reason = 'complaint'`,
  suppressed: sql<SqlBool>`x.reason NOT IN ('bounce', 'complaint', 'unsubscribed')`,
  unsubscribed: sql<SqlBool>`(x.reason = 'unsubscribed' OR (${NOT_SUPPRESSED} AND s.is_active = 0))`,
  subscribed: sql<SqlBool>`(${NOT_SUPPRESSED} AND s.is_active <> 0 AND s.bounced_at IS NULL AND s.confirmed_at IS NOT NULL)`,
  unconfirmed: sql<SqlBool>`(${NOT_SUPPRESSED} AND s.is_active <> 0 AND s.bounced_at IS NULL AND s.confirmed_at IS NULL)`,
};

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const nextDayStart = (day: string) => {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
};

/** The readers matching the admin's filters: part of the address or name, interest, source, signed up, engaged. */
function matching(db: AppDatabase, filters: SubscriberFilters, now = new Date()) {
  let query = readersWithSuppressions(db);
  const search = filters.search.trim().toLowerCase();
  if (search)
    query = query.where(
      sql<SqlBool>`(lower(s.email) like ${containing(search)} escape '\\' OR lower(s.name) like ${containing(search)} escape '\\')`,
    );
  if (filters.interest === NO_INTEREST_CHOSEN)
    query = query.where((eb) => eb.or([eb('s.interests', 'is', null), eb('s.interests', '=', '[]')]));
  else if (filters.interest)
    query = query.where(sql<SqlBool>`s.interests like ${containing(JSON.stringify(filters.interest))} escape '\\'`);
  if (filters.source === UNKNOWN_SOURCE) query = query.where('s.source', 'is', null);
  else if (filters.source) query = query.where('s.source', '=', filters.source);
  if (filters.signedUpFrom) query = query.where('s.createdAt', '>=', dayStart(filters.signedUpFrom));
  if (filters.signedUpTo) query = query.where('s.createdAt', '<', nextDayStart(filters.signedUpTo));
  if (filters.engaged) {
    const since = new Date(now.getTime() - ENGAGED_DAYS * 24 * 60 * 60 * 1000).toISOString();
    const clicked = sql<SqlBool>`EXISTS (SELECT 1 FROM newsletter_link_clicks c WHERE c.subscriber_id = s.id AND c.clicked_at >= ${since})`;
    query = query.where(filters.engaged === 'clicked' ? clicked : sql<SqlBool>`NOT ${clicked}`);
  }
  return query;
}

/**
 * One page of the readers, newest first, narrowed by the admin's filters and a status or state: `limit` rows read
 * (one more to know whether a page follows), through the index on (created_at, id), whatever the list's size.
 */
export async function listReaders(
  db: AppDatabase,
  input: SubscriberPageInput,
  after: PageKey | null,
): Promise<Page<ReaderListItem>> {
  let query = matching(db, input);
  if (input.status) query = query.where(STATUS_CONDITIONS[input.status]);
  if (input.state) query = query.where(READER_STATE_SQL[input.state]);
  if (after) query = query.where(olderThan(after, 's.created_at'));
  const rows = await query
    .select(READER_COLUMNS)
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.id', 'desc')
    .limit(input.limit + 1)
    .execute();
  return toPage(rows, input.limit, toReader);
}

/** One reader as the list shows them; undefined when there is none. */
export async function findReader(db: AppDatabase, id: string): Promise<ReaderListItem | undefined> {
  const row = await readersWithSuppressions(db).select(READER_COLUMNS).where('s.id', '=', id).executeTakeFirst();
  return row ? toReader(row) : undefined;
}

/** How many distinct sources or interest lists the filters offer at most. */
const MAX_FILTER_CHOICES = 500;

/** The counts by status and state of the readers matching the filters, and the sources and interests to filter by. */
export async function summarizeReaders(db: AppDatabase, filters: SubscriberFilters): Promise<SubscriberSummary> {
  const countOf = (name: string, condition: RawBuilder<SqlBool>) =>
    sql<number>`sum(CASE WHEN ${condition} THEN 1 ELSE 0 END)`.as(name);
  const totals = await matching(db, filters)
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      ...NEWSLETTER_STATUSES.map((status) => countOf(status, STATUS_CONDITIONS[status])),
      ...READER_STATES.map((state) => countOf(`n${state}`, READER_STATE_SQL[state])),
    ])
    .executeTakeFirstOrThrow();
  const sources = await db
    .selectFrom('newsletterSubscriptions')
    .select('source')
    .distinct()
    .orderBy('source')
    .limit(MAX_FILTER_CHOICES)
    .execute();
  const interestLists = await db
    .selectFrom('newsletterSubscriptions')
    .select('interests')
    .distinct()
    .where('interests', 'is not', null)
    .limit(MAX_FILTER_CHOICES)
    .execute();
  const figure = (name: string) => Number((totals as Record<string, unknown>)[name] ?? 0);
  return {
    counts: Object.fromEntries(
      ['all', ...NEWSLETTER_STATUSES].map((status) => [status, figure(status)]),
    ) as SubscriberSummary['counts'],
    states: Object.fromEntries(
      READER_STATES.map((state) => [state, figure(`n${state}`)]),
    ) as SubscriberSummary['states'],
    sources: sources.map((row) => row.source ?? UNKNOWN_SOURCE),
    interests: [...new Set(interestLists.flatMap((row) => parseInterests(row.interests) ?? []))].sort(),
  };
}
