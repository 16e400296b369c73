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
    await page.locator('.toast', { hasText: 'Check your email to confirm' }).waitFor();

    const [email, ...more] = await outboxMailTo(site.dataDir, address);
    expect(more).toEqual([]);
    const confirmLink = linkIn(email!.text, '/newsletter/confirm');
    expect(new URL(confirmLink).origin).toBe(new URL(site.baseUrl).origin);
    expect(email!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The link's page asks (a mail scanner opening it confirms nothing); the button confirms.
    await page.goto(confirmLink);
    await page.getByRole('heading', { name: 'One last step' }).waitFor();
    // In the site's header and fonts.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Books' }).waitFor();
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).toContain('Cinzel');
    expect(await page.evaluate(() => document.fonts.check('16px Cinzel'))).toBe(true);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await page.getByRole('heading', { name: "You're in" }).waitFor();
    await page.getByText('Successfully subscribed!').waitFor();
    // The used link (a second click, a scanner before the reader) says so again, and leads into the site.
    const reused = await page.goto(confirmLink);
    expect(reused?.status()).toBe(200);
    await page.getByRole('heading', { name: "You're in" }).waitFor();
    await page.getByRole('link', { name: 'Browse the books' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Books' }).waitFor();

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
