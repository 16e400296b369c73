import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_LINK } from '../operations/seed/demo-sale.js';
import { bearer, getList } from '../test-support/http.js';
import { SALE_SECRETS, stripeRefund, stripeSession } from '../test-support/sales.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { findCopyFingerprint } from './copies/find-fingerprint.js';
import { findCopyByFingerprint } from './copies/personal-copies-repository.js';
import { openZipFile, readEntry } from './copies/zip-access.js';
import { startTestMailWorker } from '../test-support/mail-worker.js';
import { addSubscriber } from '../test-support/arc.js';
import { openAdminSession } from '../test-support/sessions.js';
import { findApplicationByFingerprint } from '../arc/arc-repository.js';

const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let stopWorker: () => Promise<void>;

const postStripe = (signed: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/sales/events/stripe',
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...signed.headers },
  });

async function waitForMail(address: string): Promise<ReceivedEmail> {
  const deadline = Date.now() + 15_000;
  while (inbox.to(address).length === 0) {
    if (Date.now() > deadline) throw new Error(`no email for ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return inbox.to(address)[0]!;
}

/** The ex-libris page of a downloaded EPUB (read from a file: the download is a whole EPUB). */
async function exLibrisOf(epub: string): Promise<string> {
  const { zip, entries } = await openZipFile(epub);
  try {
    const entry = entries.find((candidate) => candidate.fileName.endsWith('ex-libris.xhtml'));
    if (!entry) throw new Error('no ex-libris page in the copy');
    return (await readEntry(zip, entry, 1e6)).toString();
  } finally {
    zip.close();
  }
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SEED_DEMO: undefined,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Delphine Rook <news@example.com>',
    PUBLIC_URL,
    ...SALE_SECRETS,
  });
  stopWorker = startTestMailWorker(t);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
  await inbox.close();
});

describe('the demo sells The Ashwarden’s ebook direct', () => {
  it('shows Buy direct at $4.99', async () => {
    const books = await getList<{ slug: string; directSales: { price: string; provider: string; format: string }[] }>(
      t.app,
      '/api/books',
    );
    const ashwarden = books.find((book) => book.slug === 'the-ashwarden');
    expect(ashwarden?.directSales).toEqual([
      expect.objectContaining({ price: '$4.99', provider: 'stripe', format: 'ebook', amount: 499, currency: 'usd' }),
    ]);
    expect(books.filter((book) => book.directSales.length > 0)).toHaveLength(1);
  });

  it('mails the buyer a link to their personal copy: ex-libris, a fingerprint naming the order, kept; refused after a refund', async () => {
    const paid = await postStripe(
      stripeSession({
        eventId: 'evt_demo',
        sessionId: 'cs_demo',
        paymentIntent: 'pi_demo',
        paymentLink: DEMO_PAYMENT_LINK,
        amount: 499,
        email: 'ada@example.org',
        name: 'Ada Reader',
      }),
    );
    expect(paid.json()).toMatchObject({ result: 'paid', queuedEmail: true });
    const email = await waitForMail('ada@example.org');
    const link = new RegExp(`${PUBLIC_URL}(/library/download\\?token=[A-Za-z0-9_.~-]+)`).exec(email.text)?.[1];
    expect(link, email.text).toBeDefined();
    const order = await t.services.db
      .selectFrom('saleOrders')
      .select(['reference', 'fingerprint', 'copyFileId'])
      .where('checkoutSessionId', '=', 'cs_demo')
      .executeTakeFirstOrThrow();

    const first = await t.app.inject({ method: 'GET', url: link! });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/epub+zip');
    const folder = await mkdtemp(path.join(tmpdir(), 'demo-sale-'));
    try {
      const file = path.join(folder, 'the-ashwarden.epub');
      await writeFile(file, first.rawPayload);
      expect(await exLibrisOf(file)).toContain(`This copy was made for Ada Reader, order ${order.reference}, on `);
      const found = await findCopyFingerprint(file);
      expect(found?.fingerprint).toBe(order.fingerprint);
      const copy = await findCopyByFingerprint(t.services.db, found!.fingerprint);
      expect(copy).toMatchObject({ id: order.copyFileId, orderRef: order.reference, buyerName: 'Ada Reader' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }

    // Made once and kept: a re-download is the same file.
    const again = await t.app.inject({ method: 'GET', url: link! });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const refunded = await postStripe(stripeRefund({ eventId: 'evt_demo_refund', paymentIntent: 'pi_demo' }));
    expect(refunded.json()).toMatchObject({ result: 'refunded' });
    const refused = await t.app.inject({ method: 'GET', url: link! });
    expect(refused.statusCode).toBe(410);
    expect(refused.body).toContain('This order was refunded');
  });
});

describe('the demo’s ARC team (issue 34): one open campaign for the coming-soon book', () => {
  it('shows it on /arc; a chosen reader’s copy names her on its ex-libris page', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/arc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The Unkindled Throne');
    const token = await openAdminSession(t.services);
    const [campaign] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/arc/campaigns', headers: bearer(token) })
    ).json<{ id: string; bookSlug: string; state: string }[]>();
    expect(campaign).toMatchObject({ bookSlug: 'the-unkindled-throne', state: 'open' });
    await addSubscriber(t.services.db, 'grace@example.org');
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/arc/campaigns/${campaign!.id}/readers`,
      headers: bearer(token),
      payload: { email: 'grace@example.org', name: 'Grace Hopper' },
    });
    expect(added.statusCode, added.body).toBe(201);
    const email = await waitForMail('grace@example.org');
    const link = new RegExp(`${PUBLIC_URL}(/arc-copy/download\\?token=[A-Za-z0-9_.~-]+)`).exec(email.text)?.[1];
    const copy = await t.app.inject({ method: 'GET', url: link! });
    expect(copy.statusCode).toBe(200);
    const folder = await mkdtemp(path.join(tmpdir(), 'demo-arc-'));
    try {
      const file = path.join(folder, 'arc.epub');
      await writeFile(file, copy.rawPayload);
      expect(await exLibrisOf(file)).toContain('This copy was made for Grace Hopper, order arc-');
      const found = await findCopyFingerprint(file);
      const application = await findApplicationByFingerprint(t.services.db, found!.fingerprint);
      expect(application).toMatchObject({ email: 'grace@example.org', name: 'Grace Hopper' });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
