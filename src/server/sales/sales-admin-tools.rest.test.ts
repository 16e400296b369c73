import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALE_PROVIDERS } from '../../domain/sales.js';
import { bearer } from '../test-support/http.js';
import { multipartBody } from '../test-support/multipart.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { SALE_SECRETS, seedSaleEdition, stripeSession } from '../test-support/sales.js';
import { makeDemoEpub } from './copies/demo-epub.js';
import { readWhole } from './copies/sales-file-store.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import { findOrder, PURCHASE_MAILING_ID } from './orders-repository.js';
import { ensureCopy } from './purchase-emails.js';

let t: TestApp;
let token: string;
let admin: ReturnType<TestApp['callerWithKey']>;

const pay = (n: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    ...(() => {
      const signed = stripeSession({
        eventId: `evt_${n}`,
        sessionId: `cs_${n}`,
        paymentIntent: `pi_${n}`,
        paymentLink: 'plink_tools',
        amount: 499,
        email: `${n}@example.org`,
      });
      return { payload: signed.body, headers: { 'content-type': 'application/json', ...signed.headers } };
    })(),
  });

const counts = async () => ({
  orders: (await t.services.db.selectFrom('saleOrders').select('id').execute()).length,
  mails: (
    await t.services.db
      .selectFrom('mailQueue')
      .select('recipientId')
      .where('mailingId', '=', PURCHASE_MAILING_ID)
      .execute()
  ).length,
});

const findCopy = (filename: string, content: Buffer, auth = true) => {
  const { payload, headers } = multipartBody([{ field: 'file', filename, content }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/sales/find-copy',
    payload,
    headers: { ...headers, ...(auth ? bearer(token) : {}) },
  });
};

beforeAll(async () => {
  // Stripe's secret in the environment; the other three are saved in Settings → Sales by a test below.
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: SALE_SECRETS.STRIPE_WEBHOOK_SECRET });
  token = await openAdminSession(t.services);
  admin = t.callerWithKey(token);
  await seedSaleEdition(t.services, { provider: 'stripe', productId: 'plink_tools', amount: 499 });
  for (let n = 1; n <= 5; n += 1) {
    expect((await pay(`p${n}`)).json()).toMatchObject({ result: 'paid' });
    // Orders of one millisecond list in their ids' order, not their arrival's: "newest first" needs distinct times.
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}, 60_000);
afterAll(() => t.close());

