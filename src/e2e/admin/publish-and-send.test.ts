import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscribers } from '../../../scripts/lib/mail-seed.mjs';
import { startSmtpInbox, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const env: Record<string, string> = { MAIL_FROM: 'Delphine Rook <news@example.com>', MAIL_RATE: 'unlimited' };
let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox();
  env.SMTP_URL = inbox.url;
});
afterAll(() => inbox?.close());

describe('admin: a new post is a draft; "Publish and send to subscribers" in one step', () => {
  const site = useBrowserSite({ env });

  it('saves a new post as a draft, then publishes and sends it through the Mail composer; the email opens in the browser and the archive lists it', async () => {
    seedSubscribers(site.dataDir, 2, 'publish-send');
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Blog');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    // New posts start as drafts, and the button says so.
    expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save draft' }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish and send to subscribers' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Title' }).fill('The bell tower');
    await page.getByRole('textbox', { name: 'Summary' }).fill('A tower, a bell and no tongue.');
    const content = page.getByRole('textbox', { name: 'Content' });
    await content.fill('Three things the bell keeps:');
    // Enter continues a list.
    await content.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- ash');
    await page.keyboard.press('Enter');
    await page.keyboard.type('salt');
    expect(await content.inputValue()).toBe('Three things the bell keeps:\n- ash\n- salt');
    await page.getByRole('textbox', { name: 'Cover image' }).fill('https://example.com/tower.png');
    await page.getByRole('radio', { name: 'Published' }).check();
    await page.getByRole('button', { name: 'Publish post' }).waitFor();
    await page.getByRole('button', { name: 'Publish and send to subscribers' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send “The bell tower” to subscribers' });
    await dialog.waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Subject' }).inputValue()).toBe('The bell tower');
    expect(await dialog.getByRole('textbox', { name: 'Body' }).inputValue()).toContain(
      '[Read “The bell tower” on the site →](/blog/the-bell-tower)',
    );
    const published = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as { slug: string }[];
    expect(published.map((post) => post.slug)).toContain('the-bell-tower');

    await dialog.getByRole('checkbox', { name: 'List in the web archive' }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview: the email as sent' });
    await preview.frameLocator('iframe').getByRole('link', { name: 'View it in your browser' }).waitFor();
    await preview.getByRole('button', { name: 'Close preview' }).click();
    await dialog.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send to 2 subscribers?' });
    await confirm.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    await expectToast(page, 'Sending', 'The issue is on its way to 2 subscribers.');
    await dialog.getByRole('heading', { name: 'Sent “The bell tower”' }).waitFor({ timeout: 20_000 });

    const email = inbox.received.find((received) => received.headers.get('subject') === 'The bell tower')!;
    const viewUrl = /https?:\/\/\S+\/newsletter\/archive\/[^\s"?]+\?key=[\w.-]+[\w-]/.exec(email.text)?.[0];
    expect(viewUrl, email.text).toBeDefined();
    const reader = await site.context.newPage();
    await reader.goto(viewUrl!.replace(/^https?:\/\/[^/]+/, site.baseUrl));
    await reader.getByRole('heading', { level: 1, name: 'The bell tower' }).waitFor();
    await reader.getByRole('link', { name: 'Read “The bell tower” on the blog' }).waitFor();
    await reader.goto(`${site.baseUrl}/newsletter/archive`);
    await reader.getByRole('heading', { level: 1, name: 'Newsletter Archive' }).waitFor();
    await reader.getByRole('link', { name: 'The bell tower' }).click();
    await reader.getByRole('heading', { level: 1, name: 'The bell tower' }).waitFor();
    await reader.close();
  });

  it('schedules a post with its issue at once: the Mail tab shows it, and the job sends it when the post is published', async () => {
    const { page } = site;
    // The first test's send dialog, closed.
    await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
    await openTab(page, 'Blog');
    await page.getByRole('button', { name: 'Add Blog Post' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('The drowned bell');
    await page.getByRole('textbox', { name: 'Summary' }).fill('It rings under the water.');
    await page.getByRole('textbox', { name: 'Content' }).fill('Listen at low tide.');
    await page.getByRole('radio', { name: 'Scheduled' }).check();
    // 12 seconds ahead in the admin's time zone: the dialog's steps and the checks that nothing went out yet take
    // 2.1 s after the form was sent with both cores busy, and the wait holds a browser worker idle.
    const at = await page.evaluate(() => {
      const date = new Date(Date.now() + 12_000);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
    });
    await page.getByLabel('Publish at').fill(at);
    await page.getByRole('button', { name: 'Schedule and send to subscribers' }).click();

    const dialog = page.getByRole('dialog', { name: 'Send “The drowned bell” to subscribers' });
    await dialog.waitFor();
    // Not "Send to N" now: the post is not out yet.
    expect(await dialog.getByRole('button', { name: /^Send to / }).count()).toBe(0);
    await dialog.getByRole('button', { name: /^Send with the post, / }).click();
    await expectToast(page, 'Scheduled', /^“The drowned bell” goes out with the post, /);
    await dialog
      .getByRole('status')
      .getByText(/^Scheduled: goes out when its post is published, .*to 2 subscribers/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Don’t send with the post' }).waitFor();
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    expect(inbox.received.filter((mail) => mail.headers.get('subject') === 'The drowned bell')).toHaveLength(0);

    await openTab(page, 'Mail');
    const row = page.getByRole('listitem').filter({ hasText: 'The drowned bell' });
    await row.getByText('With its post', { exact: true }).waitFor();

    await expect
      .poll(() => inbox.received.filter((mail) => mail.headers.get('subject') === 'The drowned bell').length, {
        timeout: 60_000,
        interval: 1_000,
      })
      .toBe(2);
    const published = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as { slug: string }[];
    expect(published.map((post) => post.slug)).toContain('the-drowned-bell');
  });
});
