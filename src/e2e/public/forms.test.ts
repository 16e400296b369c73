import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite, useSite, type Site } from '../support/fixture.js';
import { holdNextRequest } from '../support/held-request.js';
import { openPage, toastText, uniqueEmail } from './helpers.js';

async function adminList<T>(site: Site, path: string): Promise<T[]> {
  const answer = await fetch(`${site.baseUrl}${path}`, { headers: { authorization: `Bearer ${site.adminPassword}` } });
  expect(answer.ok).toBe(true);
  return (await answer.json()) as T[];
}

async function expectHoneypot(form: ReturnType<Page["locator"]>): Promise<void> {
  const trap = form.locator('input[name="website"]');
  expect(await trap.getAttribute('tabindex')).toBe('-1');
  expect(await trap.getAttribute('autocomplete')).toBe('off');
  expect(await trap.evaluate((input) => input.closest('[aria-hidden="true"]') !== null)).toBe(true);
  // Out of sight: far off the left edge of the page.
  const box = await trap.boundingBox();
  expect(box!.x + box!.width).toBeLessThan(0);
}

/** The contact, newsletter and preorder flows with their toasts. */
describe('public forms', () => {
  const site = useBrowserSite();

  it('subscribes from the home page, and refuses an address already subscribed', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/');
    const section = page.locator('#newsletter');
    const email = section.getByLabel('Email address');
    const button = section.getByRole('button', { name: 'Subscribe' });
    await expectHoneypot(section.locator('form'));

    // Empty: not submitted.
    let sent = 0;
    page.on('request', (request) => {
      if (request.url().includes('newsletter.subscribe')) sent += 1;
    });
    await button.click();
    await section.getByText('Email is required').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBe(0);

    const address = uniqueEmail('home');
    await email.fill(address);
    const subscribing = await holdNextRequest(page, '**/trpc/newsletter.subscribe**');
    await button.click();
    const pending = section.getByRole('button', { name: 'Subscribing...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    subscribing.release();
    const success = await toastText(page);
    expect(success).toContain('Check your email to confirm');
    expect(success).not.toContain('Successfully subscribed!');
    expect(success).toMatch(/check your email for confirmation/i);
    expect(await page.locator('.toast').getAttribute('data-variant')).toBe('default');
    await section.getByRole('button', { name: 'Subscribe' }).waitFor();
    expect(await email.inputValue()).toBe('');
    expect(sent).toBe(1);

    // The same address again: the server's 409 message in a destructive toast.
    await email.fill(address);
    await button.click();
    await page.locator('.toast', { hasText: 'Subscription failed' }).waitFor();
    expect(await toastText(page)).toContain('This email is already subscribed');
    expect(await page.locator('.toast').getAttribute('data-variant')).toBe('destructive');
    expect(await page.locator('.toast').getAttribute('role')).toBe('alert');

    const stored = await adminList<{ email: string }>(site, '/api/admin/newsletter');
    expect(stored.filter((subscription) => subscription.email === address)).toHaveLength(1);
    // The browser itself reports the refused request (409); nothing else may appear.
    expect(problems().filter((problem) => !problem.includes('status of 409'))).toEqual([]);
    await page.close();
  });

  it('shows "{status}: {body}" when the answer is not JSON (a proxy’s plain-text 503)', async () => {
    const { page } = await openPage(site.context, site.baseUrl, '/');
    await page.route(
      '**/trpc/newsletter.subscribe**',
      (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
      { times: 1 },
    );
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill(uniqueEmail('proxy'));
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.toast', { hasText: 'Subscription failed' }).waitFor();
    expect(await toastText(page)).toContain('503: Service Unavailable');
    await page.close();
  });

  it('sends a contact message and subscribes from the contact page', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/contact');
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await expectHoneypot(form);

    await page.getByRole('button', { name: 'Send Message' }).click();
    await form.getByText('Name is required').waitFor();

    await form.getByLabel(/^Name/).fill('Maren Oakes');
    await form.getByLabel(/^Email/).fill('maren@example.com');
    await form.getByLabel(/^Message/).fill('The Long Stair made me cry.\nThank you.');
    const sending = await holdNextRequest(page, '**/trpc/contact.send**');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const pending = page.getByRole('button', { name: 'Sending...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    sending.release();
    const success = await toastText(page);
    expect(success).toContain('Message sent successfully!');
    expect(success).toContain("Thank you for reaching out. I'll get back to you soon.");
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    for (const label of [/^Name/, /^Email/, /^Message/]) {
      expect(await form.getByLabel(label).inputValue()).toBe('');
    }
    const messages = await adminList<{ name: string; message: string }>(site, '/api/admin/contact');
    expect(messages.some((message) => message.name === 'Maren Oakes' && message.message.includes('Long Stair'))).toBe(true);

    // The contact page's newsletter form words its welcome differently.
    const newsletter = page.locator('#newsletter');
    await newsletter.getByLabel('Email address').fill(uniqueEmail('contact'));
    await newsletter.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.toast', { hasText: 'Check your email to confirm' }).waitFor();
    const welcome = await toastText(page);
    expect(welcome).toMatch(/check your email for confirmation/i);
    expect(welcome).toContain('Cinderwake circle');
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('shows the fallback text when a message cannot reach the server', async () => {
    const offline = await site.newContext();
    const { page } = await openPage(offline, site.baseUrl, '/contact');
    await offline.route('**/trpc/contact.send**', (route) => route.abort());
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel(/^Name/).fill('Tobias Ferrant');
    await form.getByLabel(/^Email/).fill('tobias@example.com');
    await form.getByLabel(/^Message/).fill('Hello');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.locator('.toast', { hasText: 'Failed to send message' }).waitFor();
    expect(await toastText(page)).toContain('Something went wrong. Please try again.');
    expect(await page.locator('.toast').getAttribute('data-variant')).toBe('destructive');
    // Nothing is lost: the fields keep what was typed.
    expect(await page.getByLabel(/^Name/).inputValue()).toBe('Tobias Ferrant');
    await offline.close();
  });

  it('shows toasts at the top on a phone, clear of the button the reader presses again', async () => {
    const phone = await site.newContext({ viewport: 'mobile' });
    const { page } = await openPage(phone, site.baseUrl, '/contact');
    await phone.route('**/trpc/contact.send**', (route) => route.abort());
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel(/^Name/).fill('Tobias Ferrant');
    await form.getByLabel(/^Email/).fill('tobias@example.com');
    await form.getByLabel(/^Message/).fill('Hello');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    const toast = page.locator('.toast', { hasText: 'Failed to send message' });
    await toast.waitFor();
    const [toastBox, sendBox] = await Promise.all([toast.boundingBox(), send.boundingBox()]);
    expect(toastBox!.y).toBeLessThan(40);
    expect(toastBox!.y + toastBox!.height).toBeLessThan(sendBox!.y);
    await send.click({ trial: true }); // nothing covers it: Playwright's hit test finds the button itself
    await phone.close();
  });

  it('submits a preorder, confirms it, and returns to an empty form', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/preorder');
    const book = page.getByLabel(/^Book/);
    const options = await book.locator('option').allInnerTexts();
    // Only books not out yet; published ones are bought from their page.
    expect(options).toEqual(['Select a book', 'A Lantern for the Drowned — Preorder', 'The Unkindled Throne — Coming Soon']);
    const formats = () => page.getByLabel(/^Preferred format/).locator('option').allInnerTexts();
    expect(await formats()).toEqual(['Select a format', 'eBook', 'Paperback', 'Hardcover', 'Audiobook']);
    // Says what a preorder is.
    await page.getByText("A preorder reserves your copy: we'll email you when it's out; nothing is charged.").waitFor();
    await expectHoneypot(page.locator('main form'));

    await page.getByRole('button', { name: 'Submit Preorder' }).click();
    await page.getByText('Please choose a book').waitFor();
    await page.getByText('Please choose a format').waitFor();

    // A book without editions keeps the three seed formats, at the book's price (none here).
    await book.selectOption({ label: 'The Unkindled Throne — Coming Soon' });
    expect(await formats()).toEqual(['Select a format', 'eBook', 'Paperback', 'Hardcover']);
    await page.getByLabel(/^Preferred format/).selectOption('paperback');
    // The book's own editions, each at its price; a format it lacks is cleared.
    await book.selectOption({ label: 'A Lantern for the Drowned — Preorder' });
    expect(await formats()).toEqual([
      'Select a format',
      'Hardcover — $27.99',
      'eBook — $12.99',
      'Audiobook — $26.99',
    ]);
    expect(await page.getByLabel(/^Preferred format/).inputValue()).toBe('');
    await page.getByLabel(/^Preferred format/).selectOption('hardcover');
    // The price beside the cover is the chosen edition's.
    await page.getByLabel('Selected book').getByText('$27.99', { exact: true }).waitFor();
    await page.getByLabel(/^Full name/).fill('Ines Caldwell');
    await page.getByLabel(/^Email/).fill('ines@example.com');
    await page.getByLabel(/Special requests/).fill('Sign it to the shop, please.');
    const submitting = await holdNextRequest(page, '**/trpc/preorders.create**');
    await page.getByRole('button', { name: 'Submit Preorder' }).click();
    const pending = page.getByRole('button', { name: 'Sending...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    submitting.release();

    await page.getByRole('heading', { name: 'Preorder Confirmed!' }).waitFor();
    const success = await toastText(page);
    expect(success).toContain('Preorder Submitted!');
    expect(success).toContain("Thank you for your preorder. We'll contact you when the book is available.");

    const stored = await adminList<{ customerName: string; bookTitle: string; preferredFormat: string; phoneNumber: string | null }>(
      site,
      '/api/admin/preorders',
    );
    const mine = stored.find((preorder) => preorder.customerName === 'Ines Caldwell');
    expect(mine).toMatchObject({ bookTitle: 'A Lantern for the Drowned', preferredFormat: 'hardcover', phoneNumber: null });

    await page.getByRole('button', { name: 'Submit Another Preorder' }).click();
    await page.getByRole('button', { name: 'Submit Preorder' }).waitFor();
    expect(await page.getByLabel(/^Book/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('');
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('a published book is not preordered: /preorder?book= links to its Buy menu instead', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/preorder?book=the-ashwarden');
    await page.getByText('The Ashwarden is out now').waitFor();
    const buy = page.getByRole('link', { name: 'buy The Ashwarden' });
    expect(await buy.getAttribute('href')).toBe('/books/the-ashwarden#editions');
    await buy.click();
    await page.waitForURL(`${site.baseUrl}/books/the-ashwarden#editions`);
    // The Ashwarden is sold direct in the demo: Buy direct first, the shops in a menu beside it.
    await page.getByRole('link', { name: 'Buy direct — $4.99' }).first().waitFor();
    await page.getByRole('button', { name: 'Buy from a shop' }).first().waitFor();
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('on release day the home page’s Latest Release offers Buy, not Preorder', async () => {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as Array<Record<string, unknown>>;
    const lantern = books.find((book) => book.title === 'A Lantern for the Drowned')!;
    const { id, slug: _slug, series: _series, image: _image, ...data } = lantern;
    const published = await fetch(`${site.baseUrl}/api/books/${String(id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` },
      body: JSON.stringify({ ...data, status: 'published' }),
    });
    expect(published.status, await published.text()).toBe(200);
    try {
      const { page, problems } = await openPage(site.context, site.baseUrl, '/');
      const release = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Latest Release' }) });
      await release.getByRole('link', { name: 'A Lantern for the Drowned', exact: true }).waitFor();
      const buy = release.getByRole('link', { name: /^Buy/ });
      expect(await buy.getAttribute('href')).toBe('/books/a-lantern-for-the-drowned#editions');
      expect(await release.getByRole('link', { name: 'Preorder' }).count()).toBe(0);
      expect(problems()).toEqual([]);
      await page.close();
    } finally {
      await fetch(`${site.baseUrl}/api/books/${String(id)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` },
        body: JSON.stringify({ ...data, status: 'preorder' }),
      });
    }
  });

  describe('on a site without books', () => {
    const empty = useSite({ seed: 'empty' });

    it('says so when there are no books to preorder', async () => {
      const { page, problems } = await openPage(site.context, empty.baseUrl, '/preorder');
      const book = page.getByLabel(/^Book/);
      expect(await book.locator('option').allInnerTexts()).toEqual(['No books available']);
      expect(await book.isDisabled()).toBe(true);
      expect(problems()).toEqual([]);
      await page.close();
    });
  });
});
