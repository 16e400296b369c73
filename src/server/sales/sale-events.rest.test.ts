import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailQueueJob } from '../newsletter/send-queue/mail-queue-job.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import {
  lemonSqueezyOrder,
  payhipEventBody,
  SALE_SECRETS,
  seedSaleEdition,
  shopifyEventBody,
  stripeRefund,
  stripeSession,
} from '../test-support/sales.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...SALE_SECRETS });
  await Promise.all([
    seedSaleEdition(t.services, { provider: 'stripe', productId: 'plink_test_book', amount: 499 }),
    seedSaleEdition(t.services, { provider: 'lemonsqueezy', productId: '777', amount: 599 }),
    seedSaleEdition(t.services, { provider: 'payhip', productId: 'RGsF', amount: 900 }),
    seedSaleEdition(t.services, { provider: 'shopify', productId: '632910392', amount: 1099 }),
  ]);
});
afterAll(() => t.close());

const post = (provider: string, signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sales/events/${provider}`,
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });

const ordersOf = (provider: string, providerOrderId: string) =>
  t.services.db
    .selectFrom('saleOrders')
    .select(['id', 'state', 'heldReason', 'buyerEmail', 'amount', 'marketingConsent'])
    .where('provider', '=', provider)
    .where('providerOrderId', '=', providerOrderId)
    .execute();

const queuedFor = (orderId: string) =>
  t.services.db
    .selectFrom('mailQueue')
    .select(['email', 'kind', 'status'])
    .where('mailingId', '=', PURCHASE_MAILING_ID)
    .where('recipientId', '=', orderId)
    .execute();

const eventCount = async () =>
  Number(
    (
      await t.services.db
        .selectFrom('saleEvents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One valid payment, checked to be delivered (one queued purchase email); returns the order id. */
async function expectPaid(
  provider: string,
  orderKey: string,
  signed: { body: string; headers: Record<string, string> },
) {
  const response = await post(provider, signed);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ received: 'paid', result: 'paid', queuedEmail: true });
  const [order] = await ordersOf(provider, orderKey);
  expect(order?.state).toBe('paid');
  expect(await queuedFor(order!.id)).toEqual([{ email: 'ada@example.org', kind: 'purchase', status: 'pending' }]);
  return order!.id;
}

describe('Stripe events', () => {
  const session = (n: string, extra: Partial<Parameters<typeof stripeSession>[0]> = {}) =>
    stripeSession({
      eventId: `evt_${n}`,
      sessionId: `cs_${n}`,
      paymentIntent: `pi_${n}`,
      paymentLink: 'plink_test_book',
      amount: 499,
      email: 'Ada@Example.org',
      ...extra,
    });

  it('delivers a signed checkout.session.completed once; a replay changes nothing', async () => {
    const signed = session('s1');
    const orderId = await expectPaid('stripe', 'pi_s1', signed);
    const before = await eventCount();
    const replays = await Promise.all([post('stripe', signed), post('stripe', signed), post('stripe', signed)]);
    for (const replay of replays) expect(replay.json()).toMatchObject({ result: 'replay', queuedEmail: false });
    expect(await eventCount()).toBe(before);
    expect(await queuedFor(orderId)).toHaveLength(1);
  });

  it('refuses a tampered body, a wrong secret and an expired signature, changing nothing', async () => {
    const before = await eventCount();
    const good = session('s2');
    const tampered = { body: good.body.replace('"amount_total":499', '"amount_total":1'), headers: good.headers };
    const wrongSecret = stripeSession(
      {
        eventId: 'evt_s2',
        sessionId: 'cs_s2',
        paymentIntent: 'pi_s2',
        paymentLink: 'plink_test_book',
        amount: 499,
        email: 'a@example.org',
      },
      'whsec_not_the_secret_000',
    );
    const expired = stripeSession(
      {
        eventId: 'evt_s2',
        sessionId: 'cs_s2',
        paymentIntent: 'pi_s2',
        paymentLink: 'plink_test_book',
        amount: 499,
        email: 'a@example.org',
      },
      SALE_SECRETS.STRIPE_WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000) - 301,
    );
    const unsigned = { body: good.body, headers: {} };
    const answers = await Promise.all(
      [tampered, wrongSecret, expired, unsigned].map((signed) => post('stripe', signed)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401]);
    expect(await eventCount()).toBe(before);
    expect(await ordersOf('stripe', 'pi_s2')).toEqual([]);
  });

  it('ends refunded when the refund comes before the payment, and delivers nothing', async () => {
    const refund = await post('stripe', stripeRefund({ eventId: 'evt_r3', paymentIntent: 'pi_s3' }));
    expect(refund.json()).toMatchObject({ result: 'refunded' });
    const paid = await post('stripe', session('s3'));
    expect(paid.json()).toMatchObject({ result: 'unchanged', queuedEmail: false });
    const [order] = await ordersOf('stripe', 'pi_s3');
    expect(order).toMatchObject({ state: 'refunded', buyerEmail: 'ada@example.org', amount: 499 });
    expect(await queuedFor(order!.id)).toEqual([]);
  });

  it('delivers once when paid twice (completed, then async_payment_succeeded hours later)', async () => {
    const orderId = await expectPaid('stripe', 'pi_s4', session('s4'));
    const again = await post(
      'stripe',
      session('s4b', { sessionId: 'cs_s4', paymentIntent: 'pi_s4', type: 'checkout.session.async_payment_succeeded' }),
    );
    expect(again.json()).toMatchObject({ result: 'unchanged', queuedEmail: false });
    expect(await queuedFor(orderId)).toHaveLength(1);
  });

  it('waits for a delayed payment, then delivers it', async () => {
    const waiting = await post('stripe', session('s5', { paymentStatus: 'unpaid' }));
    expect(waiting.json()).toMatchObject({ result: 'pending', queuedEmail: false });
    await expectPaid(
      'stripe',
      'pi_s5',
      session('s5b', { sessionId: 'cs_s5', paymentIntent: 'pi_s5', type: 'checkout.session.async_payment_succeeded' }),
    );
  });

  it('holds a payment of the wrong amount or currency with the reason', async () => {
    const cheap = await post('stripe', session('s6', { amount: 100 }));
    expect(cheap.json()).toMatchObject({ result: 'held', queuedEmail: false });
    const [order] = await ordersOf('stripe', 'pi_s6');
    expect(order).toMatchObject({ state: 'held', heldReason: 'Paid $1.00, but the edition costs $4.99' });
    expect(await queuedFor(order!.id)).toEqual([]);
    const euros = await post('stripe', session('s7', { currency: 'eur' }));
    expect(euros.json()).toMatchObject({ result: 'held' });
    const unknown = await post('stripe', session('s8', { paymentLink: 'plink_someone_else' }));
    expect(unknown.json()).toMatchObject({ result: 'held' });
    expect((await ordersOf('stripe', 'pi_s8'))[0]?.heldReason).toMatch(
      /plink_someone_else is not an edition sold direct/,
    );
  });

  it('records the marketing consent only when the buyer opted in', async () => {
    const response = await post('stripe', session('s9', { consent: true, email: 'ada+consent@example.org' }));
    expect(response.json()).toMatchObject({ result: 'paid' });
    expect((await ordersOf('stripe', 'pi_s9'))[0]?.marketingConsent).toBe(1);
    expect((await ordersOf('stripe', 'pi_s1'))[0]?.marketingConsent).toBe(0);
    const subscribed = await t.services.db
      .selectFrom('newsletterSubscriptions')
      .select(['email', 'source', 'confirmedAt'])
      .execute();
    // Only the buyer who opted in, and only as an unconfirmed subscription (the confirmation email decides).
    expect(subscribed).toEqual([{ email: 'ada+consent@example.org', source: 'purchase', confirmedAt: null }]);
  });
});

describe('Lemon Squeezy events', () => {
  const order = (orderId: number, extra: Partial<Parameters<typeof lemonSqueezyOrder>[0]> = {}) =>
    lemonSqueezyOrder({
      event: 'order_created',
      orderId,
      variantId: 777,
      amount: 599,
      email: 'ada@example.org',
      ...extra,
    });

  it('delivers a signed order once, refuses tampering and a wrong secret, holds a wrong amount', async () => {
    const signed = order(1);
    await expectPaid('lemonsqueezy', '1', signed);
    expect((await post('lemonsqueezy', signed)).json()).toMatchObject({ result: 'replay' });
    const tampered = { body: signed.body.replace('599', '1'), headers: signed.headers };
    const wrong = lemonSqueezyOrder(
      { event: 'order_created', orderId: 2, variantId: 777, amount: 599, email: 'ada@example.org' },
      'not-the-signing-secret',
    );
    const answers = await Promise.all([post('lemonsqueezy', tampered), post('lemonsqueezy', wrong)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401]);
    expect(await ordersOf('lemonsqueezy', '2')).toEqual([]);
    expect((await post('lemonsqueezy', order(3, { amount: 99 }))).json()).toMatchObject({ result: 'held' });
  });

  it('ends refunded whatever the order of the events', async () => {
    const refund = lemonSqueezyOrder({
      event: 'order_refunded',
      orderId: 4,
      variantId: 777,
      amount: 599,
      email: 'ada@example.org',
    });
    expect((await post('lemonsqueezy', refund)).json()).toMatchObject({ result: 'refunded' });
    expect((await post('lemonsqueezy', order(4))).json()).toMatchObject({ result: 'unchanged', queuedEmail: false });
    expect((await ordersOf('lemonsqueezy', '4'))[0]?.state).toBe('refunded');
  });
});

describe('Payhip events', () => {
  const paid = (id: string, extra: Partial<Parameters<typeof payhipEventBody>[0]> = {}) =>
    payhipEventBody({
      type: 'paid',
      transactionId: id,
      productKey: 'RGsF',
      amount: 900,
      email: 'ada@example.org',
      ...extra,
    });

  it('delivers once on the hashed API key, dedupes the transaction, refuses a wrong key', async () => {
    const signed = paid('PH1');
    await expectPaid('payhip', 'PH1', signed);
    expect((await post('payhip', signed)).json()).toMatchObject({ result: 'replay' });
    const wrong = payhipEventBody(
      { type: 'paid', transactionId: 'PH2', productKey: 'RGsF', amount: 900, email: 'ada@example.org' },
      'not-the-api-key',
    );
    expect((await post('payhip', wrong)).statusCode).toBe(401);
    expect(await ordersOf('payhip', 'PH2')).toEqual([]);
  });

  it('delivers only a configured product at its amount (the signature does not cover the body)', async () => {
    expect((await post('payhip', paid('PH3', { productKey: 'OTHER' }))).json()).toMatchObject({ result: 'held' });
    expect((await post('payhip', paid('PH4', { amount: 1 }))).json()).toMatchObject({ result: 'held' });
  });

  it('refund before payment ends refunded', async () => {
    const refund = payhipEventBody({
      type: 'refunded',
      transactionId: 'PH5',
      productKey: 'RGsF',
      amount: 900,
      email: 'ada@example.org',
    });
    expect((await post('payhip', refund)).json()).toMatchObject({ result: 'refunded' });
    expect((await post('payhip', paid('PH5'))).json()).toMatchObject({ result: 'unchanged' });
  });
});

describe('Shopify events', () => {
  const paid = (orderId: number, extra: Partial<Parameters<typeof shopifyEventBody>[0]> = {}) =>
    shopifyEventBody({
      topic: 'orders/paid',
      webhookId: `wh-${orderId}`,
      orderId,
      productId: 632910392,
      total: '10.99',
      email: 'ada@example.org',
      ...extra,
    });

  it('delivers once, refuses tampering and a wrong secret, holds a wrong total', async () => {
    const signed = paid(1001);
    await expectPaid('shopify', '1001', signed);
    expect((await post('shopify', signed)).json()).toMatchObject({ result: 'replay' });
    const tampered = { body: signed.body.replace('10.99', '0.01'), headers: signed.headers };
    const wrong = shopifyEventBody(
      {
        topic: 'orders/paid',
        webhookId: 'wh-1002',
        orderId: 1002,
        productId: 632910392,
        total: '10.99',
        email: 'a@example.org',
      },
      'not-the-shopify-secret',
    );
    const answers = await Promise.all([post('shopify', tampered), post('shopify', wrong)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 401]);
    expect((await post('shopify', paid(1003, { total: '1.00' }))).json()).toMatchObject({ result: 'held' });
  });

  it('a refund revokes a delivered order; its retry changes nothing', async () => {
    await expectPaid('shopify', '1004', paid(1004));
    const refund = shopifyEventBody({
      topic: 'refunds/create',
      webhookId: 'wh-r1004',
      orderId: 1004,
      productId: 0,
      total: '0',
      email: '',
    });
    expect((await post('shopify', refund)).json()).toMatchObject({ result: 'refunded' });
    expect((await post('shopify', refund)).json()).toMatchObject({ result: 'replay' });
    expect((await ordersOf('shopify', '1004'))[0]?.state).toBe('refunded');
  });
});

describe('every provider', () => {
  it('answers 404 for an unknown provider and 400 for a verified body that is not an event', async () => {
    expect((await post('paypal', { body: '{}', headers: {} })).statusCode).toBe(404);
    const garbage = payhipEventBody({ type: 'paid', transactionId: 'x', productKey: 'RGsF', amount: 1, email: '' });
    const notJson = { body: 'not json', headers: {} };
    expect((await post('payhip', notJson)).statusCode).toBe(400);
    expect((await post('payhip', { body: garbage.body.replace('"id":"x",', ''), headers: {} })).statusCode).toBe(400);
  });

  it('processes 200 events posted in parallel (each twice) exactly once each', async () => {
    const signed = Array.from({ length: 100 }, (_, n) =>
      stripeSession({
        eventId: `evt_bulk_${n}`,
        sessionId: `cs_bulk_${n}`,
        paymentIntent: `pi_bulk_${n}`,
        paymentLink: 'plink_test_book',
        amount: 499,
        email: `bulk${n}@example.org`,
      }),
    );
    const answers = await Promise.all([...signed, ...signed].map((one) => post('stripe', one)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().result === 'paid')).toHaveLength(100);
    const queued = await t.services.db
      .selectFrom('mailQueue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mailingId', '=', PURCHASE_MAILING_ID)
      .where('email', 'like', 'bulk%')
      .executeTakeFirstOrThrow();
    expect(Number(queued.n)).toBe(100);
  });

  it('delivers those 100 emails to the outbox, one file each (all within the same seconds)', async () => {
    const stop = startMailQueueJob({
      db: t.services.db,
      mailer: t.services.mailing.queueMailer,
      messages: t.services.mailing.queuedMessages,
      ratePerMinute: null,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      idlePollMs: 20,
    });
    try {
      const sent = () =>
        t.services.db
          .selectFrom('mailQueue')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('mailingId', '=', PURCHASE_MAILING_ID)
          .where('email', 'like', 'bulk%')
          .where('status', '=', 'sent')
          .executeTakeFirstOrThrow();
      await expect.poll(async () => Number((await sent()).n), { timeout: 30_000 }).toBe(100);
    } finally {
      await stop();
    }
    const files = await readdir(path.join(t.dataDir, 'outbox'));
    const bulk = (
      await Promise.all(files.map((name) => readFile(path.join(t.dataDir, 'outbox', name), 'utf8')))
    ).filter((text) => /^To: bulk\d+@example\.org/m.test(text));
    expect(bulk).toHaveLength(100);
  });
});
