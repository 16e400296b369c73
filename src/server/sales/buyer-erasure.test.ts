import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractZip } from '../import-export/zip-reader.js';
import { bearer } from '../test-support/http.js';
import { SALE_SECRETS, seedSaleEdition, stripeRefund, stripeSession } from '../test-support/sales.js';
import { openAdminSession } from '../test-support/sessions.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { salesFileStoreOf } from './copies/sales-files.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';

/**
 * Sales in the site export (orders.csv) and a buyer in the erasure path: erasing a subscriber, or a
 * buyer who never subscribed, keeps each order's amounts and drops the name, email and copies; the
 * download links stop.
 */

const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let token: string;
let admin: ReturnType<TestApp['callerWithKey']>;
let stopWorker: () => Promise<void>;

const postStripe = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });
const purchase = (n: string, email: string, name: string) =>
  stripeSession({
    eventId: `evt_${n}`,
    sessionId: `cs_${n}`,
    paymentIntent: `pi_${n}`,
    paymentLink: 'plink_erase',
    amount: 499,
    email,
    name,
  });

async function waitForMail(address: string): Promise<ReceivedEmail> {
  const deadline = Date.now() + 15_000;
  while (inbox.to(address).length === 0) {
    if (Date.now() > deadline) throw new Error(`no email for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address)[0]!;
}
const downloadPath = (email: ReceivedEmail) => {
  const link = /https:\/\/site\.example(\/library\/download\?token=[A-Za-z0-9_.~-]+)/.exec(email.text)?.[1];
  if (!link) throw new Error(`no download link in:\n${email.text}`);
  return link;
};
const orderOf = (sessionId: string) =>
  t.services.db
    .selectFrom('saleOrders')
    .selectAll()
    .where('checkoutSessionId', '=', sessionId)
    .executeTakeFirstOrThrow();

/** Buys, downloads (the personal copy is made and kept) and returns the link and the order. */
async function buyAndDownload(n: string, email: string, name: string) {
  expect((await postStripe(purchase(n, email, name))).json()).toMatchObject({ result: 'paid' });
  const link = downloadPath(await waitForMail(email));
  const first = await t.app.inject({ method: 'GET', url: link });
  expect(first.statusCode).toBe(200);
  const order = await orderOf(`cs_${n}`);
  expect(order.copyFileId).not.toBeNull();
  return { link, order };
}

/** Whether a stored file's bytes are gone (a file in DATA_DIR/sales-files, or chunk rows on PostgreSQL). */
async function storedBytesGone(id: string): Promise<boolean> {
  const file = salesFileStoreOf(t.services).localPath(id);
  if (file) return !existsSync(file);
  const rows = await t.services.db.selectFrom('salesFileChunks').select('fileId').where('fileId', '=', id).execute();
  return rows.length === 0;
}

/** The export zip's orders.csv, as lines (header first). */
async function exportedOrders(): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/export', headers: bearer(token) });
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  const folder = await mkdtemp(path.join(tmpdir(), 'orders-export-'));
  try {
    await writeFile(path.join(folder, 'export.zip'), res.rawPayload);
    await extractZip(path.join(folder, 'export.zip'), path.join(folder, 'x'), () => true);
    expect(await readFile(path.join(folder, 'x', 'README.txt'), 'utf8')).toContain('orders.csv');
    return (await readFile(path.join(folder, 'x', 'orders.csv'), 'utf8')).trim().split('\r\n');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Delphine Rook <news@example.com>',
    PUBLIC_URL,
    ...SALE_SECRETS,
  });
  token = await openAdminSession(t.services);
  admin = t.callerWithKey(token);
  await seedSaleEdition(t.services, {
    provider: 'stripe',
    productId: 'plink_erase',
    amount: 499,
    title: 'The Ashwarden',
  });
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

describe('orders in the export zip', () => {
  it('holds orders.csv: every order with its buyer, book, amount, currency, provider and state', async () => {
    await buyAndDownload('x1', 'export@example.org', 'Exa Porter');
    const lines = await exportedOrders();
    expect(lines[0]).toBe(
      'reference,createdAt,state,heldReason,buyerEmail,buyerName,bookTitle,format,amount,currency,provider,providerOrderId,downloads,marketingConsent,refundedAt,erasedAt',
    );
    const order = await orderOf('cs_x1');
    const row = lines.find((line) => line.startsWith(`${order.reference},`));
    expect(row).toContain(',delivered,,export@example.org,Exa Porter,The Ashwarden,ebook,4.99,USD,stripe,pi_x1,1,');
  });
});

describe('a buyer in the erasure path', () => {
  it('erasing a subscriber erases them as a buyer: amounts kept, name and email gone, copies deleted, links refused', async () => {
    const { link, order } = await buyAndDownload('e1', 'ada@example.org', 'Ada Reader');
    const other = await buyAndDownload('e2', 'bo@example.org', 'Bo Reader');
    const subscriptionId = 'sub-ada';
    await t.services.db
      .insertInto('newsletterSubscriptions')
      .values({ id: subscriptionId, email: 'Ada@Example.org', isActive: 1, createdAt: new Date().toISOString() })
      .execute();
    await t.services.db
      .insertInto('librarySignIns')
      .values({ id: 'signin-ada', email: 'ada@example.org', createdAt: new Date().toISOString() })
      .execute();
    const revenueBefore = (await admin.sales.figures()).revenue;

    await admin.admin.deleteNewsletterSubscription({ id: subscriptionId });

    const erased = await orderOf('cs_e1');
    expect(erased).toMatchObject({
      buyerEmail: '',
      buyerName: '',
      copyFileId: null,
      amount: 499,
      currency: 'usd',
      state: 'delivered',
      reference: order.reference,
      providerOrderId: 'pi_e1',
    });
    expect(erased.erasedAt).not.toBeNull();
    // The copy (it names the buyer) is gone, rows and bytes.
    expect(
      await t.services.db.selectFrom('personalCopies').select('id').where('orderRef', '=', order.reference).execute(),
    ).toEqual([]);
    expect(await storedBytesGone(order.copyFileId!)).toBe(true);
    expect(await storedBytesGone(other.order.copyFileId!)).toBe(false);
    const refused = await t.app.inject({ method: 'GET', url: link });
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('erased at their request');
    expect((await t.app.inject({ method: 'GET', url: '/thank-you?session_id=cs_e1' })).body).not.toContain(
      'ada@example.org',
    );
    expect(
      await t.services.db
        .selectFrom('mailQueue')
        .select('email')
        .where('mailingId', '=', PURCHASE_MAILING_ID)
        .where('recipientId', '=', order.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.services.db.selectFrom('librarySignIns').select('id').where('email', '=', 'ada@example.org').execute(),
    ).toEqual([]);
    // The accounts keep the sale; the export keeps its amount, without the buyer.
    expect((await admin.sales.figures()).revenue).toEqual(revenueBefore);
    const lines = await exportedOrders();
    expect(lines.join('\n')).not.toContain('ada@example.org');
    expect(lines.join('\n')).not.toContain('Ada Reader');
    expect(lines.find((line) => line.startsWith(`${order.reference},`))).toContain(
      ',delivered,,,,The Ashwarden,ebook,4.99,USD,stripe,pi_e1,',
    );

    // Another buyer is untouched.
    expect((await t.app.inject({ method: 'GET', url: other.link })).statusCode).toBe(200);
    expect((await orderOf('cs_e2')).buyerEmail).toBe('bo@example.org');

    // A later payment event for the erased order (a provider's retry) restores nothing and sends nothing.
    const retry = await postStripe(
      stripeSession({
        eventId: 'evt_e1_retry',
        type: 'checkout.session.async_payment_succeeded',
        sessionId: 'cs_e1',
        paymentIntent: 'pi_e1',
        paymentLink: 'plink_erase',
        amount: 499,
        email: 'ada@example.org',
        name: 'Ada Reader',
      }),
    );
    expect(retry.json()).toMatchObject({ result: 'unchanged', queuedEmail: false });
    expect((await orderOf('cs_e1')).buyerEmail).toBe('');
    // A refund still reaches the accounts.
    expect((await postStripe(stripeRefund({ eventId: 'evt_e1_refund', paymentIntent: 'pi_e1' }))).json()).toMatchObject(
      {
        result: 'refunded',
      },
    );
    await expect(admin.sales.resend({ id: order.id })).rejects.toThrow(/erased/);
  });

  it('erases a buyer who never subscribed (sales.eraseBuyer), by any case of the address; bad input changes nothing', async () => {
    const { link } = await buyAndDownload('n1', 'never@example.org', 'Nev Ersubscribed');
    await expect(admin.sales.eraseBuyer({ email: 'not an email' })).rejects.toThrow(/valid email/);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    await expect(t.callerWithKey(null).sales.eraseBuyer({ email: 'never@example.org' })).rejects.toThrow();
    expect(await admin.sales.eraseBuyer({ email: ' Never@Example.org ' })).toEqual({ orders: 1, copies: 1 });
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(410);
    expect(await admin.sales.eraseBuyer({ email: 'never@example.org' })).toEqual({ orders: 0, copies: 0 });
    // The library has nothing for the address any more: the same answer as for a stranger, no link sent.
    const before = inbox.to('never@example.org').length;
    const form = await t.app.inject({
      method: 'POST',
      url: '/library',
      payload: 'email=never%40example.org',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(inbox.to('never@example.org')).toHaveLength(before);
  });
});
