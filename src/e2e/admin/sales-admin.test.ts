import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SALE_SECRETS, stripeSession } from '../../server/test-support/sales.js';
import { zipOf } from '../../server/test-support/sales-files.js';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

/** The files the test writes (editions to upload, copies downloaded). */
const FILES = path.join(process.cwd(), 'test-results', 'sales-admin');
const WIDTHS = [375, 1280] as const;

/** The author's side of selling direct, at 375 and 1280 px: Sell direct, Settings → Sales, Orders, Overview. */
describe('admin: selling direct', () => {
  const site = useBrowserSite({ env: { STRIPE_WEBHOOK_SECRET: SALE_SECRETS.STRIPE_WEBHOOK_SECRET } });
  let page: Page;

  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const pay = async (n: string, amount: number) => {
    const signed = stripeSession({
      eventId: `evt_e2e_${n}`,
      sessionId: `cs_e2e_${n}`,
      paymentIntent: `pi_e2e_${n}`,
      paymentLink: 'plink_demo_ashwarden_ebook',
      amount,
      email: `reader-${n}@example.org`,
      name: `Reader ${n}`,
    });
    const answer = await fetch(`${site.baseUrl}/api/sales/events/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...signed.headers },
      body: signed.body,
    });
    expect(answer.status).toBe(200);
  };
  /** Each width: nothing scrolls sideways, and a screenshot to look at. */
  async function atBothWidths(name: string, check: () => Promise<void> = async () => {}) {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, undefined, {
        timeout: 5_000,
      });
      expect(await noSidewaysScroll(), `${name} at ${width}px`).toBe(true);
      await check();
      await saveScreenshot(page, `${name}-${width}`, { fullPage: true });
    }
  }

  beforeAll(async () => {
    page = site.page;
    await pay('1', 499);
    await pay('2', 100); // the wrong amount: held
    await logIn(page, site);
  });

  it('shows an edition’s Sell direct settings, saves them, and says what is wrong with a broken EPUB', async () => {
    await page.getByRole('button', { name: 'Edit The Ashwarden', exact: true }).click();
    const productId = page.getByRole('textbox', { name: /^Edition \d+ \(Ebook\): product id/ });
    // The ebook edition's block (the innermost list item holding its fields).
    const ebook = page.locator('li', { has: productId }).last();
    await expect.poll(() => productId.inputValue()).toBe('plink_demo_ashwarden_ebook');
    const price = page.getByRole('textbox', { name: /^Edition \d+ \(Ebook\): price charged/ });
    expect(await price.inputValue()).toBe('4.99');
    // A checkout link that is not https is refused with the reason.
    const link = page.getByRole('textbox', { name: /^Edition \d+ \(Ebook\): checkout link/ });
    const saved = await link.inputValue();
    await link.fill('http://example.com/pay');
    await ebook.getByRole('button', { name: 'Save Sell direct' }).click();
    await page.getByRole('alert').filter({ hasText: 'Checkout link must be an https:// address' }).waitFor();
    await link.fill(saved);
    await ebook.getByRole('button', { name: 'Save Sell direct' }).click();
    await expectToast(page, 'Sell direct saved');

    // A broken EPUB (its mimetype says EPUB, but it has no container or OPF): each problem in a sentence.
    const broken = path.join(FILES, 'broken.epub');
    await mkdir(FILES, { recursive: true });
    await writeFile(
      broken,
      await zipOf([
        { name: 'mimetype', content: 'application/epub+zip', compress: false },
        { name: 'OEBPS/chapter.xhtml', content: '<html/>' },
      ]),
    );
    const chooser = page.waitForEvent('filechooser');
    await ebook.getByRole('button', { name: 'Upload a file' }).click();
    await (await chooser).setFiles(broken);
    const problems = ebook.getByRole('alert').filter({ hasText: /container/i });
    await problems.waitFor();
    expect(await problems.innerText()).toMatch(/META-INF\/container\.xml/);
    await ebook.getByRole('button', { name: 'Save Sell direct' }).scrollIntoViewIfNeeded();
    await atBothWidths('sell-direct');
  });

  it('Settings → Sales: the environment wins and says so, secrets are never shown back, a test event says what arrived', async () => {
    await openTab(page, 'Settings');
    const panel = page.getByRole('region', { name: 'Sales' });
    await panel.waitFor();
    const stripe = panel.getByRole('region', { name: 'Stripe' });
    await stripe.getByText('Set in the environment').waitFor();
    expect(await stripe.innerText()).toContain('STRIPE_WEBHOOK_SECRET is set on the server and wins');

    const payhip = panel.getByRole('region', { name: 'Payhip' });
    await payhip.getByLabel('Payhip: API key').fill('payhip-secret-key-for-e2e');
    await payhip.getByRole('button', { name: 'Save the Payhip secret' }).click();
    await expectToast(page, 'Payhip secret saved');
    await payhip.getByText('Saved here').waitFor();
    // Never shown back: the field is empty, and the page holds the secret nowhere.
    expect(await payhip.getByLabel('Payhip: API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain('payhip-secret-key-for-e2e');

    // Keyboard: Tab from Stripe's secret field reaches its test button (Save is off while the field is empty).
    const send = stripe.getByRole('button', { name: 'Send a test event to the Stripe webhook' });
    await stripe.getByLabel('Stripe: Webhook signing secret (whsec_…)').focus();
    for (let step = 0; step < 5 && !(await send.evaluate((element) => element === document.activeElement)); step++)
      await page.keyboard.press('Tab');
    expect(await send.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const arrived = stripe.getByRole('status').filter({ hasText: 'The test event arrived' });
    await arrived.waitFor();
    expect(await arrived.innerText()).toMatch(
      /a test payment of 1\.00 USD from test-buyer@example\.org.*no order was made/s,
    );
    await stripe
      .getByRole('list', { name: 'Last events from Stripe' })
      .getByText(/test event/)
      .waitFor();

    // Find a copy's buyer: the copy the thank-you page gives buyer 1 names order of buyer 1.
    const thanks = await (await fetch(`${site.baseUrl}/thank-you?session_id=cs_e2e_1`)).text();
    const href = /class="download" href="([^"]+)"/.exec(thanks)?.[1]?.replace(/&amp;/g, '&');
    expect(href).toBeDefined();
    const copy = Buffer.from(await (await fetch(new URL(href!, site.baseUrl))).arrayBuffer());
    const leaked = path.join(FILES, 'leaked.epub');
    await writeFile(leaked, copy);
    const find = async (file: string) => {
      const chooser = page.waitForEvent('filechooser');
      await panel.getByRole('button', { name: 'Choose a file to check' }).click();
      await (await chooser).setFiles(file);
    };
    await find(leaked);
    const named = panel.getByRole('status').filter({ hasText: 'reader-1@example.org' });
    await named.waitFor();
    expect(await named.innerText()).toMatch(/copy of The Ashwarden made for Reader 1/);
    const notes = path.join(FILES, 'notes.pdf');
    await writeFile(notes, 'these are notes, not a book');
    await find(notes);
    await panel.getByRole('status').filter({ hasText: 'File not readable' }).waitFor();
    await panel.scrollIntoViewIfNeeded();
    await atBothWidths('settings-sales');
  });

  it('Orders: buyer, edition, amount, provider and state; held with its reason; revoke; CSV', async () => {
    await openTab(page, 'Orders');
    const orders = page.getByRole('list', { name: 'Orders' });
    await orders.waitFor();
    const held = orders.getByRole('listitem').filter({ hasText: 'reader-2@example.org' });
    expect(await held.innerText()).toMatch(/Held: Paid \$1\.00, but the edition costs \$4\.99/);
    const paid = orders.getByRole('listitem').filter({ hasText: 'reader-1@example.org' });
    const text = await paid.innerText();
    expect(text).toMatch(/The Ashwarden/);
    expect(text).toMatch(/\$4\.99/);
    expect(text).toMatch(/Stripe/);
    expect(text).toMatch(/downloaded 1 time\b/);
    await atBothWidths('orders');
    await page.setViewportSize({ width: 1280, height: 900 });
    await paid.getByRole('button', { name: /^Revoke order / }).click();
    await paid.getByRole('button', { name: /^Yes, revoke order / }).click();
    await expectToast(page, 'Links revoked', /^Order /);
    await expect.poll(() => paid.innerText()).toMatch(/Refunded/);
    await page.getByRole('button', { name: 'Download CSV of orders' }).waitFor();
  });

  it(
    'Overview: direct sales per book, format and provider, revenue, refunds, beside shop clicks',
    { timeout: 120_000 },
    async () => {
      await pay('3', 499);
      // A fresh load (the Overview read its figures at login), then its tab.
      await page.reload();
      await openTab(page, 'Overview');
      const panel = page.getByRole('region', { name: 'Sold direct' });
      await panel.waitFor();
      await expect
        .poll(() => panel.getByRole('table', { name: 'Direct sales per book, format and provider' }).innerText(), {
          timeout: 15_000,
        })
        .toMatch(/The Ashwarden\s+Ebook\s+Stripe\s+1/);
      expect(await panel.innerText()).toMatch(/Revenue \$4\.99; 1 refunded, 1 held/);
      // Buy direct clicks, direct orders, shop clicks.
      expect(await panel.getByRole('table', { name: 'Direct and shop clicks per book' }).innerText()).toMatch(
        /The Ashwarden\s+\d+\s+1\s+0/,
      );
      await panel.scrollIntoViewIfNeeded();
      await atBothWidths('overview-sales');
    },
  );
});