describe('Orders, a page at a time', () => {
  it('pages newest first by cursor, with nothing repeated or left out, like the other admin lists', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof admin.sales.orders>> = await admin.sales.orders({ limit: 2, cursor });
      seen.push(...page.items.map((order) => order.buyerEmail));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['p5', 'p4', 'p3', 'p2', 'p1'].map((n) => `${n}@example.org`));
    await expect(admin.sales.orders({ cursor: 'not-a-cursor' })).rejects.toThrow('Cursor is not one this list gave');
    await expect(admin.sales.orders({ limit: 501 })).rejects.toThrow('Limit must be at most 500');
    await expect(t.callerWithKey(null).sales.orders()).rejects.toThrow('Admin key required');
  });

  it('answers GET /api/admin/orders as an array with the next page in X-Next-Cursor; bad input is a 400', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/orders?limit=3', headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    expect(first.json<{ buyerEmail: string }[]>().map((order) => order.buyerEmail)).toEqual([
      'p5@example.org',
      'p4@example.org',
      'p3@example.org',
    ]);
    const next = first.headers['x-next-cursor'] as string;
    const second = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders?limit=3&cursor=${next}`,
      headers: bearer(token),
    });
    expect(second.json<unknown[]>()).toHaveLength(2);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const narrowed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders?state=paid&search=p2%40',
      headers: bearer(token),
    });
    expect(narrowed.json()).toEqual([expect.objectContaining({ buyerEmail: 'p2@example.org', state: 'paid' })]);
    for (const query of ['limit=0', 'limit=x', 'state=stolen', 'cursor=%00%00']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: bearer(token) });
      expect(bad.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
    const figures = await t.app.inject({ method: 'GET', url: '/api/admin/sales/figures', headers: bearer(token) });
    expect(figures.json()).toMatchObject({ revenue: [{ currency: 'usd', amount: 2495, orders: 5 }] });
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/admin/sales/figures?from=2020-01-01&to=2020-01-31',
      headers: bearer(token),
    });
    expect(old.json()).toEqual({ sales: [], revenue: [], refunds: 0, held: 0 });
  });

  it('exports every order as CSV, read page by page through the same procedure', async () => {
    const csv = await t.app.inject({ method: 'GET', url: '/api/admin/orders.csv', headers: bearer(token) });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(lines[1]).toContain('p5@example.org');
  });
});

describe('Settings → Sales: send a test event', () => {
  it('signs a test payment for each provider, runs it through the webhook path, and makes no order or mail', async () => {
    await expect(admin.sales.sendTestEvent({ provider: 'payhip' })).rejects.toThrow(
      'No payhip secret is set: save it here or set it in the environment first',
    );
    await admin.sales.saveSecrets({
      lemonsqueezySigningSecret: SALE_SECRETS.LEMONSQUEEZY_SIGNING_SECRET,
      payhipApiKey: SALE_SECRETS.PAYHIP_API_KEY,
      shopifyWebhookSecret: SALE_SECRETS.SHOPIFY_WEBHOOK_SECRET,
    });
    const before = await counts();
    for (const provider of SALE_PROVIDERS) {
      const result = await admin.sales.sendTestEvent({ provider });
      expect(result, provider).toMatchObject({
        provider,
        endpoint: `/api/sales/events/${provider}`,
        secretFrom: provider === 'stripe' ? 'environment' : 'settings',
        status: 200,
        answer: {
          received: 'test',
          result: 'test',
          orderId: null,
          queuedEmail: false,
          read: { product: 'site-test-event', amount: 100, currency: 'usd', email: 'test-buyer@example.org' },
        },
      });
      const recent = await admin.sales.recentEvents({ provider });
      expect(recent.events[0], provider).toMatchObject({ eventId: result.eventId, kind: 'test', orderId: null });
    }
    expect(await counts()).toEqual(before);
    await expect(t.callerWithKey(null).sales.sendTestEvent({ provider: 'stripe' })).rejects.toThrow(
      'Admin key required',
    );
    await expect(admin.sales.sendTestEvent({ provider: 'paypal' as 'stripe' })).rejects.toThrow('Provider');
  });

  it('a test event sent from outside with a wrong secret is refused (401) like any other', async () => {
    const { signedTestEvent } = await import('./test-events.js');
    const forged = signedTestEvent('shopify', 'not-the-secret-at-all');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/sales/events/shopify',
      payload: forged.rawBody,
      headers: { 'content-type': 'application/json', ...(forged.headers as Record<string, string>) },
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('Settings → Sales: find a copy’s buyer', () => {
  it('names the order of a personal copy, says when a file has no mark, and refuses what it cannot read', async () => {
    const [listed] = (await admin.sales.orders({ search: 'p3@' })).items;
    const order = (await findOrder(t.services.db, listed!.id))!;
    const store = salesFileStoreOf(t.services);
    const copyId = (await ensureCopy(t.services.db, store, order))!;
    const copy = await t.services.db
      .selectFrom('personalCopies')
      .select('bytes')
      .where('id', '=', copyId)
      .executeTakeFirstOrThrow();
    const chunks: Buffer[] = [];
    for await (const chunk of readWhole(store, copyId, Number(copy.bytes)) as AsyncIterable<Buffer>) chunks.push(chunk);
    const found = await findCopy('leaked.epub', Buffer.concat(chunks));
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      status: 'found',
      fingerprint: order.fingerprint,
      foundIn: expect.arrayContaining(['opf identifier', 'ex-libris page']),
      order: {
        reference: order.reference,
        buyerEmail: 'p3@example.org',
        state: 'paid',
        bookTitle: 'Sold direct plink_tools',
      },
    });

    const unmarked = await findCopy('clean.epub', await makeDemoEpub());
    expect(unmarked.json()).toEqual({ status: 'none', kind: 'EPUB or ZIP' });

    const text = await findCopy('notes.epub', Buffer.from('just some text, not a book at all\n'.repeat(20)));
    expect(text.statusCode).toBe(422);
    expect(text.json<{ error: string }>().error).toContain('This is not an EPUB, PDF, audiobook ZIP or MP3');

    // A zip signature with nothing behind it: damaged.
    const damaged = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(200, 7)]);
    const broken = await findCopy('broken.epub', damaged);
    expect(broken.statusCode).toBe(422);
    expect(broken.json()).toEqual({ error: 'This EPUB or ZIP is damaged: its table of contents cannot be read' });
    // A PDF header with nothing a reader can open behind it: damaged, not "no fingerprint".
    const cutPdf = await findCopy(
      'cut.pdf',
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catal', 'latin1'),
    );
    expect(cutPdf.statusCode).toBe(422);
    expect(cutPdf.json()).toEqual({ error: 'This PDF is damaged: it cannot be read' });

    expect((await findCopy('leaked.epub', Buffer.from('x'), false)).statusCode).toBe(401);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sales/find-copy',
      payload: '{}',
      headers: { 'content-type': 'application/json', ...bearer(token) },
    });
    expect(notMultipart.statusCode).toBe(415);
  });
});
