import { sql } from 'kysely';
import { READER_LIMITS, type ReaderEvent, type ReaderProfile } from '../../../domain/readers.schema.js';
import { ORDER_STATE_LABELS, formatSaleAmount, type OrderState } from '../../../domain/sales.js';
import { SUPPRESSION_REASON_LABELS, type SuppressionReason } from '../../../domain/suppressions.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { toDate } from '../../db/row-conversion.js';
import { findReader } from './readers-repository.js';

/** The most of each kind of event the profile lists (the totals count them all). */
const SHOWN = READER_LIMITS.history;

const count = (row: { count: number | string | bigint } | undefined) => Number(row?.count ?? 0);

type Reader = NonNullable<Awaited<ReturnType<typeof findReader>>>;
/** Events of one kind, and how many there are in all (only the latest SHOWN are listed). */
type Kind = { events: ReaderEvent[]; total: number };

/** An event, or none when it has no time (a step the reader never took). */
const event = (at: string | Date | null | undefined, kind: ReaderEvent['kind'], text: string): ReaderEvent[] =>
  at ? [{ at: typeof at === 'string' ? toDate(at) : at, kind, text }] : [];

/**
 * A reader's profile: the row as the list shows it, totals and the history newest first — signed up, confirmed,
 * the author's changes, issues received, clicks, the gift, preorders and purchases (by the same address), each
 * kind bounded to its latest READER_LIMITS.history events. Undefined when there is no such reader.
 */
export async function readerProfile(db: AppDatabase, id: string): Promise<ReaderProfile | undefined> {
  const reader = await findReader(db, id);
  if (!reader) return undefined;
  const email = reader.email.toLowerCase();
  const [account, changes, issues, clicks, gifts, preorders, purchases] = await Promise.all([
    accountEvents(db, reader),
    changeEvents(db, id),
    issueEvents(db, id),
    clickEvents(db, id),
    giftEvents(db, id),
    preorderEvents(db, email),
    purchaseEvents(db, email),
  ]);
  const history = [account, changes, issues, clicks, gifts, preorders, purchases]
    .flatMap((kind) => kind.events)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    reader,
    totals: {
      issues: issues.total,
      clicks: clicks.total,
      giftDownloads: gifts.downloads,
      preorders: preorders.total,
      purchases: purchases.total,
    },
    history,
  };
}

/** Signed up, confirmed, bounced, suppressed, unsubscribed. */
async function accountEvents(db: AppDatabase, reader: Reader): Promise<Kind> {
  const events = [
    ...event(reader.createdAt, 'signed-up', reader.source ? `Signed up (${reader.source})` : 'Signed up'),
    ...event(reader.confirmedAt, 'confirmed', 'Confirmed by email'),
    ...event(reader.bouncedAt, 'bounced', 'The address bounced'),
  ];
  if (reader.suppression)
    events.push(
      ...event(
        reader.suppression.createdAt,
        'suppressed',
        `On the suppression list: ${SUPPRESSION_REASON_LABELS[reader.suppression.reason as SuppressionReason] ?? reader.suppression.reason}` +
          (reader.suppression.note ? ` (${reader.suppression.note})` : ''),
      ),
    );
  if (!reader.isActive) {
    const row = await db
      .selectFrom('newsletterSubscriptions')
      .select('unsubscribedAt')
      .where('id', '=', reader.id)
      .executeTakeFirst();
    events.push(...event(row?.unsubscribedAt, 'unsubscribed', 'Unsubscribed'));
  }
  return { events, total: events.length };
}

/** The author's changes, with their reasons. */
async function changeEvents(db: AppDatabase, id: string): Promise<Kind> {
  const changes = await db
    .selectFrom('readerChanges')
    .select(['change', 'reason', 'changedAt'])
    .where('subscriptionId', '=', id)
    .orderBy('changedAt', 'desc')
    .limit(SHOWN)
    .execute();
  const events = changes.flatMap((change) =>
    event(change.changedAt, 'changed', change.reason ? `${change.change} — reason: ${change.reason}` : change.change),
  );
  return { events, total: events.length };
}

/** Issues sent to the reader. */
async function issueEvents(db: AppDatabase, id: string): Promise<Kind> {
  const received = () =>
    db
      .selectFrom('mailQueue as q')
      .where('q.recipientId', '=', id)
      .where('q.kind', '=', 'issue')
      .where('q.status', '=', 'sent');
  const issues = await received()
    .leftJoin('newsletterIssues as i', 'i.id', 'q.mailingId')
    .select(['q.sentAt', 'i.subject'])
    .orderBy('q.sentAt', 'desc')
    .limit(SHOWN)
    .execute();
  return {
    events: issues.flatMap((issue) => event(issue.sentAt, 'issue', `Received “${issue.subject ?? 'a deleted issue'}”`)),
    total: count(
      await received()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
    ),
  };
}

