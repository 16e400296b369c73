import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { expectNoHorizontalOverflow } from '../public/helpers.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const OLD_ACCOUNT = 'https://old.example/users/delphine';

/** The Fediverse section of Settings → Site. */
const fediverseSection = (page: Page) =>
  page
    .getByRole('form', { name: 'Site settings' })
    .locator('section, fieldset')
    .filter({ hasText: 'Fediverse' })
    .last();

async function shoot(page: Page, name: string): Promise<void> {
  await page.getByRole('switch', { name: 'Share new excerpts on the fediverse' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, name);
}

/** A reply and a like from an account of `server`, on the post `postId`, written as the inbox writes them. */
function seedFediverseReplyAndLike(dataDir: string, postId: string, server: string): void {
  const db = new Database(path.join(dataDir, 'site.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const actor = `https://${server}/users/troll`;
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO comments (id, target_kind, target_id, origin, remote_author_name, remote_author_server,
         remote_author_url, remote_id, remote_actor_id, body, status, created_at)
       VALUES (?, 'post', ?, 'fediverse', 'Troll', ?, ?, ?, ?, 'Ash to ash, and spam to all', 'approved', ?)`,
    ).run(randomUUID(), postId, server, `https://${server}/@troll/1`, `https://${server}/notes/1`, actor, now);
    db.prepare(
      `INSERT INTO fediverse_reactions (activity_id, post_id, kind, actor_id, created_at) VALUES (?, ?, 'like', ?, ?)`,
    ).run(`https://${server}/likes/1`, postId, actor, now);
  } finally {
    db.close();
  }
}

/** Settings → Site → Fediverse: sharing excerpts, the old accounts this one moved from, and moving it away. */
describe('admin: Settings → Site → Fediverse', () => {
  const site = useBrowserSite();

  it('shares new excerpts and names an old account, kept after a reload; a move to an account that cannot be read is refused and nothing moves', async () => {
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Settings');
    const share = page.getByRole('switch', { name: 'Share new excerpts on the fediverse' });
    expect(await share.isChecked()).toBe(false);
    await share.check({ force: true });
    const aliases = page.getByRole('textbox', { name: 'Old accounts (moving here)' });
    await aliases.fill(OLD_ACCOUNT);
    await aliases.press('Enter');
    await page.getByRole('button', { name: 'Save site settings' }).click();
    await expectToast(page, 'Settings saved');

    await page.reload();
    await openTab(page, 'Settings');
    expect(await page.getByRole('switch', { name: 'Share new excerpts on the fediverse' }).isChecked()).toBe(true);
    await fediverseSection(page).getByText(OLD_ACCOUNT).waitFor();

    // This site's own loopback address is no public account: the move is refused, with the reason, and nothing moved.
    const target = page.getByRole('textbox', { name: 'Move this account to' });
    await target.fill(`${site.baseUrl}/users/elsewhere`);
    await page.getByRole('button', { name: 'Move', exact: true }).click();
    await expectToast(page, 'Not moved');
    await page.getByRole('button', { name: 'Move', exact: true }).waitFor();
    expect(await page.getByText('This account has moved to').count()).toBe(0);
    await shoot(page, 'fediverse-1280');
  });

  it('fits a phone at 375 px', async () => {
    const phone = await site.newContext({ viewport: 'mobile' });
    const page = await phone.newPage();
    await logIn(page, site);
    await openTab(page, 'Settings');
    await page.getByRole('textbox', { name: 'Move this account to' }).waitFor();
    await expectNoHorizontalOverflow(page);
    await shoot(page, 'fediverse-375');
  });

  it('blocks a server from the Comments tab: its earlier reply leaves the post and its like the count; unblocked, the row goes', async () => {
    const [post] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ id: string; slug: string }>;
    seedFediverseReplyAndLike(site.dataDir, post!.id, 'spam.example');
    const reader = await site.context.newPage();
    await reader.goto(`${site.baseUrl}/blog/${post!.slug}`);
    const comments = reader.locator('#comments');
    await comments.getByText('Ash to ash, and spam to all').waitFor();
    await comments.getByText('1 like from the fediverse').waitFor();

    const { page } = site;
    await page.bringToFront();
    await openTab(page, 'Comments');
    const panel = page.getByRole('region', { name: 'Fediverse blocks' });
    await panel.getByRole('textbox', { name: 'Account or server' }).fill('spam.example');
    await panel.getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(page, 'Blocked', 'spam.example (1 like or boost removed, 1 reply hidden)');
    const row = panel.getByRole('row').filter({ hasText: 'spam.example' });
    await row.getByText('server', { exact: true }).waitFor();

    await reader.reload();
    await comments.waitFor();
    expect(await comments.getByText('Ash to ash, and spam to all').count()).toBe(0);
    expect(await comments.getByText(/from the fediverse/).count()).toBe(0);
    await reader.close();

    await row.getByRole('button', { name: /Unblock/ }).click();
    await row.waitFor({ state: 'detached' });
  });
});
