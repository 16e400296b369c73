import type { AppDatabase } from '../db/connection.js';
import { timestampNow, toStoredBoolean } from '../db/row-conversion.js';
import { removeCopiesOfOrder } from './copies/personal-copy.js';
import type { SalesFileStore } from './copies/sales-file-store.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';

export type BuyerErasure = { orders: number; copies: number };

/**
 * Erases a buyer at their request (GDPR art. 17; the accounts are kept as art. 17(3)(b) and tax law
 * allow): every order of the address keeps its reference, book, format, amount, currency, provider
 * ids, state and dates, and loses the buyer's name and email and marketing consent; its personal
 * copies (which carry the name) are deleted, bytes and rows; its download links are refused from
 * now on (`erasedAt`); its purchase emails are taken out of the send queue and the address's
 * library sign-ins deleted. A later event for such an order delivers nothing and restores nothing.
 */
export async function eraseBuyer(db: AppDatabase, store: SalesFileStore, email: string): Promise<BuyerErasure> {
  const key = email.trim().toLowerCase();
  if (!key) return { orders: 0, copies: 0 };
  const orders = await db.selectFrom('saleOrders').select(['id', 'reference']).where('buyerEmail', '=', key).execute();
  const ids = orders.map((order) => order.id);
  const now = timestampNow();
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) {
      await trx
        .updateTable('saleOrders')
        .set({
          buyerEmail: '',
          buyerName: '',
          marketingConsent: toStoredBoolean(false),
          copyFileId: null,
          erasedAt: now,
          updatedAt: now,
        })
        .where('id', 'in', ids)
        .execute();
      await trx
        .deleteFrom('mailQueue')
        .where('mailingId', '=', PURCHASE_MAILING_ID)
        .where('recipientId', 'in', ids)
        .execute();
    }
    await trx.deleteFrom('librarySignIns').where('email', '=', key).execute();
  });
  // The links are refused from here on, so no download reads a copy while it goes.
  let copies = 0;
  for (const order of orders) copies += await removeCopiesOfOrder(db, store, order.reference);
  return { orders: ids.length, copies };
}
