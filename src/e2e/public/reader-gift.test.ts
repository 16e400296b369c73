import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleGiftFile } from '../../server/test-support/gift-files.js';
import { chooseOption, expectToast, logIn, openTab } from '../admin/admin-helpers.js';
import { useBrowserSite } from '../support/fixture.js';
import { linkIn, useMailbox } from '../support/mailbox.js';
import { saveScreenshot, screenshotsWanted } from '../support/screenshots.js';
import { openPage, uniqueEmail } from './helpers.js';

const mailbox = useMailbox();

describe('winning readers, end to end (Chromium, real SMTP)', () => {
  const site = useBrowserSite({ env: mailbox.env });
  const api = (url: string, init: RequestInit = {}) =>
    fetch(`${site.baseUrl}${url}`, {
      ...init,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}`, ...init.headers },
    });

  it('subscribe with interests → confirm → welcome email with the gift → download → preferences → an issue to one series reaches that group only', async () => {
    const other = (await (await api('/api/series', { method: 'POST', body: JSON.stringify({ name: 'Ember Tales' }) })).json()) as {
      id: string;
    };
    // The banner's promise is true: the demo's gift is active.
    const { page } = await openPage(site.context, site.baseUrl, '/');
    await page.getByRole('complementary', { name: 'Announcement' }).getByText('Subscribers receive The Marshal’s Ledger').waitFor();
    const section = page.locator('#newsletter');
    await section.getByText('Free for subscribers: The Marshal’s Ledger.').waitFor();
    if (screenshotsWanted()) {
      await saveScreenshot(section, 'signup-1280');
      const phone = await site.newContext({ viewport: 'mobile' });
      const { page: small } = await openPage(phone, site.baseUrl, '/');
      await saveScreenshot(small.locator('#newsletter'), 'signup-375');
      await phone.close();
    }
    const reader = uniqueEmail('ember');
    await section.getByLabel('Email address').fill(reader);
    await section.getByRole('checkbox', { name: 'Ember Tales' }).check();
    await section.getByRole('button', { name: 'Subscribe' }).click();
    await page.locator('.toast', { hasText: 'Check your email to confirm' }).waitFor();
    // A second reader, by the REST call, wants only new releases.
    const bystander = uniqueEmail('releases');
    const res = await fetch(`${site.baseUrl}/api/newsletter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bystander, interests: ['new-releases'] }),
    });
    expect(res.status).toBe(201);

    for (const address of [reader, bystander]) {
      const [confirmation] = await mailbox.mailTo(address, 1);
      await page.goto(linkIn(confirmation!, '/newsletter/confirm'));
      // The link's page asks (a mail scanner's visit confirms nothing); the reader's press confirms.
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await page.getByRole('heading', { name: "You're in" }).waitFor();
      await page.getByText('Your gift, The Marshal’s Ledger, is on its way').waitFor();
    }
    const stored = (await (await api('/api/admin/newsletter')).json()) as { email: string; interests: string[] | null }[];
    expect(stored.find((row) => row.email === reader)?.interests).toEqual([`series:${other.id}`]);

    const [, welcome] = await mailbox.mailTo(reader, 2);
    expect(welcome!.headers.get('subject')).toBe('Welcome to the Ashwardens');
    await page.goto(linkIn(welcome!, '/newsletter/gift'));
    await page.getByRole('heading', { name: 'The Marshal’s Ledger' }).waitFor();
    await page.getByText('How to open it').waitFor();
    await saveScreenshot(page, 'download-1280', { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: /Download PDF/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('the-marshals-ledger.pdf');
    const saved = path.join(tmpdir(), `gift-${Date.now()}.pdf`);
    await download.saveAs(saved);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // A range request on the same link (a resumed download): exactly those bytes, not counted.
    const href = await page.getByRole('link', { name: /Download PDF/ }).getAttribute('href');
    const partial = await fetch(`${site.baseUrl}${href}`, { headers: { range: 'bytes=5-24' } });
    expect(partial.status).toBe(206);
    expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(5, 25))).toBe(true);

    // Preferences, from the link in the email: add "New releases only", by keyboard.
    await page.goto(linkIn(welcome!, '/newsletter/preferences'));
    await page.getByRole('heading', { name: 'Your newsletter preferences' }).waitFor();
    await page.getByRole('checkbox', { name: 'New releases only' }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await page.getByText('Your choices are saved.').waitFor();
    await saveScreenshot(page, 'preferences-1280', { fullPage: true });
    const updated = (await (await api('/api/admin/newsletter')).json()) as { email: string; interests: string[] }[];
    expect(updated.find((row) => row.email === reader)?.interests.sort()).toEqual(['new-releases', `series:${other.id}`].sort());

    // The author sends an issue to Ember Tales' readers: the confirmation counts exactly them.
    const expected = (await (await api('/api/admin/newsletter/recipients', {
      method: 'POST',
      body: JSON.stringify({ audience: { kind: 'series', seriesId: other.id } }),
    })).json()) as { count: number };
    await logIn(page, site);
    await openTab(page, 'Mail');
    await page.getByRole('button', { name: 'New issue' }).click();
    await page.getByLabel('Subject').fill('Embers only');
    await chooseOption(page.getByRole('textbox', { name: 'Send to' }), 'Readers of Ember Tales');
    const people = `${expected.count} ${expected.count === 1 ? 'subscriber' : 'subscribers'}`;
    await page.getByRole('button', { name: `Send to ${people}` }).click();
    const dialog = page.getByRole('dialog', { name: `Send to ${people}?` });
    await dialog.getByText('in the chosen group').waitFor();
    await dialog.getByRole('button', { name: `Send to ${people}` }).click();
    await expectToast(page, 'Sending', `The issue is on its way to ${expected.count} subscribers.`);
    await mailbox.mailTo(reader, 3);
    expect(mailbox.inbox.to(reader)[2]!.headers.get('subject')).toBe('Embers only');
    const everyone = mailbox.inbox.received.filter((email) => email.headers.get('subject') === 'Embers only');
    expect(everyone).toHaveLength(expected.count);
    expect(mailbox.inbox.to(bystander).map((email) => email.headers.get('subject'))).not.toContain('Embers only');
    expect(site.problems).toEqual([]);
  });

  it('the author manages the gift: a file that is not what it claims is refused, a real one is added', async () => {
    const page = site.page;
    // Still logged in from the first test (one context for the file).
    await page.goto(`${site.baseUrl}/admin`);
    await openTab(page, 'Mail');
    await openTab(page, 'Gift');
    const gift = page.getByRole('region', { name: 'Gift: The Marshal’s Ledger' });
    await gift.getByText('Active', { exact: true }).waitFor();
    const fake = path.join(tmpdir(), `fake-${Date.now()}.epub`);
    await writeFile(fake, Buffer.from('this is a text file pretending to be an ebook, long enough to be checked'));
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), gift.getByRole('button', { name: 'Add a file' }).click()]);
    await chooser.setFiles(fake);
    await gift.getByRole('alert').getByText('This file is not a real EPUB file').waitFor();
    const real = path.join(tmpdir(), `ledger-${Date.now()}.mp3`);
    await writeFile(real, sampleGiftFile('mp3', 200_000));
    const [second] = await Promise.all([page.waitForEvent('filechooser'), gift.getByRole('button', { name: 'Add a file' }).click()]);
    await second.setFiles(real);
    await expectToast(page, 'File added');
    await gift.getByText(path.basename(real)).waitFor();
    await saveScreenshot(page, 'admin-gift-1280', { fullPage: true });
    await openTab(page, 'Welcome emails');
    await page.getByRole('list', { name: 'Welcome emails' }).getByText('On confirmation').waitFor();
    // Edited in the issue composer: preview with the gift, and a test send.
    await page.getByRole('button', { name: 'Edit “Welcome to the Ashwardens”' }).click();
    await page.getByLabel('Subject').fill('Welcome, Ashwarden');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: the email as sent' });
    await preview
      .frameLocator('iframe[title="HTML part of the email"]')
      .getByRole('link', { name: 'Download The Marshal’s Ledger' })
      .waitFor();
    await saveScreenshot(page, 'admin-welcome-preview-1280');
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await page.getByLabel('Send a test to…').fill('author@example.org');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expectToast(page, 'Test sent');
    const [test] = await mailbox.mailTo('author@example.org', 1);
    expect(test!.headers.get('subject')).toBe('[Test] Welcome, Ashwarden');
    expect(test!.text).toContain('/newsletter/gift?token=');
    await page.getByRole('list', { name: 'Welcome emails' }).getByText('Welcome, Ashwarden').waitFor();
    await saveScreenshot(page, 'admin-welcome-1280', { fullPage: true });
  });

  it('stops showing the gift when none is active', async () => {
    const page = site.page;
    await openTab(page, 'Gift');
    await page.getByRole('button', { name: 'Stop offering it' }).click();
    await page.getByText('Kept', { exact: true }).waitFor();
    const { page: home } = await openPage(site.context, site.baseUrl, '/');
    await home.locator('#newsletter').getByRole('button', { name: 'Subscribe' }).waitFor();
    // The newsletter section no longer offers it (the announcement bar is the author's own words, Settings → Site).
    expect(await home.locator('#newsletter').getByText('Free for subscribers').count()).toBe(0);
  });
});
