import {
  formatSaleAmount,
  parseSaleAmount,
  type DirectSaleFormat,
  type PublicSaleEdition,
  type SaleProvider,
} from '../../domain/sales.js';
import type { z } from 'zod';
import type { saleEditionInputSchema } from '../../domain/sales.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow, toBoolean, toStoredBoolean } from '../db/row-conversion.js';

export type SaleEdition = {
  id: string;
  bookId: string;
  format: DirectSaleFormat;
  provider: SaleProvider;
  productId: string;
  checkoutUrl: string;
  amount: number;
  currency: string;
  isActive: boolean;
};

const COLUMNS = [
  'id',
  'bookId',
  'format',
  'provider',
  'productId',
  'checkoutUrl',
  'amount',
  'currency',
  'isActive',
] as const;

type Row = {
  id: string;
  bookId: string;
  format: string;
  provider: string;
  productId: string;
  checkoutUrl: string;
  amount: number;
  currency: string;
  isActive: number;
};

const toSaleEdition = (row: Row): SaleEdition => ({
  id: row.id,
  bookId: row.bookId,
  format: row.format as DirectSaleFormat,
  provider: row.provider as SaleProvider,
  productId: row.productId,
  checkoutUrl: row.checkoutUrl,
  amount: Number(row.amount),
  currency: row.currency,
  isActive: toBoolean(row.isActive),
});

const toPublicSaleEdition = (edition: SaleEdition): PublicSaleEdition => ({
  id: edition.id,
  format: edition.format,
  provider: edition.provider,
  checkoutUrl: edition.checkoutUrl,
  amount: edition.amount,
  currency: edition.currency,
  price: formatSaleAmount(edition.amount, edition.currency),
});

export async function listSaleEditions(db: AppDatabase, bookId?: string): Promise<SaleEdition[]> {
  let query = db.selectFrom('saleEditions').select(COLUMNS).orderBy('bookId').orderBy('format');
  if (bookId) query = query.where('bookId', '=', bookId);
  return (await query.execute()).map(toSaleEdition);
}

/** The editions a reader can buy direct now: active, with a file to deliver (its edition_files). */
export async function listPublicSaleEditions(
  db: AppDatabase,
  bookIds: string[],
): Promise<Map<string, PublicSaleEdition[]>> {
  const byBook = new Map<string, PublicSaleEdition[]>();
  if (bookIds.length === 0) return byBook;
  const rows = await db
    .selectFrom('saleEditions')
    .select(COLUMNS)
    .where('bookId', 'in', bookIds)
    .where('isActive', '=', toStoredBoolean(true))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('editionFiles')
          .select('editionFiles.id')
          .whereRef('editionFiles.bookId', '=', 'saleEditions.bookId')
          .whereRef('editionFiles.editionFormat', '=', 'saleEditions.format'),
      ),
    )
    .orderBy('format')
    .execute();
  for (const row of rows) {
    const list = byBook.get(row.bookId) ?? [];
    list.push(toPublicSaleEdition(toSaleEdition(row)));
    byBook.set(row.bookId, list);
  }
  return byBook;
}

export async function findSaleEdition(db: AppDatabase, id: string): Promise<SaleEdition | undefined> {
  const row = await db.selectFrom('saleEditions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toSaleEdition(row);
}

/** The edition a provider's product names (any of the ids the event carries). */
export async function findSaleEditionByProduct(
  db: AppDatabase,
  provider: SaleProvider,
  productIds: string[],
): Promise<SaleEdition | undefined> {
  if (productIds.length === 0) return undefined;
  const row = await db
    .selectFrom('saleEditions')
    .select(COLUMNS)
    .where('provider', '=', provider)
    .where('productId', 'in', productIds)
    .orderBy('createdAt')
    .executeTakeFirst();
  return row && toSaleEdition(row);
}

/** Creates or replaces the "Sell direct" settings of a book's edition (one per format); returns its id. */
export async function saveSaleEdition(
  db: AppDatabase,
  input: z.output<typeof saleEditionInputSchema>,
): Promise<string> {
  const now = timestampNow();
  const fields = {
    provider: input.provider,
    productId: input.productId,
    checkoutUrl: input.checkoutUrl,
    amount: parseSaleAmount(input.price)!,
    currency: input.currency,
    isActive: toStoredBoolean(input.isActive),
    updatedAt: now,
  };
  const row = await db
    .insertInto('saleEditions')
    .values({ id: newId(), bookId: input.bookId, format: input.format, ...fields, createdAt: now })
    .onConflict((conflict) => conflict.columns(['bookId', 'format']).doUpdateSet(fields))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteSaleEdition(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('saleEditions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
