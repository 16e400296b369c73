import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { pngImage } from '../../server/test-support/images.js';
import { expectToast, expectUploadFeedback, logIn, openTab } from './admin-helpers.js';

/** A new site with no content, on a 375 px phone: every empty state, and the admin is usable by touch. */
describe('admin: empty states on a phone', () => {
  const site = useBrowserSite({ seed: 'empty', viewport: 'mobile' });
  let page: Page;

  beforeAll(async () => {
    page = site.page;
    await logIn(page, site);
  });

  const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('shows each empty state, and the page never scrolls sideways at 375 px', async () => {
    const expected: [string, string][] = [
      ['Books', 'No books yet. Add your first book to get started.'],
      ['Series', "No series yet. Add one, then choose it in a book's form."],
      ['Excerpts', 'No excerpts found. Create your first excerpt to get started.'],
      ['Blog', 'No blog posts yet. Write your first post to get started.'],
      ['Art', 'No art pieces found. Create your first art piece to get started.'],
      ['Contact', 'No Contact Submissions'],
      ['Newsletter', 'No Newsletter Subscriptions'],
      ['Preorders', 'No Preorders'],
      ['Playlists', 'No playlists yet. Add your first playlist to get started.'],
    ];
    for (const [tab, message] of expected) {
      // Tabs further right are scrolled into view by the tap itself.
      await openTab(page, tab);
      await page.getByRole('tabpanel').getByText(message, { exact: true }).waitFor();
      expect(await noSidewaysScroll()).toBe(true);
    }
    await openTab(page, 'Excerpts');
    await page.getByText('Add a book first').waitFor();
    expect(await page.getByRole('button', { name: 'Add Excerpt' }).isDisabled()).toBe(true);
  });

  it('adds a book and an art piece by touch; the art overlay is always visible on a phone', async () => {
    await openTab(page, 'Books');
    await page.getByRole('button', { name: 'Add Book' }).tap();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Pocket Edition');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Small enough to carry.');
    await page.getByRole('textbox', { name: 'Cover image', exact: true }).fill(`${site.baseUrl}/favicon.svg`);
    expect(await noSidewaysScroll()).toBe(true);
    await page.getByRole('button', { name: 'Create book' }).tap();
    await expectToast(page, 'Success', 'Book created successfully');
    await page.getByRole('list', { name: 'Books' }).getByText('Pocket Edition').waitFor();

    await openTab(page, 'Excerpts');
    expect(await page.getByRole('button', { name: 'Add Excerpt' }).isDisabled()).toBe(false);

    await openTab(page, 'Art');
    await page.getByRole('button', { name: 'Add Art Piece' }).tap();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Thumbnail Sketch');
    await page.getByRole('textbox', { name: 'Artist', exact: true }).fill('M. Vale');
    await page.getByRole('textbox', { name: 'Image', exact: true }).fill(`${site.baseUrl}/favicon.svg`);
    await page.getByRole('button', { name: 'Create art piece' }).tap();
    await expectToast(page, 'Success', 'Art piece created successfully');
    const edit = page.getByRole('button', { name: 'Edit Thumbnail Sketch' });
    await edit.waitFor();
    // No hover on a phone: the overlay and its (icon) buttons are visible without one.
    expect(await edit.evaluate((el) => getComputedStyle(el.closest('li')!.children[1]!).opacity)).toBe('1');
    expect(await edit.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Delete Thumbnail Sketch' }).isVisible()).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);
    expect(site.problems).toEqual([]);
  });

  it('refuses an upload when no admin key is stored', async () => {
    await openTab(page, 'Art');
    await page.getByRole('button', { name: 'Add Art Piece' }).tap();
    // Removed in this tab (no storage event), so the form stays open and only the upload sees it.
    await page.evaluate(() => localStorage.removeItem('adminKey'));
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: pngImage() });
    await expectUploadFeedback(page, 'Image', {
      ok: false,
      title: 'Upload failed',
      text: 'Admin authentication required',
    });
  });
});
