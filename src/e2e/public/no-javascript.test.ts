import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { trackConsoleProblems, waitForHydration } from '../support/browser.js';
import { useBrowserSite, type Site } from '../support/fixture.js';
import { uniqueEmail } from './helpers.js';

async function adminList<T>(site: Site, path: string): Promise<T[]> {
  const answer = await fetch(`${site.baseUrl}${path}`, { headers: { authorization: `Bearer ${site.adminPassword}` } });
  expect(answer.ok).toBe(true);
  return (await answer.json()) as T[];
}

/** The page as a browser without the script sees it; every request it makes is recorded. */
async function openWithoutScript(context: BrowserContext, url: string): Promise<{ page: Page; posts: string[] }> {
  const page = await context.newPage();
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  await page.goto(url, { waitUntil: 'load' });
  return { page, posts };
}

/**
 * Submits the form and returns the status of the document the form post leads to (after a 303, the page it
 * redirects to). It waits for that document response itself: a same-document navigation on the page
 * meanwhile would make waitForNavigation resolve with no response at all.
 */
async function submitAndWait(page: Page, button: ReturnType<Page['locator']>): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (answer) =>
        answer.request().isNavigationRequest() &&
        answer.frame() === page.mainFrame() &&
        (answer.status() < 300 || answer.status() >= 400),
    ),
    // The new document's own load event (the page before it had loaded already).
    page.waitForEvent('load'),
    button.click(),
  ]);
  return response.status();
}

/**
 * With JavaScript off (a blocked or slow script) every public form still posts
 * to the server, which stores exactly what the script's call would and answers with a page.
 */
