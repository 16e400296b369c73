import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectToast, logIn, openTab } from '../admin/admin-helpers.js';
import { useBrowserSite } from '../support/fixture.js';
import { useMailbox } from '../support/mailbox.js';
import { saveScreenshot } from '../support/screenshots.js';
import { confirmedReaders, expectNoHorizontalOverflow, openPage, uniqueEmail } from './helpers.js';

const mailbox = useMailbox();

/** Markup a reader might try: shown as text, never run. */
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const HELD = 'Waiting for the author’s approval: only you see it for now.';

/** Signs in from the post's comments, by the emailed link, and chooses the name shown. */
async function signIn(page: Page, address: string, name: string): Promise<void> {
  const comments = page.locator('#comments');
  await comments.getByRole('link', { name: 'Sign in to comment' }).click();
  await page.getByRole('heading', { name: 'Sign in to comment' }).waitFor();
  await expectNoHorizontalOverflow(page);
  await page.getByLabel('Your email').fill(address);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
  await page.goto(await mailbox.linkTo(address, '/comments/sign-in'));
  await page.getByRole('heading', { name: 'The name shown with your comments' }).waitFor();
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save and go back' }).click();
  await comments.getByText(`Signed in as ${name}.`).waitFor();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
}

/**
 * Issue 35: comments under a post, in Chromium — a reader on a phone signs in by the emailed link and comments
 * (held, marked as a spoiler, markup shown as text); the author approves it at 1280 px; another reader, without
 * JavaScript, finds it folded behind the spoiler warning and replies; the author bans him, and he can no longer
 * comment.
 */
describe('comments, end to end (Chromium at 375 and 1280 px, without JavaScript, real SMTP)', () => {
  const site = useBrowserSite({ env: mailbox.env });

  it('sign in by email → a held spoiler comment → approved → folded for others → a reply without JavaScript → a ban', async () => {
    const mara = uniqueEmail('comment-mara');
    const corin = uniqueEmail('comment-corin');
    await confirmedReaders(site, mara, corin);
    const [post] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ id: string; slug: string }>;
    const postPath = `/blog/${post!.slug}`;

    // Mara, on her phone, signs in and comments: her first comment waits for approval, shown to her alone.
    const phone: BrowserContext = await site.newContext({ viewport: 'mobile' });
    const { page: maraPage, problems } = await openPage(phone, site.baseUrl, postPath);
    await signIn(maraPage, mara, 'Mara Quill');
    const comments = maraPage.locator('#comments');
    await comments.getByLabel('Your comment').fill(`${XSS} **The Ashwarden** lies about the throne.`);
    await comments.getByLabel(/It gives away the story/).check();
    await comments.getByRole('button', { name: 'Post comment' }).click();
    await comments.getByText(HELD).waitFor();
    const maraComment = comments.getByRole('listitem').filter({ hasText: 'Mara Quill' });
    // Folded behind the spoiler warning, for its writer too.
    await maraComment.locator('p').filter({ hasText: 'lies about the throne' }).waitFor({ state: 'attached' });
    expect(await maraComment.locator('img, script').count()).toBe(0);
    expect(await maraComment.locator('strong').textContent()).toBe('The Ashwarden');
    expect(await maraPage.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expectNoHorizontalOverflow(maraPage);
    await shoot(maraPage, 'held-375');
    // Nobody else sees it yet.
    const anonymous = await (await fetch(`${site.baseUrl}/api/comments?targetKind=post&targetId=${post!.id}`)).json();
    expect((anonymous as { count: number }).count).toBe(0);

    // The author approves it (1280 px).
    const admin = site.page;
    await logIn(admin, site);
    await openTab(admin, 'Comments');
    await admin.getByRole('button', { name: 'Approve the comment by Mara Quill' }).click();
    await expectToast(admin, 'Comment approved: it shows on the page');
    await saveScreenshot(admin.getByRole('tabpanel', { name: 'Comments' }), 'admin-1280');

    // Corin, without JavaScript, finds it folded behind the spoiler warning, opens it, and replies.
    const noScript = await site.newContext({ viewport: 'mobile', javaScriptEnabled: false });
    const corinPage = await noScript.newPage();
    await corinPage.goto(site.baseUrl + postPath);
    const thread = corinPage.locator('#comments');
    await thread.getByRole('heading', { name: '1 comment' }).waitFor();
    const folded = thread.getByText('lies about the throne');
    expect(await folded.isVisible()).toBe(false);
    await thread.getByText('Read it anyway').click();
    await folded.waitFor();
    expect(await thread.getByRole('listitem').first().innerText()).toContain('<img src=x');
    await signIn(corinPage, corin, 'Corin Vale');
    await thread.getByText('Reply', { exact: true }).first().click();
    await thread.getByLabel('Your reply').fill('Then who holds the crown?');
    await thread.getByRole('button', { name: 'Reply', exact: true }).click();
    await thread.getByText(HELD).waitFor();
    await expectNoHorizontalOverflow(corinPage);
    await shoot(corinPage, 'reply-no-javascript-375');

    // The author bans Corin: his waiting reply is hidden and he can no longer comment.
    await admin.reload();
    await openTab(admin, 'Comments');
    await admin.getByRole('button', { name: 'Ban the reader who wrote the comment by Corin Vale' }).click();
    await expectToast(admin, 'Reader banned: their waiting comments are hidden');
    await corinPage.reload();
    await thread.getByText('You can no longer comment on this site.').waitFor();
    expect(await thread.getByText('Then who holds the crown?').count()).toBe(0);
    expect(await thread.getByRole('button', { name: 'Post comment' }).count()).toBe(0);

    // The approved comment, as any reader sees it at 1280 px.
    await admin.goto(site.baseUrl + postPath);
    await admin.locator('#comments').getByRole('heading', { name: '1 comment' }).waitFor();
    await expectNoHorizontalOverflow(admin);
    await shoot(admin, 'approved-1280');
    expect(problems()).toEqual([]);
    await phone.close();
    await noScript.close();
  });
});
