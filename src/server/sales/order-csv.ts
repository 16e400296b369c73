import type { CsvColumn } from '../../domain/csv.js';
import { listOrders, type ListedOrder } from './orders-repository.js';
import type { AppDatabase } from '../db/connection.js';
import { decodePageCursor, type PageKey } from '../db/keyset-page.js';

/** An order's columns in a CSV: the Orders tab's export and the site export's orders.csv. */
export const ORDER_CSV_COLUMNS: CsvColumn<ListedOrder>[] = [
  { header: 'reference', value: (row) => row.reference },
  { header: 'createdAt', value: (row) => row.createdAt },
  { header: 'state', value: (row) => row.state },
  { header: 'heldReason', value: (row) => row.heldReason ?? '' },
  { header: 'buyerEmail', value: (row) => row.buyerEmail },
  { header: 'buyerName', value: (row) => row.buyerName },
  { header: 'bookTitle', value: (row) => row.bookTitle ?? '' },
  { header: 'format', value: (row) => row.format ?? '' },
  { header: 'amount', value: (row) => (row.amount === null ? '' : (row.amount / 100).toFixed(2)) },
  { header: 'currency', value: (row) => row.currency?.toUpperCase() ?? '' },
  { header: 'provider', value: (row) => row.provider },
  { header: 'providerOrderId', value: (row) => row.providerOrderId },
  { header: 'downloads', value: (row) => row.downloads },
  { header: 'marketingConsent', value: (row) => row.marketingConsent },
  { header: 'refundedAt', value: (row) => row.refundedAt ?? '' },
  { header: 'erasedAt', value: (row) => row.erasedAt ?? '' },
];

const PAGE = 1_000;

/** Every order, newest first, a page at a time (the site export). */
export async function* allOrders(db: AppDatabase): AsyncGenerator<ListedOrder[]> {
  let after: PageKey | null = null;
  do {
    const page = await listOrders(db, { search: '', limit: PAGE }, after);
    if (page.items.length > 0) yield page.items;
    after = page.nextCursor === null ? null : decodePageCursor(page.nextCursor);
  } while (after !== null);
}
