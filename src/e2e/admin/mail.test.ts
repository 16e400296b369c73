import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSubscribers } from '../../../scripts/lib/mail-seed.mjs';
import { formatShortDate } from '../../domain/date-format.js';
import { startSmtpInbox, type SmtpInbox } from '../../server/test-support/smtp-inbox.js';
import { useBrowserSite } from '../support/fixture.js';
import { chooseOption, expectToast, logIn, openTab } from './admin-helpers.js';

const env: Record<string, string> = {
  MAIL_FROM: 'Delphine Rook <news@example.com>',
  MAIL_RATE: 'unlimited',
  AUTHOR_EMAIL: 'author@example.net',
};
let inbox: SmtpInbox;
// Before the fixture's own hook: the server is started with the inbox's address.
beforeAll(async () => {
  inbox = await startSmtpInbox();
  env.SMTP_URL = inbox.url;
});
afterAll(() => inbox?.close());

describe('the admin Mail tab', () => {
  const site = useBrowserSite({ env });

  it('composes a draft, previews it, sends a test, sends to all and follows the progress to 100%; a reader unsubscribes from the email', async () => {
    seedSubscribers(site.dataDir, 3, 'mail-tab');
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Mail');
    await page.getByRole('button', { name: 'New issue' }).click();

    await page.getByRole('textbox', { name: 'Subject' }).fill('Embers of autumn');
    await page.getByRole('textbox', { name: 'Preheader' }).fill('News from the forge');
    await page.getByRole('textbox', { name: 'Body' }).fill('The **third** book is nearly done.\n\n- a map\n- a song');
    const livePreview = page.frameLocator('iframe[title="Live preview of the body"]');
    await livePreview.locator('strong', { hasText: 'third' }).waitFor();
    await livePreview.locator('li', { hasText: 'a song' }).waitFor();

    // Feature a blog post of the demo content: published posts only, newest first with their dates, inserted as a
    // card (one line the preview draws: cover, title, summary, link), never as raw Markdown nor an SVG.
    const published = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as {
      title: string;
      slug: string;
      publishedAt: string;
    }[];
    await page.getByRole('textbox', { name: 'Feature a blog post' }).click();
    const option = page.getByRole('option').first();
    await option.waitFor();
    const newestFirst = [...published].sort(
      (a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || a.title.localeCompare(b.title),
    );
    expect((await page.getByRole('option').allInnerTexts()).map((text) => text.trim())).toEqual(
      newestFirst.map((post) => `${formatShortDate(new Date(post.publishedAt))} · ${post.title}`),
    );
    const featured = newestFirst[0]!;
    const postTitle = featured.title;
    await option.click();
    await page.getByRole('button', { name: 'Insert post card' }).click();
    const body = await page.getByRole('textbox', { name: 'Body' }).inputValue();
    expect(body).toContain(`[[post:${featured.slug}]]`);
    expect(body).not.toContain('](/blog/');
    const card = livePreview.locator('table.post-card');
    await card.getByRole('link', { name: 'Read the post →' }).waitFor();
    await card.getByRole('heading', { name: postTitle }).waitFor();
    for (const src of await card.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('src'))))
      expect(src).not.toMatch(/\.svg(?:$|[?#])/);

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expectToast(page, 'Draft saved', '“Embers of autumn” is saved as a draft.');
    await page.getByRole('list', { name: 'Issues' }).getByText('Embers of autumn').waitFor();

    // Preview exactly as sent: the HTML part in a sandboxed frame, then the text part.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: the email as sent' });
    const htmlPart = dialog.frameLocator('iframe[title="HTML part of the email"]');
    await htmlPart.getByRole('heading', { name: 'Embers of autumn' }).waitFor();
    await htmlPart.getByRole('link', { name: 'Unsubscribe' }).waitFor();
    expect(await dialog.locator('iframe').getAttribute('sandbox')).toBe('');
    await dialog.getByRole('tab', { name: 'Plain text' }).click();
    const text = await dialog.getByTestId('preview-text').innerText();
    expect(text).toContain('third book is nearly done');
    expect(text).toContain('/newsletter/unsubscribe?token=');
    expect(text.toLowerCase()).toContain(postTitle.toLowerCase());
    await dialog.getByRole('button', { name: 'Close preview' }).click();

    await page.getByRole('textbox', { name: 'Send a test to…' }).fill('tester@example.org');
    await page.getByRole('button', { name: 'Send test' }).click();
    await expectToast(page, 'Test sent', 'Test sent to tester@example.org');
    expect(inbox.to('tester@example.org')[0]?.headers.get('subject')).toBe('[Test] Embers of autumn');

    await page.getByRole('button', { name: 'Send to 3 subscribers' }).click();
    const confirm = page.getByRole('dialog', { name: 'Send to 3 subscribers?' });
    await confirm.getByRole('button', { name: 'Send to 3 subscribers' }).click();
    await expectToast(page, 'Sending', 'The issue is on its way to 3 subscribers.');
    const progress = page.getByRole('region', { name: /“Embers of autumn”/ });
    await progress.getByText('100% · done').waitFor({ timeout: 20_000 });
    // Done: the heading no longer says "Sending".
    await progress.getByRole('heading', { name: 'Sent “Embers of autumn”' }).waitFor();
    await progress.getByText('3 sent · 0 failed · 0 remaining (of 3)').waitFor();
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // The row in the list follows the panel at once (the list's own poll is slower).
    const row = page
      .getByRole('list', { name: 'Issues' })
      .getByRole('listitem')
      .filter({ hasText: 'Embers of autumn' });
    await row.getByText('3 sent · 0 failed · 0 remaining (of 3)').waitFor({ timeout: 500 });
    await row.getByText('Sent', { exact: true }).waitFor({ timeout: 500 });

    const received = inbox.received.filter((email) => email.headers.get('subject') === 'Embers of autumn');
    expect(received.map((email) => email.rcptTo[0]).sort()).toEqual([
      'mail-tab-0@example.org',
      'mail-tab-1@example.org',
      'mail-tab-2@example.org',
    ]);

    // A reader unsubscribes through the link in the email they received.
    const link =
      /https:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.~-]+|http:\/\/\S+\/newsletter\/unsubscribe\?token=[\w.~-]+/.exec(
        received[0]!.text,
      )?.[0];
    expect(link?.startsWith(`${site.baseUrl}/newsletter/unsubscribe?token=`)).toBe(true);
    const reader = await site.context.newPage();
    await reader.goto(link!);
    await reader.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    await reader.getByRole('button', { name: 'Unsubscribe' }).click();
    await reader.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await reader.close();

    await openTab(page, 'Newsletter');
    await page.getByRole('radio', { name: 'Unsubscribed (1)' }).waitFor({ state: 'attached' });
  });

  it('keeps the mail settings: double opt-in and the author notices', async () => {
    const { page } = site;
    await openTab(page, 'Settings');
    const optIn = page.getByRole('switch', { name: 'Require confirmation (double opt-in)' });
    expect(await optIn.isChecked()).toBe(true);
    const preorders = page.getByRole('switch', { name: 'Email me each new preorder' });
    await preorders.click();
    await expectToast(page, 'Settings saved', 'Mail settings updated.');
    await page.reload();
    await page.getByRole('tab', { name: 'Settings', selected: true }).waitFor();
    await page.getByRole('switch', { name: 'Email me each new preorder' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Email me each new preorder' }).isChecked()).toBe(false);
    expect(site.problems).toEqual([]);
  });

  it('a book with preorders saved as published offers to notify at once; the panel appears without a reload and sends each notice once', async () => {
    const { page } = site;
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as {
      id: string;
      title: string;
      status: string;
    }[];
    const book = books.find((candidate) => candidate.title === 'A Lantern for the Drowned')!;
    expect(book.status).toBe('preorder');
    // The REST body as before; the audiobook is one of this book's own editions.
    const res = await fetch(`${site.baseUrl}/api/preorders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        bookId: book.id,
        customerName: 'Mara Quill',
        customerEmail: 'mara@example.org',
        preferredFormat: 'audiobook',
      }),
    });
    expect(res.status).toBe(201);

    // The Preorders tab first: no published book with preorders yet.
    await openTab(page, 'Preorders');
    const notices = page.getByRole('region', { name: 'Published books with preorders' });
    expect(await notices.count()).toBe(0);

    // Release day: the author publishes the book; saving offers to notify its preorder customers.
    await openTab(page, 'Books');
    await page.getByRole('button', { name: `Edit ${book.title}` }).click();
    await chooseOption(page.getByRole('textbox', { name: 'Status', exact: true }), 'Published', { exact: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', 'Book updated successfully');
    const offer = page.getByRole('dialog', { name: 'Notify 1 preorder customer?' });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'hidden' });

    // The panel is there without a reload.
    await openTab(page, 'Preorders');
    await notices.getByRole('button', { name: 'Notify 1 preorder customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notify 1 preorder customer?' });
    await dialog.getByRole('button', { name: 'Notify 1 preorder customer' }).click();
    await expectToast(page, 'Notices on their way', `1 preorder customer will be told “${book.title}” is out.`);
    await notices.getByText('1 notified, 0 waiting').waitFor();
    await notices.getByText('1 sent · 0 failed · 0 remaining (of 1)').waitFor({ timeout: 20_000 });
    expect(await notices.getByRole('button', { name: /Notify/ }).count()).toBe(0);
    // Mara got her receipt when she preordered, then the one notice.
    const [receipt, notice, ...more] = inbox.to('mara@example.org');
    expect(more).toEqual([]);
    expect(receipt?.headers.get('subject')).toBe(`Your preorder of ${book.title}`);
    expect(receipt?.text).toContain('Audiobook — $26.99');
    expect(notice?.headers.get('subject')).toBe(`${book.title} is out now`);
    expect(notice?.text).toContain('audiobook edition');
    // The audiobook's shops, not the print ones; the cover as a JPEG, not the SVG.
    expect(notice?.html).toContain('audible.com');
    expect(notice?.html).not.toContain('bookshop.org');
    expect(notice?.html).toMatch(/src="[^"]*\/mail-images\/covers\/[^"]+\.jpg"/);
    expect(notice?.html).not.toMatch(/src="[^"]*\.svg"/);
    // The author was told of the preorder too (Settings: the preorder notice was switched off above).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      inbox.to('author@example.net').filter((email) => /New preorder/.test(email.headers.get('subject') ?? '')),
    ).toEqual([]);
  });
});