/** Links the reader clicked in issues. */
async function clickEvents(db: AppDatabase, id: string): Promise<Kind> {
  const clicked = () =>
    db
      .selectFrom('newsletterLinkClicks as c')
      .innerJoin('newsletterLinks as l', 'l.id', 'c.linkId')
      .where('c.subscriberId', '=', id);
  const clicks = await clicked()
    .leftJoin('newsletterIssues as i', 'i.id', 'l.issueId')
    .select(['c.clickedAt', 'l.url', 'i.subject'])
    .orderBy('c.clickedAt', 'desc')
    .limit(SHOWN)
    .execute();
  return {
    events: clicks.flatMap((click) =>
      event(click.clickedAt, 'click', `Clicked ${click.url}` + (click.subject ? ` in “${click.subject}”` : '')),
    ),
    total: count(
      await clicked()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
    ),
  };
}

/** Gift links sent (and sent again), with the downloads each one counted. */
async function giftEvents(db: AppDatabase, id: string): Promise<Kind & { downloads: number }> {
  const gifts = await db
    .selectFrom('giftLinks as g')
    .leftJoin('downloadMeters as m', (join) => join.on('m.meter', '=', sql<string>`'gift-link:' || g.id`))
    .select(['g.createdAt', 'g.resentAt', 'm.used'])
    .where('g.subscriptionId', '=', id)
    .orderBy('g.createdAt', 'desc')
    .limit(SHOWN)
    .execute();
  let downloads = 0;
  const events = gifts.flatMap((gift) => {
    const used = Number(gift.used ?? 0) / 1000;
    downloads += used;
    return [
      ...event(gift.createdAt, 'gift', `Gift link sent; downloads so far: ${formatDownloads(used)}`),
      ...event(gift.resentAt, 'gift', 'Gift link sent again'),
    ];
  });
  return { events, total: gifts.length, downloads };
}

/** Preorders placed with the reader's address, and the notices that the book is out. */
async function preorderEvents(db: AppDatabase, email: string): Promise<Kind> {
  const preorderRows = () => db.selectFrom('preorders').where(sql<string>`lower(customer_email)`, '=', email);
  const preorders = await preorderRows()
    .select(['createdAt', 'bookTitle', 'preferredFormat', 'notifiedAt'])
    .orderBy('createdAt', 'desc')
    .limit(SHOWN)
    .execute();
  return {
    events: preorders.flatMap((preorder) => [
      ...event(preorder.createdAt, 'preorder', `Preordered ${preorder.bookTitle} (${preorder.preferredFormat})`),
      ...event(preorder.notifiedAt, 'preorder', `Told ${preorder.bookTitle} is out`),
    ]),
    total: count(
      await preorderRows()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
    ),
  };
}

/** Books bought direct with the reader's address. */
async function purchaseEvents(db: AppDatabase, email: string): Promise<Kind> {
  const orderRows = () => db.selectFrom('saleOrders as o').where('o.buyerEmail', '=', email);
  const orders = await orderRows()
    .leftJoin('books as b', 'b.id', 'o.bookId')
    .select([
      'o.createdAt',
      'o.paidAt',
      'o.state',
      'o.amount',
      'o.currency',
      'o.format',
      'o.downloads',
      'o.reference',
      'b.title',
    ])
    .orderBy('o.createdAt', 'desc')
    .limit(SHOWN)
    .execute();
  return {
    events: orders.flatMap((order) => {
      const price =
        order.amount !== null && order.currency ? ` for ${formatSaleAmount(order.amount, order.currency)}` : '';
      const state = ORDER_STATE_LABELS[order.state as OrderState] ?? order.state;
      return event(
        order.paidAt ?? order.createdAt,
        'purchase',
        `Bought ${order.title ?? 'a book'}${order.format ? ` (${order.format})` : ''}${price} — order ${order.reference}, ${state}, downloads: ${Number(order.downloads)}`,
      );
    }),
    total: count(
      await orderRows()
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst(),
    ),
  };
}

const formatDownloads = (downloads: number) => (Number.isInteger(downloads) ? String(downloads) : downloads.toFixed(1));
