import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openZipFile, readEntry } from '../../server/sales/copies/zip-access.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';
import { startCheckoutStandIn, type CheckoutStandIn } from '../support/checkout-stand-in.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectNoHorizontalOverflow, openPage, uniqueEmail } from './helpers.js';

/**
 * Selling direct, the whole path in Chromium at 375 and 1280 px, against the production build:
 * Buy direct on The Ashwarden's page → the checkout (a local stand-in for Stripe's hosted page,
 * support/checkout-stand-in.ts) → the thank-you page, "on its way" until the signed webhook
 * arrives, then the download → the purchase email (a real SMTP server) → the downloaded EPUB's
 * ex-libris names the buyer → /library sign-in by an emailed link → a refund (a signed
 * charge.refunded) → the link is refused and the library says so.
 */

const WEBHOOK_SECRET = 'whsec_e2e_buy_direct_0123456789';
const PAYMENT_LINK = 'plink_demo_ashwarden_ebook';
const env: Record<string, string> = {
  MAIL_FROM: 'Delphine Rook <news@example.com>',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
};
let inbox: SmtpInbox;
let checkout: CheckoutStandIn;
let siteUrl = '';

beforeAll(async () => {
  inbox = await startSmtpInbox();
  env.SMTP_URL = inbox.url;
  checkout = await startCheckoutStandIn({
    siteUrl: () => siteUrl,
    webhookSecret: WEBHOOK_SECRET,
    prices: { [PAYMENT_LINK]: { amount: 499, currency: 'usd', title: 'The Ashwarden (ebook)' } },
  });
});
afterAll(async () => {
  await checkout.close();
  await inbox.close();
});

async function mailTo(address: string, count: number): Promise<ReceivedEmail[]> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (inbox.to(address).length >= count) return inbox.to(address);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`fewer than ${count} emails to ${address}`);
}

