import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppressAddress } from '../deliverability/suppression-list.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { SALE_SECRETS, seedSaleEdition, stripeRefund, stripeSession } from '../test-support/sales.js';
import { GIFT_CHUNK_BYTES } from '../newsletter/gift/gift-file-store.js';
import { PURCHASE_MAILING_ID } from './orders-repository.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';

const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let stopWorker: () => Promise<void>;
let file: Buffer;

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
}
const local = (link: string) => `${new URL(link).pathname}${new URL(link).search}`;
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const form = (url: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
const postEvent = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });

async function waitForMail(address: string, count: number): Promise<ReceivedEmail[]> {
  const deadline = Date.now() + 15_000;
  while (inbox.to(address).length < count) {
    if (Date.now() > deadline) throw new Error(`no email ${count} for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address);
}

const purchase = (n: string, email: string) =>
  stripeSession({
    eventId: `evt_${n}`,
    sessionId: `cs_${n}`,
    paymentIntent: `pi_${n}`,
    paymentLink: 'plink_delivery',
    amount: 499,
    email,
    name: 'Ada Reader',
  });

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Delphine Rook <news@example.com>',
    PUBLIC_URL,
    ...SALE_SECRETS,
  });
  // A cover this big spans several database pieces, so ranges cross piece boundaries on PostgreSQL.
  ({ file } = await seedSaleEdition(t.services, {
    provider: 'stripe',
    productId: 'plink_delivery',
    amount: 499,
    title: 'The Ashwarden',
    coverBytes: 2 * GIFT_CHUNK_BYTES + 4321,
  }));
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

describe('a direct purchase', () => {
  let downloadLink: string;

  it('shows "on its way" on the thank-you page until the payment is confirmed, reloading itself', async () => {
    const page = await get('/thank-you?session_id=cs_d1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('this page updates by itself');
    expect(page.body).toContain('<meta http-equiv="refresh" content="4">');
    expect((await get('/thank-you?session_id=<script>')).body).not.toContain('<script>');
  });

  it('emails the personal link (even to an address unsubscribed from marketing) with how to read it', async () => {
    await suppressAddress(t.services.db, { email: 'ada@example.org', reason: 'unsubscribed' });
    expect((await postEvent(purchase('d1', 'Ada@Example.org'))).statusCode).toBe(200);
    const [email] = await waitForMail('ada@example.org', 1);
    expect(email!.headers.get('subject')).toBe('Your copy of The Ashwarden');
    expect(email!.text).toContain('Send to Kindle');
    expect(email!.text).toContain('approve news@example.com');
    expect(email!.text).toMatch(/Kobo[\s\S]*Apple Books[\s\S]*Audio players/);
    downloadLink = linkIn(email!, '/library/download');
    expect(downloadLink.startsWith(`${PUBLIC_URL}/library/download?token=`)).toBe(true);
    await expect
      .poll(
        async () =>
          (
            await t.services.db
              .selectFrom('saleOrders')
              .select('state')
              .where('checkoutSessionId', '=', 'cs_d1')
              .executeTakeFirst()
          )?.state,
      )
      .toBe('delivered');
  });

  it('never mails an address that bounced', async () => {
    await suppressAddress(t.services.db, { email: 'gone@example.org', reason: 'bounce' });
    await postEvent(purchase('d2', 'gone@example.org'));
    await expect
      .poll(
        async () =>
          (
            await t.services.db
              .selectFrom('mailQueue')
              .select('status')
              .where('mailingId', '=', PURCHASE_MAILING_ID)
              .where('email', '=', 'gone@example.org')
              .executeTakeFirst()
          )?.status,
      )
      .toBe('skipped');
    expect(inbox.to('gone@example.org')).toEqual([]);
  });

  it('shows the download at once on the thank-you page once confirmed', async () => {
    const page = await get('/thank-you?session_id=cs_d1');
    expect(page.body).toContain('Your copy of The Ashwarden');
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect(page.body).toMatch(/href="https:\/\/site\.example\/library\/download\?token=/);
  });

  it('downloads the personal copy streamed, with ranges, counting a download from the first byte only', async () => {
    const whole = await get(local(downloadLink));
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-disposition']).toBe('attachment; filename="the-ashwarden.epub"');
    expect(whole.headers['content-type']).toBe('application/epub+zip');
    // The buyer's copy (ex-libris page, fingerprint), not the edition's original file.
    expect(whole.rawPayload.length).toBeGreaterThan(2 * GIFT_CHUNK_BYTES);
    expect(whole.rawPayload.equals(file)).toBe(false);
    const start = GIFT_CHUNK_BYTES - 10;
    const part = await get(local(downloadLink), { range: `bytes=${start}-${start + 99}` });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(start, start + 100))).toBe(true);
    expect((await get(local(downloadLink), { range: 'bytes=999999999-' })).statusCode).toBe(416);
    const order = await t.services.db
      .selectFrom('saleOrders')
      .select('downloads')
      .where('checkoutSessionId', '=', 'cs_d1')
      .executeTakeFirstOrThrow();
    expect(order.downloads).toBe(1);
    expect((await get('/library/download?token=forged.token')).statusCode).toBe(400);
  });

  it('re-sends the email once per ten minutes, however often asked', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => form('/thank-you/resend', { session_id: 'cs_d1' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await waitForMail('ada@example.org', 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      inbox.to('ada@example.org').filter((mail) => (mail.headers.get('subject') ?? '').startsWith('Your copy')),
    ).toHaveLength(2);
  });

  it('signs the buyer in to /library by email and lists the book with a fresh link', async () => {
    const formPage = await get('/library');
    expect(formPage.body).toContain('type="email" name="email"');
    const before = inbox.to('ada@example.org').length;
    const asked = await form('/library', { email: 'ADA@example.org' });
    expect(asked.body).toContain('a sign-in link is on its way');
    const unknown = await form('/library', { email: 'nobody@example.org' });
    expect(unknown.body).toContain('a sign-in link is on its way');
    expect((await form('/library', { email: 'not an email' })).statusCode).toBe(400);
    const mails = await waitForMail('ada@example.org', before + 1);
    const signIn = linkIn(mails.at(-1)!, '/library');
    const library = await get(local(signIn));
    expect(library.body).toContain('The Ashwarden');
    expect(library.body).toContain('downloaded 1 times');
    const fresh = /href="(https:\/\/site\.example\/library\/download\?token=[^"]+)"/.exec(library.body)?.[1];
    expect(fresh).toBeDefined();
    expect((await get(local(fresh!.replace(/&amp;/g, '&')))).statusCode).toBe(200);
    expect(inbox.to('nobody@example.org')).toEqual([]);
    expect((await get('/library?token=forged.token')).statusCode).toBe(400);
  });

  it('a refund revokes every link, and the library says so', async () => {
    expect((await postEvent(stripeRefund({ eventId: 'evt_refund_d1', paymentIntent: 'pi_d1' }))).json()).toMatchObject({
      result: 'refunded',
    });
    const refused = await get(local(downloadLink));
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('This order was refunded');
    const before = inbox.to('ada@example.org').length;
    await form('/library', { email: 'ada@example.org' });
    const mails = await waitForMail('ada@example.org', before + 1);
    const library = await get(local(linkIn(mails.at(-1)!, '/library')));
    expect(library.body).toContain('Refunded. Its download links no longer work.');
    expect((await get('/thank-you?session_id=cs_d1')).body).toContain('This order was refunded');
  });
});
