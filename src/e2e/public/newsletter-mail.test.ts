import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEmail } from '../../server/test-support/smtp-inbox.js';
import { expectToast, logIn, openTab } from '../admin/admin-helpers.js';
import { useBrowserSite } from '../support/fixture.js';
import { openPage, uniqueEmail } from './helpers.js';

/** The .eml files the server saved for this address (no SMTP_URL: the outbox), waiting up to 10 s for one. */
async function outboxMailTo(dataDir: string, address: string) {
  const outbox = path.join(dataDir, 'outbox');
  for (let waited = 0; waited < 10_000; waited += 100) {
    const files = await readdir(outbox).catch(() => []);
    const emails = await Promise.all(files.map(async (file) => readEmail(await readFile(path.join(outbox, file), 'utf8'))));
    const matching = emails.filter((email) => email.headers.get('to') === address);
    if (matching.length > 0) return matching;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no email to ${address} in ${outbox}`);
}

const linkIn = (text: string, pathname: string) => {
  const link = new RegExp(`https?://\\S+${pathname}\\?token=[\\w.~-]+`).exec(text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${text}`);
  return link;
};

describe('newsletter emails, end to end', () => {
  const site = useBrowserSite();

  it('subscribe on the home page → confirmation link from the outbox → "You\'re in" → unsubscribe → the admin erases the subscriber', async () => {
    const address = uniqueEmail('optin');
    const { page } = await openPage(site.context, site.baseUrl, '/');
    const section = page.locator('#newsletter');
    await section.getByLabel('Email address').fill(address);
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.toast', { hasText: 'Successfully subscribed!' }).waitFor();

    const [email, ...more] = await outboxMailTo(site.dataDir, address);
    expect(more).toEqual([]);
    const confirmLink = linkIn(email!.text, '/newsletter/confirm');
    expect(new URL(confirmLink).origin).toBe(new URL(site.baseUrl).origin);
    expect(email!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await page.goto(confirmLink);
    await page.getByRole('heading', { name: "You're in" }).waitFor();
    // The link works once.
    const reused = await page.goto(confirmLink);
    expect(reused?.status()).toBe(410);
    await page.getByRole('heading', { name: 'This link has expired — subscribe again' }).waitFor();

    await page.goto(linkIn(email!.text, '/newsletter/unsubscribe'));
    await page.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: "You're unsubscribed" }).waitFor();

    await logIn(page, site);
    await openTab(page, 'Newsletter');
    const row = page.getByRole('table', { name: 'Subscribers' }).getByRole('row', { name: new RegExp(address) });
    await row.getByText('Unsubscribed', { exact: true }).filter({ visible: true }).waitFor();
    await row.getByRole('button', { name: `Delete ${address}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete subscriber?' });
    await dialog.getByText(`“${address}” will be permanently deleted. This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: 'Delete subscriber' }).click();
    await expectToast(page, 'Success', 'Subscriber deleted successfully');
    await row.waitFor({ state: 'detached' });

    const res = await fetch(`${site.baseUrl}/api/admin/newsletter`, {
      headers: { authorization: `Bearer ${site.adminPassword}` },
    });
    const stored = (await res.json()) as { email: string }[];
    expect(stored.map((subscription) => subscription.email)).not.toContain(address);
  });
});
