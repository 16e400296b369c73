import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, timestampNow } from '../db/row-conversion.js';
import { recordOutcomes, type ClaimedMessage } from '../newsletter/send-queue/mail-queue-repository.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { eraseBuyer } from './buyer-erasure.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import { PURCHASE_MAILING_ID, queuePurchaseEmail } from './orders-repository.js';

/**
 * A buyer's erasure while the queue records the sending of their purchase email: both write the order and its queue
 * row. On PostgreSQL (unit-pg) they ran at once and, taking the two rows in opposite orders, one of them died of a
 * deadlock (the admin's erasure answered 500, or the send's outcome was lost). Now both take the order first.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function paidOrderWithQueuedEmail(email: string): Promise<ClaimedMessage> {
  const id = newId();
  const now = timestampNow();
  await t.services.db
    .insertInto('saleOrders')
    .values({
      id,
      reference: id.slice(0, 8).toUpperCase(),
      provider: 'stripe',
      providerOrderId: `pi_${id}`,
      checkoutSessionId: null,
      saleEditionId: null,
      bookId: null,
      format: 'ebook',
      productRef: null,
      buyerEmail: email,
      buyerName: 'A Buyer',
      amount: 499,
      currency: 'eur',
      state: 'paid',
      heldReason: null,
      fingerprint: id,
      copyFileId: null,
      paidAt: now,
      deliveredAt: null,
      refundedAt: null,
      resentAt: null,
      erasedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await queuePurchaseEmail(t.services.db, { id, buyerEmail: email }, 'https://site.example');
  await t.services.db
    .updateTable('mailQueue')
    .set({ status: 'sending', claimedAt: now })
    .where('mailingId', '=', PURCHASE_MAILING_ID)
    .where('recipientId', '=', id)
    .execute();
  return {
    mailingId: PURCHASE_MAILING_ID,
    recipientId: id,
    kind: 'purchase',
    email,
    siteOrigin: 'https://site.example',
    attempts: 0,
  };
}

describe("a buyer's erasure while their purchase email's sending is recorded", () => {
  it('both go through, 60 times at once, and the order ends erased', async () => {
    const store = salesFileStoreOf(t.services);
    const rounds = Array.from({ length: 60 }, (_, index) => `race-${index}@example.org`);
    const messages = await Promise.all(rounds.map((email) => paidOrderWithQueuedEmail(email)));
    // Five pairs at a time: each of the ten operations holds one of the pool's ten connections, so a pair's two
    // transactions really run side by side. The erasure reads the orders before its transaction: started first, its
    // writes meet the send's.
    const settled: PromiseSettledResult<unknown>[] = [];
    for (let start = 0; start < messages.length; start += 5)
      settled.push(
        ...(await Promise.allSettled(
          messages
            .slice(start, start + 5)
            .flatMap((message) => [
              eraseBuyer(t.services.db, store, message.email),
              recordOutcomes(t.services.db, [{ result: 'sent', message, at: timestampNow() }]),
            ]),
        )),
      );
    expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    const orders = await t.services.db
      .selectFrom('saleOrders')
      .select(['buyerEmail', 'erasedAt'])
      .where(
        'id',
        'in',
        messages.map((message) => message.recipientId),
      )
      .execute();
    expect(orders).toHaveLength(60);
    expect(orders.every((order) => order.buyerEmail === '' && order.erasedAt !== null)).toBe(true);
  });
});