describe('public forms without JavaScript', () => {
  const site = useBrowserSite({ javaScriptEnabled: false });

  it('sends a contact message: 303 to the success text, a reload sends nothing again', async () => {
    const { page, posts } = await openWithoutScript(site.context, `${site.baseUrl}/contact`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    expect(await form.getAttribute('method')).toBe('post');
    expect(await form.getAttribute('novalidate')).toBeNull();

    // The browser's own check stops an empty form: nothing is posted.
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await form.getByLabel(/^Name/).evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(posts).toEqual([]);

    await form.getByLabel(/^Name/).fill('Orla Wren');
    await form.getByLabel(/^Email/).fill('orla@example.com');
    await form.getByLabel(/^Message/).fill('Read it in one night.');
    const status = await submitAndWait(page, page.getByRole('button', { name: 'Send Message' }));
    expect(status).toBe(200);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/contact?sent=contact');
    const notice = page.getByRole('status').filter({ hasText: 'Message sent successfully!' });
    expect(await notice.innerText()).toContain("Thank you for reaching out. I'll get back to you soon.");
    expect(await form.getByLabel(/^Name/).inputValue()).toBe('');

    await page.reload({ waitUntil: 'load' });
    expect(posts).toEqual(['/contact']);
    const stored = await adminList<{ name: string; email: string; message: string }>(site, '/api/admin/contact');
    expect(stored.filter((row) => row.name === 'Orla Wren')).toEqual([
      expect.objectContaining({ email: 'orla@example.com', message: 'Read it in one night.' }),
    ]);
    await page.close();
  });

  it('shows the server’s errors next to the fields, keeping what was typed', async () => {
    const { page } = await openWithoutScript(site.context, `${site.baseUrl}/contact`);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send Message' }) });
    // Blank after trimming: the browser lets it through, the shared schema does not.
    await form.getByLabel(/^Name/).fill('   ');
    await form.getByLabel(/^Email/).fill('kept@example.com');
    await form.getByLabel(/^Message/).fill('Kept text');
    const status = await submitAndWait(page, page.getByRole('button', { name: 'Send Message' }));
    expect(status).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to send message' });
    expect(await alert.innerText()).toContain('Name is required');
    expect(await form.getByText('Name is required').count()).toBeGreaterThan(0);
    expect(await form.getByLabel(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel(/^Email/).inputValue()).toBe('kept@example.com');
    expect(await form.getByLabel(/^Message/).inputValue()).toBe('Kept text');

    const stored = await adminList<{ email: string }>(site, '/api/admin/contact');
    expect(stored.some((row) => row.email === 'kept@example.com')).toBe(false);
    await page.close();
  });

  it('subscribes from the home page and lands back at the newsletter section', async () => {
    const { page } = await openWithoutScript(site.context, `${site.baseUrl}/`);
    const section = page.locator('#newsletter');
    const address = uniqueEmail('nojs-home');
    await section.getByLabel('Email address').fill(address);
    const status = await submitAndWait(page, section.getByRole('button', { name: 'Subscribe' }));
    expect(status).toBe(200);
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}${url.hash}`).toBe('/?sent=newsletter#newsletter');
    const notice = section.getByRole('status');
    expect(await notice.innerText()).toContain('Check your email to confirm');
    expect(await notice.innerText()).toMatch(/check your email for confirmation/i);
    // The message comes into view (a smooth scroll to #newsletter), below the sticky header, not under it.
    await page.waitForFunction(
      () => {
        const header = document.querySelector('header')!.getBoundingClientRect();
        const message = document.querySelector('#newsletter [role="status"]')!.getBoundingClientRect();
        return message.top >= header.bottom && message.bottom <= window.innerHeight;
      },
      undefined,
      { timeout: 5_000 },
    );
    const stored = await adminList<{ email: string; isActive: boolean }>(site, '/api/admin/newsletter');
    expect(stored.filter((row) => row.email === address)).toEqual([expect.objectContaining({ isActive: true })]);

    // The same address again: the server's 409 text, in the section, with the address kept.
    await section.getByLabel('Email address').fill(address);
    expect(await submitAndWait(page, section.getByRole('button', { name: 'Subscribe' }))).toBe(409);
    const alert = page.locator('#newsletter').getByRole('alert');
    expect(await alert.innerText()).toContain('Subscription failed');
    expect(await alert.innerText()).toContain('This email is already subscribed');
    expect(await page.locator('#newsletter').getByLabel('Email address').inputValue()).toBe(address);
    await page.close();
  });

  it('subscribes from the contact page with its own welcome text', async () => {
    const { page } = await openWithoutScript(site.context, `${site.baseUrl}/contact`);
    const section = page.locator('#newsletter');
    const address = uniqueEmail('nojs-contact');
    await section.getByLabel('Email address').fill(address);
    expect(await submitAndWait(page, section.getByRole('button', { name: 'Subscribe' }))).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/contact');
    const notice = section.getByRole('status');
    expect(await notice.innerText()).toContain('Check your email to confirm');
    expect(await notice.innerText()).toContain('Cinderwake circle');
    const stored = await adminList<{ email: string }>(site, '/api/admin/newsletter');
    expect(stored.filter((row) => row.email === address)).toHaveLength(1);
    await page.close();
  });

  it('submits a preorder and shows its confirmation', async () => {
    const { page } = await openWithoutScript(site.context, `${site.baseUrl}/preorder`);
    // Without the script the format list cannot follow the book: the server refuses an edition it lacks.
    await page.getByLabel(/^Book/).selectOption({ label: 'A Lantern for the Drowned — Preorder' });
    await page.getByLabel(/^Preferred format/).selectOption('paperback');
    await page.getByLabel(/^Full name/).fill('Silas Marrow');
    await page.getByLabel(/^Email/).fill('silas@example.com');
    await page.getByLabel(/^Phone number/).fill('555 0199');
    expect(await submitAndWait(page, page.getByRole('button', { name: 'Submit Preorder' }))).toBe(400);
    expect(await page.getByRole('alert').innerText()).toContain(
      'A Lantern for the Drowned is not offered as paperback: choose one of its editions',
    );
    await page.getByLabel(/^Preferred format/).selectOption('audiobook');
    expect(await submitAndWait(page, page.getByRole('button', { name: 'Submit Preorder' }))).toBe(200);

    await page.getByRole('heading', { name: 'Preorder Confirmed!' }).waitFor();
    const notice = page.getByRole('status').filter({ hasText: 'Preorder Submitted!' });
    expect(await notice.innerText()).toContain("Thank you for your preorder. We'll contact you when the book is available.");
    expect(await page.locator('main').innerText()).toContain('Your audiobook of A Lantern for the Drowned is reserved.');
    expect(page.url()).not.toContain('silas');

    const stored = await adminList<Record<string, unknown>>(site, '/api/admin/preorders');
    expect(stored.filter((row) => row.customerName === 'Silas Marrow')).toEqual([
      expect.objectContaining({
        bookTitle: 'A Lantern for the Drowned',
        customerEmail: 'silas@example.com',
        preferredFormat: 'audiobook',
        phoneNumber: '555 0199',
        specialRequests: null,
      }),
    ]);

    // Back to an empty form, by a plain link.
    await Promise.all([
      page.waitForNavigation({ waitUntil: 'load' }),
      page.getByRole('link', { name: 'Submit Another Preorder' }).click(),
    ]);
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('');
    await page.close();
  });

  it('hands a refused post over to the script when it arrives late: same state, no hydration mismatch', async () => {
    const late = await site.newContext({ javaScriptEnabled: true });
    // The first page's script never arrives (a slow phone); the answer's page gets it.
    let blockScripts = true;
    await late.route('**/assets/**', (route) =>
      blockScripts && route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    const page = await late.newPage();
    await page.goto(`${site.baseUrl}/preorder`, { waitUntil: 'load' });
    await page.getByLabel(/^Book/).selectOption({ label: 'The Unkindled Throne — Coming Soon' });
    await page.getByLabel(/^Preferred format/).selectOption('ebook');
    await page.getByLabel(/^Full name/).fill('   ');
    await page.getByLabel(/^Email/).fill('late@example.com');
    blockScripts = false;
    const problems = trackConsoleProblems(page);
    expect(await submitAndWait(page, page.getByRole('button', { name: 'Submit Preorder' }))).toBe(400);
    await waitForHydration(page);

    // React claims the page (waitForHydration) before the render that follows hydration switches
    // useHydrated() to true and sets novalidate: on a busy machine the attribute comes a moment later.
    // Wait for that render itself, not for a moment.
    await page.locator('main form[novalidate]').waitFor();
    expect(await page.getByRole('alert').innerText()).toContain('Full name is required');
    expect(await page.getByLabel(/^Full name/).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('late@example.com');
    expect(await page.getByLabel(/^Preferred format/).inputValue()).toBe('ebook');
    // Now the script's form: editing a field clears its error.
    await page.getByLabel(/^Full name/).fill('Late Reader');
    await expect
      .poll(() => page.getByLabel(/^Full name/).getAttribute('aria-invalid'))
      .not.toBe('true');
    expect(await page.getByLabel(/^Email/).getAttribute('aria-invalid')).not.toBe('true');
    // The browser reports the 400 document itself; nothing else may appear (no mismatch).
    expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);

    // Leaving and coming back shows an empty form: the refused post is not shown twice.
    await page.getByRole('link', { name: 'Books' }).first().click();
    await page.waitForURL(`${site.baseUrl}/books`);
    await page.getByLabel(/^Full name/).waitFor({ state: 'detached' });
    await page.goBack();
    await page.getByLabel(/^Full name/).waitFor();
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    await late.close();
  });
});
