import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excerptPreview } from '../../server/content/rendering/excerpt-preview.js';
import { useBrowserSite } from '../support/fixture.js';
import {
  chooseOption,
  expectFieldError,
  expectToast,
  expectUploadFeedback,
  logIn,
  openTab,
  passwordBox,
  storedKey,
  writeUploadFixtures,
} from './admin-helpers.js';

/** Books, excerpts, blog posts and art pieces: validation, uploads, create, edit, delete, and failures. */
describe('admin: content', () => {
  const site = useBrowserSite();
  let page: Page;
  let files: { png: string; text: string };

  beforeAll(async () => {
    page = site.page;
    files = await writeUploadFixtures();
    await logIn(page, site);
  });
  afterAll(async () => {
    await Promise.all([rm(files.png, { force: true }), rm(files.text, { force: true })]);
  });

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  async function choose(selectLabel: string, option: string) {
    await chooseOption(box(selectLabel), option, { exact: true });
  }

  async function confirmDelete(itemLabel: string, name: string) {
    await button(`Delete ${name}`).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${itemLabel}?` });
    await dialog.getByText(`“${name}” will be permanently deleted. This cannot be undone.`).waitFor();
    await dialog.getByRole('button', { name: `Delete ${itemLabel}` }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** An image path the demo content already serves, as an absolute http:// URL (an image URL must be an /objects/ path or absolute http(s)). */
  async function existingImageUrl(): Promise<string> {
    const books = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as { coverImage: string }[];
    return `${site.baseUrl}${books[0]!.coverImage}`;
  }

  it('books: defaults, every validation message, uploads, create, /books, edit, delete', async () => {
    await button('Add Book').click();
    await page.getByRole('heading', { name: 'Add a book' }).waitFor();
    expect(await box('Status').inputValue()).toBe('Published');
    expect(await box('Display order').inputValue()).toBe('1');

    await button('Create book').click();
    await expectFieldError(box('Title'), 'Title is required');
    await expectFieldError(box('Description'), 'Description is required');
    await expectFieldError(box('Cover image'), 'Cover image is required');

    await box('Cover image').fill('covers/ember.png');
    await button('Create book').click();
    await expectFieldError(box('Cover image'), 'Cover image must be a valid URL or uploaded file path');

    // A text file is refused before any upload.
    await page.locator('input[type="file"]').setInputFiles(files.text);
    await expectUploadFeedback(page, 'Cover image', {
      ok: false,
      title: 'Invalid file type',
      text: 'Please select an image file',
    });

    // The drop zone is the one upload control (no separate button suggesting a second step):
    // focused and Enter, it opens the file chooser; the chosen file uploads at once, and the
    // outcome shows under the zone, the /objects/ path in the field and a preview.
    expect(await page.getByRole('button', { name: /upload image/i }).count()).toBe(0);
    const zone = page.getByRole('button', { name: 'Choose an image for cover image' });
    // Listen before focusing: the listener switches on Chromium's file-chooser interception,
    // which must be in place before the key press opens the chooser.
    const chooserOpened = page.waitForEvent('filechooser');
    await zone.focus();
    await page.keyboard.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles(files.png);
    await expectUploadFeedback(page, 'Cover image', {
      ok: true,
      title: 'Upload successful',
      text: `Uploaded ${path.basename(files.png)}`,
    });
    const coverPath = await box('Cover image').inputValue();
    expect(coverPath).toMatch(/^\/objects\/[0-9a-f]{32}\.png$/);
    const preview = page.getByRole('img', { name: 'Cover image preview' });
    await preview.waitFor();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await box('Title').fill('The Ember Vigil');
    await box('Description').fill('A watch kept over a fire that will not die.');
    await box('Price').fill('$21.00');
    await box('Display order').fill('first'); // not numeric: saved as 0
    await button('Create book').click();
    await expectToast(page, 'Success', 'Book created successfully');

    const books = page.getByRole('list', { name: 'Books' });
    const row = books.getByRole('listitem').filter({ hasText: 'The Ember Vigil' });
    await row.getByText('$21.00 · Order 0').waitFor();
    expect(await row.getByText('Published', { exact: true }).count()).toBe(1);
    await page.getByRole('heading', { name: /^Books \(5\)$/ }).waitFor();

    // The new book is on the public Books page.
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/books`);
    await visitor.getByRole('heading', { name: 'The Ember Vigil' }).waitFor();
    await visitor.close();

    await button('Edit The Ember Vigil').click();
    expect(await box('Display order').inputValue()).toBe('0');
    await box('Title').fill('The Ember Vigil (Revised)');
    await choose('Status', 'Preorder');
    await box('Display order').fill('12');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Book updated successfully');
    const revised = books.getByRole('listitem').filter({ hasText: 'The Ember Vigil (Revised)' });
    await revised.getByText('$21.00 · Order 12').waitFor();
    expect(await revised.getByText('Preorder', { exact: true }).count()).toBe(1);

    // Cancel returns to the list without saving.
    await button('Add Book').click();
    await box('Title').fill('Never saved');
    await button('Cancel').click();
    await books.waitFor();
    expect(await page.getByText('Never saved').count()).toBe(0);

    await confirmDelete('book', 'The Ember Vigil (Revised)');
    await expectToast(page, 'Success', 'Book deleted successfully');
    await revised.waitFor({ state: 'detached' });
  });

  it('excerpts: required fields, the 200-character preview with its book, edit, delete', async () => {
    await openTab(page, 'Excerpts');
    await button('Add Excerpt').click();
    expect(await box('Spoiler level').inputValue()).toBe('No Spoilers');
    await button('Create excerpt').click();
    await expectFieldError(box('Book'), 'Please choose a book');
    await expectFieldError(box('Title'), 'Title is required');
    await expectFieldError(box('Description'), 'Description is required');
    await expectFieldError(box('Content'), 'Content is required');
    await expectFieldError(box('Read time'), 'Read time is required');

    // Markdown content: the list previews its words without the marks.
    const content = `${'The **bells** of [Vesperhold](/books) rang for _no one_ that night. '.repeat(6)}\nThe end.`;
    await choose('Book', 'The Tallow King');
    await box('Title').fill('Bells for No One');
    await box('Description').fill('A night without a king.');
    await box('Content').fill(content);
    await box('Read time').fill('4 min read');
    await button('Create excerpt').click();
    await expectToast(page, 'Success', 'Excerpt created successfully');

    const row = page
      .getByRole('list', { name: 'Excerpts of The Tallow King' })
      .getByRole('listitem')
      .filter({ hasText: 'Bells for No One' });
    // A new excerpt comes last in its book.
    await row.getByText(/^The Tallow King · 4 min read · Position (\d+) of \1$/).waitFor();
    const preview = excerptPreview(content, 'markdown');
    expect(preview).toHaveLength(203);
    expect(preview.startsWith('The bells of Vesperhold rang for no one that night. The bells')).toBe(true);
    expect(await row.getByText(preview.slice(0, 60)).textContent()).toBe(preview);
    await row.getByText('No Spoilers').waitFor();

    await button('Edit Bells for No One').click();
    await choose('Spoiler level', 'Major Spoilers');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Excerpt updated successfully');
    await row.getByText('Major Spoilers').waitFor();

    await confirmDelete('excerpt', 'Bells for No One');
    await expectToast(page, 'Success', 'Excerpt deleted successfully');
    await row.waitFor({ state: 'detached' });
  });

  it('blog: default category, the cover image rule, create, edit, delete', async () => {
    await openTab(page, 'Blog');
    await button('Add Blog Post').click();
    // The categories may still be on their way when the form opens.
    await expect.poll(() => box('Category').inputValue()).toBe('Announcements');
    // A new post starts as a draft; published here.
    expect(await page.getByRole('radio', { name: 'Draft' }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: 'Published' }).check();
    await button('Publish post').click();
    for (const [field, message] of [
      ['Title', 'Title is required'],
      ['Summary', 'Summary is required'],
      ['Content', 'Content is required'],
    ] as const) {
      await expectFieldError(box(field), message);
    }
    await box('Cover image').fill('ftp://example.com/cover.png');
    await button('Publish post').click();
    await expectFieldError(box('Cover image'), 'Cover image must be a valid URL or uploaded file path');

    await box('Title').fill('Notes from the Long Stair');
    await choose('Category', 'Behind-the-Scenes');
    await box('Summary').fill('How the stair got its eleven turns.');
    await box('Content').fill('First paragraph.\nSecond paragraph.');
    await box('Cover image').fill(await existingImageUrl());
    await button('Publish post').click();
    await expectToast(page, 'Success', 'Blog post created successfully');
    const row = page
      .getByRole('list', { name: 'Blog posts' })
      .getByRole('listitem')
      .filter({ hasText: 'Notes from the Long Stair' });
    await row.getByText('Behind-the-Scenes').waitFor();

    await button('Edit Notes from the Long Stair').click();
    await box('Summary').fill('How the stair got its twelve turns.');
    await button('Update published post').click();
    await expectToast(page, 'Success', 'Blog post updated successfully');
    await row.getByText('How the stair got its twelve turns.').waitFor();

    await confirmDelete('blog post', 'Notes from the Long Stair');
    await expectToast(page, 'Success', 'Blog post deleted successfully');
    await row.waitFor({ state: 'detached' });
  });

  it('art: default type, required fields, upload, hover and keyboard overlay, edit, delete', async () => {
    await openTab(page, 'Art');
    await button('Add Art Piece').click();
    expect(await box('Type').inputValue()).toBe('Official');
    await button('Create art piece').click();
    await expectFieldError(box('Title'), 'Title is required');
    await expectFieldError(box('Artist'), 'Artist is required');
    await expectFieldError(box('Image'), 'Image is required');

    await page.locator('input[type="file"]').setInputFiles(files.png);
    await expectUploadFeedback(page, 'Image', {
      ok: true,
      title: 'Upload successful',
      text: `Uploaded ${path.basename(files.png)}`,
    });
    expect(await box('Image').inputValue()).toMatch(/^\/objects\//);
    await box('Title').fill('Ember Study');
    await box('Artist').fill('R. Vane');
    await choose('Type', 'Fan Art');
    await button('Create art piece').click();
    await expectToast(page, 'Success', 'Art piece created successfully');

    const tile = page
      .getByRole('list', { name: 'Art pieces' })
      .getByRole('listitem')
      .filter({ hasText: 'Ember Study' });
    await tile.getByText('Fan Art').waitFor();
    const overlayOpacity = () => tile.evaluate((li) => getComputedStyle(li.children[1]!).opacity);
    await page.mouse.move(0, 0);
    await expect.poll(overlayOpacity).toBe('0');
    await tile.hover();
    await expect.poll(overlayOpacity).toBe('1');
    await page.mouse.move(0, 0);
    await expect.poll(overlayOpacity).toBe('0');
    // Keyboard: focusing the tile's Edit button reveals the overlay (:focus-within).
    await button('Edit Ember Study').focus();
    await expect.poll(overlayOpacity).toBe('1');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit “Ember Study”' }).waitFor();
    await box('Description').fill('Charcoal on paper.');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Art piece updated successfully');
    await tile.getByText('Charcoal on paper.').waitFor();

    await tile.hover();
    await confirmDelete('art piece', 'Ember Study');
    await expectToast(page, 'Success', 'Art piece deleted successfully');
    await tile.waitFor({ state: 'detached' });
  });

  it('shows the save and delete failure messages', async () => {
    await openTab(page, 'Books');
    await page.route('**/trpc/books.create**', (route) => route.abort());
    await button('Add Book').click();
    await box('Title').fill('Unsaved');
    await box('Description').fill('Will fail.');
    await box('Cover image').fill(await existingImageUrl());
    await button('Create book').click();
    await expectToast(page, 'Error', /^Failed to create book/);
    await page.unroute('**/trpc/books.create**');
    await button('Cancel').click();

    await page.route('**/trpc/books.delete**', (route) => route.abort());
    await confirmDelete('book', 'The Ashwarden');
    await expectToast(page, 'Delete Failed', 'Failed to delete book. Please try again.');
    await page.unroute('**/trpc/books.delete**');

    // A revoked session: the delete answers 401, the toast says so, and the admin logs out.
    const token = (await storedKey(page))!;
    await fetch(`${site.baseUrl}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    await confirmDelete('book', 'The Ashwarden');
    await expectToast(page, 'Delete Failed', 'Authentication failed. Please refresh the page and log in again.');
    await passwordBox(page).waitFor();
    expect(await storedKey(page)).toBeNull();

    expect(site.problems.filter((p) => !/status of 401|net::ERR_FAILED/.test(p))).toEqual([]);
  });
});
