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

/**
 * A reader's profile: the row as the list shows it, totals and the history newest first — signed up, confirmed,
 * the author's changes, issues received, clicks, the gift, preorders and purchases (by the same address), each
 * kind bounded to its latest READER_LIMITS.history events. Undefined when there is no such reader.
 */
export async function readerProfile(db: AppDatabase, id: string): Promise<ReaderProfile | undefined> {
  const reader = await findReader(db, id);
  if (!reader) return undefined;
  const email = reader.email.toLowerCase();
  const history: ReaderEvent[] = [];
  const add = (at: string | Date | null | undefined, kind: ReaderEvent['kind'], text: string) => {
    if (at) history.push({ at: typeof at === 'string' ? toDate(at) : at, kind, text });
  };

  add(reader.createdAt, 'signed-up', reader.source ? `Signed up (${reader.source})` : 'Signed up');
  add(reader.confirmedAt, 'confirmed', 'Confirmed by email');
  if (reader.bouncedAt) add(reader.bouncedAt, 'bounced', 'The address bounced');
  if (reader.suppression)
    add(
      reader.suppression.createdAt,
      'suppressed',
      `On the suppression list: ${SUPPRESSION_REASON_LABELS[reader.suppression.reason as SuppressionReason] ?? reader.suppression.reason}` +
        (reader.suppression.note ? ` (${reader.suppression.note})` : ''),
    );
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('unsubscribedAt')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!reader.isActive) add(row?.unsubscribedAt, 'unsubscribed', 'Unsubscribed');

  const changes = await db
    .selectFrom('readerChanges')
    .select(['change', 'reason', 'changedAt'])
    .where('subscriptionId', '=', id)
    .orderBy('changedAt', 'desc')
    .limit(SHOWN)
    .execute();
  for (const change of changes)
    add(change.changedAt, 'changed', change.reason ? `${change.change} — reason: ${change.reason}` : change.change);

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
  for (const issue of issues) add(issue.sentAt, 'issue', `Received “${issue.subject ?? 'a deleted issue'}”`);
  const issueTotal = count(
    await received()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  );

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
  for (const click of clicks)
    add(click.clickedAt, 'click', `Clicked ${click.url}` + (click.subject ? ` in “${click.subject}”` : ''));
  const clickTotal = count(
    await clicked()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  );

  const gifts = await db
    .selectFrom('giftLinks as g')
    .leftJoin('downloadMeters as m', (join) => join.on('m.meter', '=', sql<string>`'gift-link:' || g.id`))
    .select(['g.createdAt', 'g.resentAt', 'm.used'])
    .where('g.subscriptionId', '=', id)
    .orderBy('g.createdAt', 'desc')
    .limit(SHOWN)
    .execute();
  let giftDownloads = 0;
  for (const gift of gifts) {
    const downloads = Number(gift.used ?? 0) / 1000;
    giftDownloads += downloads;
    add(gift.createdAt, 'gift', `Gift link sent; downloads so far: ${formatDownloads(downloads)}`);
    if (gift.resentAt) add(gift.resentAt, 'gift', 'Gift link sent again');
  }

  const preorderRows = () => db.selectFrom('preorders').where(sql<string>`lower(customer_email)`, '=', email);
  const preorders = await preorderRows()
    .select(['createdAt', 'bookTitle', 'preferredFormat', 'notifiedAt'])
    .orderBy('createdAt', 'desc')
    .limit(SHOWN)
    .execute();
  for (const preorder of preorders) {
    add(preorder.createdAt, 'preorder', `Preordered ${preorder.bookTitle} (${preorder.preferredFormat})`);
    add(preorder.notifiedAt, 'preorder', `Told ${preorder.bookTitle} is out`);
  }
  const preorderTotal = count(
    await preorderRows()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  );

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
  for (const order of orders) {
    const price =
      order.amount !== null && order.currency ? ` for ${formatSaleAmount(order.amount, order.currency)}` : '';
    const state = ORDER_STATE_LABELS[order.state as OrderState] ?? order.state;
    add(
      order.paidAt ?? order.createdAt,
      'purchase',
      `Bought ${order.title ?? 'a book'}${order.format ? ` (${order.format})` : ''}${price} — order ${order.reference}, ${state}, downloads: ${Number(order.downloads)}`,
    );
  }
  const purchaseTotal = count(
    await orderRows()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirst(),
  );

  history.sort((a, b) => b.at.getTime() - a.at.getTime());
  return {
    reader,
    totals: {
      issues: issueTotal,
      clicks: clickTotal,
      giftDownloads,
      preorders: preorderTotal,
      purchases: purchaseTotal,
    },
    history,
  };
}

const formatDownloads = (downloads: number) => (Number.isInteger(downloads) ? String(downloads) : downloads.toFixed(1));
