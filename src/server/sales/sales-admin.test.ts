import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { SALE_SECRETS, seedSaleEdition, stripeSession } from '../test-support/sales.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';

let t: TestApp;
let token: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let bookId: string;

const post = (provider: string, signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sales/events/${provider}`,
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });
const pay = (n: string, amount = 499) =>
  post(
    'stripe',
    stripeSession({
      eventId: `evt_${n}`,
      sessionId: `cs_${n}`,
      paymentIntent: `pi_${n}`,
      paymentLink: 'plink_admin',
      amount,
      email: `${n}@example.org`,
    }),
  );
const queued = async (orderId: string) =>
  (
    await t.services.db
      .selectFrom('mailQueue')
      .select('status')
      .where('mailingId', '=', PURCHASE_MAILING_ID)
      .where('recipientId', '=', orderId)
      .execute()
  ).length;

beforeAll(async () => {
  // Only Stripe's secret in the environment: Payhip's comes from Settings → Sales.
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SALE_SECRETS.STRIPE_WEBHOOK_SECRET });
  token = await openAdminSession(t.services);
  admin = t.callerWithKey(token);
  ({
    book: { id: bookId },
  } = await seedSaleEdition(t.services, { provider: 'stripe', productId: 'plink_admin', amount: 499 }));
});
afterAll(() => t.close());

describe('Sell direct in the admin', () => {
  it('saves an edition’s Sell direct settings, checked, and shows Buy direct on the public list', async () => {
    await expect(t.callerWithKey(null).sales.editions()).rejects.toThrow('Admin key required');
    await expect(
      admin.sales.saveEdition({
        bookId: 'no-such-book',
        format: 'audiobook',
        provider: 'payhip',
        productId: 'RGsF',
        checkoutUrl: 'https://payhip.com/b/RGsF',
        price: '9.00',
        currency: 'usd',
      }),
    ).rejects.toThrow('Book not found');
    await expect(
      admin.sales.saveEdition({
        bookId,
        format: 'audiobook',
        provider: 'payhip',
        productId: 'RGsF',
        checkoutUrl: 'javascript:alert(1)',
        price: 'nine',
        currency: 'usd',
      }),
    ).rejects.toThrow(/Checkout link must be an https/);
    await expect(
      admin.sales.saveEdition({
        bookId,
        format: 'audiobook',
        provider: 'stripe',
        productId: 'plink_admin',
        checkoutUrl: 'https://buy.stripe.com/x',
        price: '9.00',
        currency: 'usd',
      }),
    ).rejects.toThrow('Another edition is already sold with this product id');
    const saved = await admin.sales.saveEdition({
      bookId,
      format: 'audiobook',
      provider: 'payhip',
      productId: 'RGsF',
      checkoutUrl: 'https://payhip.com/b/RGsF',
      price: '9',
      currency: 'usd',
    });
    expect(saved).toMatchObject({ amount: 900, provider: 'payhip' });
    const [book] = await t.publicCaller().books.list();
    // Only editions with a file to deliver (edition_files of its format) are offered: the audiobook has none.
    expect(book!.directSales).toEqual([expect.objectContaining({ format: 'ebook', price: '$4.99' })]);
  });

  it('keeps secrets write-only, the environment winning, and lists what each provider sent', async () => {
    await admin.sales.saveSecrets({ payhipApiKey: 'saved-payhip-key-123', stripeWebhookSecret: 'whsec_saved_ignored' });
    expect(await admin.sales.secrets()).toEqual({
      stripe: 'environment',
      lemonsqueezy: null,
      payhip: 'settings',
      shopify: null,
    });
    // Lemon Squeezy has no secret anywhere: its events are refused as not configured.
    expect((await post('lemonsqueezy', { body: '{}', headers: {} })).statusCode).toBe(404);
    const payhip = JSON.stringify({
      id: 'PHX',
      email: 'b@example.org',
      currency: 'USD',
      price: 1,
      items: [{ product_key: 'nothing' }],
      type: 'paid',
      signature: createHash('sha256').update('saved-payhip-key-123').digest('hex'),
    });
    expect((await post('payhip', { body: payhip, headers: {} })).json()).toMatchObject({ result: 'held' });
    const recent = await admin.sales.recentEvents({ provider: 'payhip' });
    expect(recent).toMatchObject({ configured: true, events: [{ eventId: 'paid:PHX', kind: 'paid' }] });
  });

  it('lists orders paged, resends, revokes and releases a held one', async () => {
    expect((await pay('o1')).json()).toMatchObject({ result: 'paid' });
    expect((await pay('o2', 100)).json()).toMatchObject({ result: 'held' });
    const { items: orders, nextCursor } = await admin.sales.orders({ search: 'o1@' });
    expect(orders).toHaveLength(1);
    expect(nextCursor).toBeNull();
    const paid = orders[0]!;
    expect(paid).toMatchObject({ state: 'paid', amount: 499, currency: 'usd', bookTitle: 'Sold direct plink_admin' });
    await admin.sales.resend({ id: paid.id });
    expect(await queued(paid.id)).toBe(1);
    const held = (await admin.sales.orders({ state: 'held', search: 'o2@' })).items[0]!;
    expect(held.heldReason).toBe('Paid $1.00, but the edition costs $4.99');
    await expect(admin.sales.resend({ id: held.id })).rejects.toThrow('A held order has nothing to send');
    await admin.sales.release({ id: held.id });
    expect(await queued(held.id)).toBe(1);
    await expect(admin.sales.release({ id: held.id })).rejects.toThrow('Only a held order can be released');
    await admin.sales.revoke({ id: paid.id });
    expect((await admin.sales.orders({ search: 'o1@' })).items[0]?.state).toBe('refunded');
    await expect(admin.sales.revoke({ id: paid.id })).rejects.toThrow('already refunded');
    await expect(admin.sales.revoke({ id: 'nope' })).rejects.toThrow('Order not found');
  });

  it('gives the Overview its figures and exports the orders as CSV (admin only)', async () => {
    const figures = await admin.sales.figures();
    expect(figures.revenue).toEqual([{ currency: 'usd', amount: 100, orders: 1 }]);
    expect(figures.refunds).toBe(1);
    expect(figures.held).toBe(1);
    expect(figures.sales).toEqual([
      { bookId, bookTitle: 'Sold direct plink_admin', format: 'ebook', provider: 'stripe', orders: 1 },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv' })).statusCode).toBe(401);
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: bearer(token) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('reference,createdAt,state,heldReason,buyerEmail');
    expect(lines).toHaveLength(4);
  });
});
