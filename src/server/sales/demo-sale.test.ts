import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { demoAshwardenEpub, DEMO_PAYMENT_LINK } from '../operations/seed/demo-sale.js';
import { useTestApp } from '../test-support/app-context.js';
import { getList } from '../test-support/http.js';
import { SALE_SECRETS, stripeSession } from '../test-support/sales.js';

const run = promisify(execFile);

describe('the demo sells The Ashwarden’s ebook direct', () => {
  const context = useTestApp({ SEED_DEMO: undefined, ...SALE_SECRETS });

  it('shows Buy direct at $4.99 and delivers on a payment of its Payment Link', async () => {
    const books = await getList<{ slug: string; directSales: { price: string; provider: string; format: string }[] }>(
      context.t.app,
      '/api/books',
    );
    const ashwarden = books.find((book) => book.slug === 'the-ashwarden');
    expect(ashwarden?.directSales).toEqual([
      expect.objectContaining({ price: '$4.99', provider: 'stripe', format: 'ebook', amount: 499, currency: 'usd' }),
    ]);
    expect(books.filter((book) => book.directSales.length > 0)).toHaveLength(1);
    const signed = stripeSession({
      eventId: 'evt_demo',
      sessionId: 'cs_demo',
      paymentIntent: 'pi_demo',
      paymentLink: DEMO_PAYMENT_LINK,
      amount: 499,
      email: 'ada@example.org',
    });
    const response = await context.t.app.inject({
      method: 'POST',
      url: '/api/sales/events/stripe',
      payload: signed.body,
      headers: { 'content-type': 'application/json', ...signed.headers },
    });
    expect(response.json()).toMatchObject({ result: 'paid', queuedEmail: true });
  });

  it('delivers a real EPUB that epubcheck accepts', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'demo-epub-'));
    try {
      const file = path.join(folder, 'the-ashwarden.epub');
      await writeFile(file, await demoAshwardenEpub());
      const { stdout } = await run('java', ['-jar', '/usr/bin/epubcheck', file], { timeout: 120_000 });
      expect(stdout).toContain('No errors or warnings detected');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 150_000);
});