const linkIn = (email: ReceivedEmail, pathname: string) => {
  const link = new RegExp(`https?://\\S+?${pathname}\\?token=[\\w.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  return link;
};

/** The ex-libris page of a downloaded EPUB. */
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

/** Saves what following `href` downloads (a click on a link, as the reader's mail client would open it). */
async function download(page: Page, href: string, folder: string): Promise<{ file: string; name: string }> {
  const [started] = await Promise.all([
    page.waitForEvent('download'),
    page.evaluate((url) => {
      const link = document.createElement('a');
      link.href = url;
      document.body.append(link);
      link.click();
    }, href),
  ]);
  const file = path.join(folder, started.suggestedFilename());
  await started.saveAs(file);
  return { file, name: started.suggestedFilename() };
}

describe('Buy direct, end to end (Chromium, a stand-in Stripe checkout, real SMTP)', () => {
  const site = useBrowserSite({ env, isolation: 'test' });
  let folder: string;

  beforeAll(async () => {
    siteUrl = site.baseUrl;
    folder = await mkdtemp(path.join(tmpdir(), 'buy-direct-e2e-'));
    // The demo sells The Ashwarden's ebook through a Stripe Payment Link: its checkout link, in this
    // test's data, is the stand-in's page for that link.
    const trpc = (procedure: string, init: RequestInit = {}) =>
      fetch(`${site.baseUrl}/trpc/${procedure}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` },
      });
    const listed = (await (await trpc('sales.editions')).json()) as {
      result: { data: { json: { bookId: string; productId: string; format: string; currency: string }[] } };
    };
    const edition = listed.result.data.json.find((entry) => entry.productId === PAYMENT_LINK);
    expect(edition).toBeDefined();
    const saved = await trpc('sales.saveEdition', {
      method: 'POST',
      body: JSON.stringify({
        json: {
          bookId: edition!.bookId,
          format: 'ebook',
          provider: 'stripe',
          productId: PAYMENT_LINK,
          checkoutUrl: checkout.linkUrl(PAYMENT_LINK),
          price: '4.99',
          currency: 'usd',
        },
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  async function shot(page: Page, name: string) {
    await saveScreenshot(page, name, { fullPage: true });
  }

  async function buyAndRefund(context: BrowserContext, width: 375 | 1280) {
    const buyer = uniqueEmail(`buyer-${width}`);
    const name = width === 375 ? 'Ada Reader' : 'Bram Lector';

    // The book page: Buy direct first, in plain words, leading to the provider's hosted checkout.
    const { page, problems } = await openPage(context, site.baseUrl, '/books/the-ashwarden');
    const buy = page.getByRole('link', { name: 'Buy direct — $4.99' }).first();
    await buy.waitFor();
    // Through the site's redirect, which counts the click beside the shops', to the stored checkout.
    const through = (await buy.getAttribute('href'))!;
    expect(through).toMatch(/^\/r\/d[\w-]{11}\.ebook$/);
    const redirect = await fetch(`${site.baseUrl}${through}`, { redirect: 'manual' });
    expect(redirect.headers.get('location')).toBe(checkout.linkUrl(PAYMENT_LINK));
    await page.getByText('DRM-free EPUB; works on Kindle, Kobo, Apple Books').first().waitFor();
    await buy.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `buy-direct-book-${width}`);
    expect(problems()).toEqual([]);

    // The checkout (no card data on the site): the webhook is held, so the thank-you page is "on its way" first.
    checkout.holdWebhooks();
    await buy.click();
    await page.waitForURL(`${checkout.url}/pay/${PAYMENT_LINK}`);
    await page.getByLabel('Email').fill(buyer);
    await page.getByLabel('Name on card').fill(name);
    await page.getByRole('button', { name: 'Pay $4.99' }).click();
    await page.waitForURL(/\/thank-you\?session_id=cs_test_[0-9a-f]+$/);
    const payment = checkout.payments.at(-1)!;
    expect(new URL(page.url()).origin).toBe(site.baseUrl);
    expect(new URL(page.url()).searchParams.get('session_id')).toBe(payment.sessionId);
    await page.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await page.getByText('this page updates by itself').waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, `buy-direct-on-its-way-${width}`);

    // Stripe's signed webhook arrives: the page, reloading itself, shows the download.
    await checkout.releaseWebhooks();
    const delivered = checkout.deliveries.at(-1)!;
    expect(delivered.type).toBe('checkout.session.completed');
    expect(delivered.status, delivered.body).toBe(200);
    expect(JSON.parse(delivered.body)).toMatchObject({ result: 'paid', queuedEmail: true });
    const fromThankYou = page.getByRole('link', { name: 'Download The Ashwarden' });
    await fromThankYou.waitFor({ timeout: 20_000 });
    await page.getByText(`A link is also in your email at ${buyer.toLowerCase()}`).waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, `buy-direct-thank-you-${width}`);

    // The purchase email: the personal link and how to read the file.
    const [purchaseEmail] = await mailTo(buyer, 1);
    expect(purchaseEmail!.headers.get('subject')).toBe('Your copy of The Ashwarden');
    expect(purchaseEmail!.text).toContain('Send to Kindle');
    // A webhook's links use PUBLIC_URL (a provider's request says nothing of the site's address); this
    // server on a free port has none, so the emailed path is opened on the server's own address.
    const emailedUrl = new URL(linkIn(purchaseEmail!, '/library/download'));
    const emailed = `${site.baseUrl}${emailedUrl.pathname}${emailedUrl.search}`;

    // The download from the email: the buyer's own EPUB, its ex-libris naming them and the order.
    const got = await download(page, emailed, folder);
    expect(got.name).toMatch(/\.epub$/);
    const exLibris = await exLibrisOf(got.file);
    const reference = new RegExp(`This copy was made for ${name}, order ([A-Z0-9]+), on `).exec(exLibris)?.[1];
    expect(reference, exLibris).toBeDefined();
    // The thank-you page's link gives the same copy (made once and kept).
    const again = await download(page, (await fromThankYou.getAttribute('href'))!, path.join(folder, 'again'));
    expect(await exLibrisOf(again.file)).toBe(exLibris);

    // My library: the email field, a sign-in link by email, the book with a fresh link.
    await page.goto(`${site.baseUrl}/library`);
    await page.getByRole('heading', { name: 'My library' }).waitFor();
    await shot(page, `buy-direct-library-sign-in-${width}`);
    await page.getByLabel('Your email').fill(buyer);
    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const [, signIn] = await mailTo(buyer, 2);
    await page.goto(linkIn(signIn!, '/library'));
    await page.getByText(`Books bought with ${buyer.toLowerCase()}`).waitFor();
    const entry = page.getByRole('listitem').filter({ hasText: `order ${reference}` });
    await entry.getByText('downloaded 2 times').waitFor();
    await entry.getByRole('link', { name: 'Download The Ashwarden' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await shot(page, `buy-direct-library-${width}`);

    // A refund in Stripe: the signed charge.refunded revokes the links; the library says so.
    const refund = await checkout.refund(payment.paymentIntent);
    expect(refund.status, refund.body).toBe(200);
    expect(JSON.parse(refund.body)).toMatchObject({ result: 'refunded' });
    const library = page.url();
    const refused = await page.goto(emailed);
    expect(refused?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This order was refunded' }).waitFor();
    await page.getByText('Its download links no longer work.').first().waitFor();
    await shot(page, `buy-direct-refused-${width}`);
    await page.goto(library);
    const refunded = page.getByRole('listitem').filter({ hasText: `order ${reference}` });
    await refunded.getByText('Refunded. Its download links no longer work.').waitFor();
    expect(await refunded.getByRole('link').count()).toBe(0);
    await expectNoHorizontalOverflow(page);
    await shot(page, `buy-direct-library-refunded-${width}`);
  }

  it('at 375 px: Buy direct → checkout → thank-you → emailed download with the ex-libris → library → refund refused', async () => {
    const phone = await site.newContext({ viewport: 'mobile' });
    try {
      await buyAndRefund(phone, 375);
    } finally {
      await phone.close();
    }
  });

  it('at 1280 px: the same path', async () => {
    await buyAndRefund(site.context, 1280);
  });
});
