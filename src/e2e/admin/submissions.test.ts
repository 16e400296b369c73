import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const ADMIN_DATE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Contact, Newsletter and Preorders: lists with counts, dates, grouping, load errors with Retry, CSV downloads. */
describe('admin: read-only lists and CSV exports', () => {
  const site = useBrowserSite();
  let page: Page;
  let bookTitle: string;

  async function post(url: string, body: object) {
    const res = await fetch(`${site.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  beforeAll(async () => {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as { id: string; title: string }[];
    const book = books[2]!;
    bookTitle = book.title;
    await post('/api/contact', {
      name: 'Mara Quill',
      email: 'mara@example.com',
      message: 'Line one, with a comma.\nLine "two".',
    });
    await post('/api/contact', { name: '=cmd()', email: 'formula@example.com', message: 'Spreadsheet trick' });
    await post('/api/newsletter', { email: 'active@example.com' });
    await post('/api/newsletter', { email: 'gone@example.com' });
    await post('/api/preorders', {
      bookId: book.id,
      customerName: 'Ivo Rask',
      customerEmail: 'ivo@example.com',
      preferredFormat: 'hardcover',
      phoneNumber: '555 0100',
      specialRequests: 'Signed to Ilse, please.',
    });
    // Mark one subscription unsubscribed directly in the database (the email links are tested elsewhere).
    const db = new Database(path.join(site.dataDir, 'site.sqlite'));
    db.prepare("UPDATE newsletter_subscriptions SET is_active = 0 WHERE email = 'gone@example.com'").run();
    db.close();

    page = site.page;
    await logIn(page, site);
  });

  async function adminList<T>(url: string): Promise<T[]> {
    const res = await fetch(`${site.baseUrl}${url}`, {
      headers: { authorization: `Bearer ${site.adminPassword}` },
    });
    return (await res.json()) as T[];
  }

  async function downloadCsv(what: string): Promise<{ name: string; rows: string[] }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download CSV of ${what}` }).click(),
    ]);
    const file = await download.path();
    const text = await readFile(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    return { name: download.suggestedFilename(), rows: text.slice(1).split('\r\n') };
  }

  const today = () => new Date().toISOString().slice(0, 10);

  it('lists contact submissions with their count and dates, and downloads them as CSV', async () => {
    await openTab(page, 'Contact');
    await page.getByRole('heading', { name: 'Contact Submissions (2)' }).waitFor();
    const list = page.getByRole('list', { name: 'Contact submissions' });
    const mara = list.getByRole('listitem').filter({ hasText: 'Mara Quill' });
    await mara.getByText('mara@example.com').waitFor();
    expect(await mara.getByText(/^Line one/).textContent()).toBe('Line one, with a comma.\nLine "two".');
    const stored = await adminList<{ name: string; createdAt: string }>('/api/admin/contact');
    const createdAt = new Date(stored.find((s) => s.name === 'Mara Quill')!.createdAt);
    const shown = await mara.locator('time').textContent();
    expect(shown).toBe(ADMIN_DATE.format(createdAt));
    expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/);

    const { name, rows } = await downloadCsv('contact submissions');
    expect(name).toBe(`contact-submissions-${today()}.csv`);
    expect(rows[0]).toBe('id,createdAt,name,email,message');
    const text = rows.join('\r\n');
    expect(text).toContain(`,"Line one, with a comma.\nLine ""two"".`);
    expect(text).toContain(`,'=cmd(),formula@example.com,`);
    expect(text).toContain(`${createdAt.toISOString()},Mara Quill,`);
  });

  it('shows each subscriber’s state with counts, filters by state, and downloads them', async () => {
    await openTab(page, 'Newsletter');
    await page.getByRole('heading', { name: 'Newsletter Subscriptions (2)' }).waitFor();
    await page.getByText('Mail is not configured: messages are saved to the outbox').waitFor();
    // The notice opens the mail setup section (docs/mail.md), by keyboard too, and Escape closes it.
    await page.getByRole('button', { name: 'How to set up mail' }).focus();
    await page.keyboard.press('Enter');
    const guide = page.getByRole('dialog', { name: 'Setting up mail' });
    await guide.getByText("SPF and DKIM are the relay's job").waitFor();
    expect(await guide.locator('pre code').first().innerText()).toContain('SMTP_URL=smtp://');
    await page.keyboard.press('Escape');
    await guide.waitFor({ state: 'detached' });
    const table = page.getByRole('table', { name: 'Subscribers' });
    const chip = (name: string) =>
      page.getByRole('radiogroup', { name: 'Show subscribers' }).getByText(name, { exact: true });
    await table.getByRole('row', { name: /active@example\.com Unconfirmed/ }).waitFor();
    await table.getByRole('row', { name: /gone@example\.com Unsubscribed/ }).waitFor();

    await chip('Unsubscribed (1)').click();
    await table.getByRole('row', { name: /gone@example\.com/ }).waitFor();
    expect(await table.getByText('active@example.com').count()).toBe(0);
    await chip('Subscribed (0)').click();
    await page.getByText('No subscribers match these filters.').waitFor();
    await chip('Unconfirmed (1)').click();
    await table.getByRole('row', { name: /active@example\.com/ }).waitFor();
    await chip('All (2)').click();

    const { name, rows } = await downloadCsv('newsletter subscriptions');
    expect(name).toBe(`newsletter-subscriptions-${today()}.csv`);
    expect(rows[0]).toBe('id,createdAt,email,isActive,interests');
    expect(rows.filter((row) => row.endsWith(',active@example.com,true,'))).toHaveLength(1);
    expect(rows.filter((row) => row.endsWith(',gone@example.com,false,'))).toHaveLength(1);
  });

  it('shows preorders with the stored book title, format and contact details, and downloads them', async () => {
    await openTab(page, 'Preorders');
    await page.getByRole('heading', { name: 'Preorders (1)' }).waitFor();
    const item = page.getByRole('list', { name: 'Preorders' }).getByRole('listitem').first();
    for (const text of [bookTitle, 'Hardcover', 'Ivo Rask', 'ivo@example.com', '555 0100', 'Signed to Ilse, please.']) {
      await item.getByText(text, { exact: true }).waitFor();
    }
    const { name, rows } = await downloadCsv('preorders');
    expect(name).toBe(`preorders-${today()}.csv`);
    expect(rows[0]).toBe(
      'id,createdAt,bookId,bookTitle,preferredFormat,customerName,customerEmail,phoneNumber,specialRequests',
    );
    expect(rows[1]).toContain(`,hardcover,Ivo Rask,ivo@example.com,555 0100,"Signed to Ilse, please."`);
  });

  it('shows a load error with the message and a working Retry button', async () => {
    for (const [tab, procedure, title, heading] of [
      ['Contact', 'admin.contactSubmissions', 'Failed to Load Contact Submissions', 'Contact Submissions (2)'],
      [
        'Newsletter',
        'admin.newsletterSubscriptions',
        'Failed to Load Newsletter Subscriptions',
        'Newsletter Subscriptions (2)',
      ],
      ['Preorders', 'admin.preorders', 'Failed to Load Preorders', 'Preorders (1)'],
    ] as const) {
      const fresh = await site.context.newPage();
      // The first load is refused: the error state. The batch may carry other queries of the
      // tab (the newsletter's mail status): each gets the same refusal.
      const carriesProcedure = (url: URL) => url.pathname.split('/trpc/')[1]?.split(',').includes(procedure) ?? false;
      await fresh.route(carriesProcedure, (route) => {
        const batched = new URL(route.request().url()).pathname.split('/trpc/')[1]!.split(',');
        const refusal = {
          error: {
            json: {
              message: 'The database is busy',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
            },
          },
        };
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify(batched.map(() => refusal)),
        });
      });
      await fresh.goto(`${site.baseUrl}/admin?tab=${tab.toLowerCase()}`);
      const alert = fresh.getByRole('alert').filter({ hasText: title });
      await alert.waitFor();
      await alert.getByText('The database is busy').waitFor();
      await fresh.unroute(carriesProcedure);
      await alert.getByRole('button', { name: 'Retry' }).click();
      await fresh.getByRole('heading', { name: heading }).waitFor();
      await fresh.close();
    }
    expect(site.problems).toEqual([]);
  });

  it('erases a contact message and a preorder after confirming in the modal; Cancel keeps them', async () => {
    await openTab(page, 'Contact');
    const messages = page.getByRole('list', { name: 'Contact submissions' });
    const mara = messages.getByRole('listitem').filter({ hasText: 'Mara Quill' });
    await mara.getByRole('button', { name: 'Delete message from Mara Quill' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete message?' });
    await dialog.getByText('“Message from Mara Quill” will be permanently deleted. This cannot be undone.').waitFor();
    // Cancel has the focus: Enter keeps the message.
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Contact Submissions (2)' }).waitFor();
    await mara.getByRole('button', { name: 'Delete message from Mara Quill' }).click();
    await dialog.getByRole('button', { name: 'Delete message' }).click();
    await expectToast(page, 'Success', 'Message deleted successfully');
    await page.getByRole('heading', { name: 'Contact Submissions (1)' }).waitFor();
    const contact = await adminList<{ name: string }>('/api/admin/contact');
    expect(contact.map((message) => message.name)).toEqual(['=cmd()']);

    await openTab(page, 'Preorders');
    await page.getByRole('button', { name: 'Delete preorder from Ivo Rask' }).click();
    await page
      .getByRole('dialog', { name: 'Delete preorder?' })
      .getByRole('button', { name: 'Delete preorder' })
      .click();
    await expectToast(page, 'Success', 'Preorder deleted successfully');
    await page.getByRole('heading', { name: 'No Preorders' }).waitFor();
    expect(await adminList('/api/admin/preorders')).toEqual([]);
    expect(site.problems).toEqual([]);
  });
});
