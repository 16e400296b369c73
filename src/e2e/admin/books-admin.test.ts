import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { photo } from '../../server/test-support/photos.js';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

type ListedBook = { id: string; slug: string; title: string; seriesId: string | null; seriesNumber: number | null };

/** The reading order of excerpts, renamed book slugs, the series screen and link-preview images, end to end. */
describe('admin: excerpt order, book slugs, series', () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    page = site.page;
    await logIn(page, site);
  });

  const button = (name: string) => page.getByRole('button', { name, exact: true });
  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const books = async () => (await (await fetch(`${site.baseUrl}/api/books`)).json()) as ListedBook[];
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

  async function bookPageExcerpts(path: string): Promise<string[]> {
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}${path}`);
    await waitForHydration(visitor);
    const titles = await visitor
      .getByRole('region', { name: 'Excerpts' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('a')?.textContent ?? ''));
    await visitor.close();
    return titles;
  }

  it('moves excerpts by keyboard; the book page and /excerpts follow the new order', async () => {
    expect(await bookPageExcerpts('/books/the-ashwarden')).toEqual([
      'The Burning of Kings',
      'What the Iron Remembers',
      'Salt',
    ]);
    await openTab(page, 'Excerpts');
    const list = page.getByRole('list', { name: 'Excerpts of The Ashwarden' });
    const titles = () =>
      list
        .getByRole('listitem')
        .evaluateAll((items) =>
          items.map((item) => item.querySelector('[aria-label^="Edit "]')?.getAttribute('aria-label')?.slice(5)),
        );
    await expect.poll(titles).toEqual(['The Burning of Kings', 'What the Iron Remembers', 'Salt']);
    expect(await button('Move The Burning of Kings up').isDisabled()).toBe(true);
    expect(await button('Move Salt down').isDisabled()).toBe(true);

    // Salt to the top with two presses of Enter: focus stays on the moved excerpt's button.
    await button('Move Salt up').focus();
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['The Burning of Kings', 'Salt', 'What the Iron Remembers']);
    expect(await focusedName()).toBe('Move Salt up');
    await page.keyboard.press('Enter');
    await expect.poll(titles).toEqual(['Salt', 'The Burning of Kings', 'What the Iron Remembers']);
    // At the top its Move up is disabled, so focus moved to its Move down.
    expect(await focusedName()).toBe('Move Salt down');
    await page.getByRole('status').filter({ hasText: 'Salt moved to position 1 of 3' }).waitFor();
    await list
      .getByRole('listitem')
      .first()
      .getByText(/Position 1 of 3$/)
      .waitFor();

    expect(await bookPageExcerpts('/books/the-ashwarden')).toEqual([
      'Salt',
      'The Burning of Kings',
      'What the Iron Remembers',
    ]);
    const excerptsPage = await site.context.newPage();
    await excerptsPage.goto(`${site.baseUrl}/excerpts`);
    await waitForHydration(excerptsPage);
    const text = await excerptsPage.locator('main').innerText();
    expect(text.indexOf('Salt')).toBeLessThan(text.indexOf('The Burning of Kings'));
    await excerptsPage.close();
  });

  it('renames a book’s slug in its form: the old address answers 301 to the new one, old ids too', async () => {
    const lantern = (await books()).find((book) => book.title === 'A Lantern for the Drowned')!;
    await openTab(page, 'Books');
    await button('Edit A Lantern for the Drowned').click();
    await box('Slug').fill('lantern');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Book updated successfully');
    await openTab(page, 'Books');
    await button('Edit A Lantern for the Drowned').click();
    await box('Slug').fill('the-drowned-lantern');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Book updated successfully');

    for (const old of ['a-lantern-for-the-drowned', 'lantern', lantern.id]) {
      const response = await fetch(`${site.baseUrl}/books/${old}`, { redirect: 'manual' });
      expect(response.status, old).toBe(301);
      // Straight to the current slug: a chain of renames never answers with a second hop.
      expect(new URL(response.headers.get('location')!, site.baseUrl).pathname, old).toBe('/books/the-drowned-lantern');
    }
    // A reader following an old link in the browser lands on the book at its new address.
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/books/a-lantern-for-the-drowned`);
    await visitor.getByRole('heading', { level: 1, name: 'A Lantern for the Drowned' }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/books/the-drowned-lantern');
    await visitor.close();
  });

  it('the series screen lists, creates, edits and deletes a series; its books become standalone', async () => {
    await openTab(page, 'Series');
    const list = page.getByRole('list', { name: 'Series' });
    await list.getByText('Book 1: The Ashwarden', { exact: false }).waitFor();

    await button('Add Series').click();
    await page.getByRole('heading', { name: 'Add a series' }).waitFor();
    await button('Create series').click();
    await page.getByText('Series name is required').waitFor();
    await box('Name').fill('The Salt Books');
    await box('Reading-order note').fill('Read them in any order.');
    await button('Create series').click();
    await expectToast(page, 'Success', 'Series created successfully');
    const row = list.getByRole('listitem').filter({ hasText: 'The Salt Books' });
    await row.getByText('No books yet').waitFor();
    await row.getByText('Reading order: Read them in any order.').waitFor();

    await button('Edit The Salt Books').click();
    await box('Description').fill('Two novellas from the marshes.');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Series updated successfully');
    await row.getByText('Two novellas from the marshes.').waitFor();

    // A book joins it through the book form's series field, and its page says so.
    await openTab(page, 'Books');
    await button('Edit The Unkindled Throne').click();
    await page.getByRole('combobox', { name: 'Series' }).selectOption({ label: 'The Salt Books' });
    await box('Number in the series').fill('1');
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Book updated successfully');
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/books/the-unkindled-throne`);
    await visitor.getByText('Book 1 of The Salt Books').waitFor();

    await openTab(page, 'Series');
    await row.getByText('Book 1: The Unkindled Throne').waitFor();
    await button('Delete The Salt Books').click();
    const dialog = page.getByRole('dialog', { name: 'Delete series?' });
    await dialog.getByText('Its 1 book stays on the site as a standalone book, without a series number.').waitFor();
    await dialog.getByRole('button', { name: 'Delete series' }).click();
    await expectToast(page, 'Success', 'Series deleted successfully');
    await row.waitFor({ state: 'detached' });
    const throne = (await books()).find((book) => book.title === 'The Unkindled Throne')!;
    expect([throne.seriesId, throne.seriesNumber]).toEqual([null, null]);
    await visitor.reload();
    await visitor.getByText('Standalone novel').waitFor();
    await visitor.close();
    expect(site.problems).toEqual([]);
  });

  it('offers link previews a 1200-px-class JPEG variant of an uploaded cover, not the original', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await photo(2400, 3600))], { type: 'image/jpeg' }), 'cover.jpg');
    const auth = { authorization: `Bearer ${site.adminPassword}` };
    const upload = await fetch(`${site.baseUrl}/api/upload`, { method: 'POST', headers: auth, body: form });
    expect(upload.status).toBe(201);
    const { path } = (await upload.json()) as { path: string };
    const tallow = (await books()).find((book) => book.title === 'The Tallow King')!;
    const current = (await (await fetch(`${site.baseUrl}/api/books/${tallow.id}`)).json()) as Record<string, unknown>;
    const { id: _id, series: _series, image: _image, ...input } = current;
    const put = await fetch(`${site.baseUrl}/api/books/${tallow.id}`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ ...input, coverImage: path }),
    });
    expect(put.status).toBe(200);

    const html = await (await fetch(`${site.baseUrl}/books/${tallow.slug}`)).text();
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];
    const variant = `${site.baseUrl}${path.replace(/\.jpg$/, '-1440.jpg')}`;
    expect(meta('og:image')).toBe(variant);
    expect([meta('og:image:width'), meta('og:image:height'), meta('og:image:type')]).toEqual([
      '1440',
      '2160',
      'image/jpeg',
    ]);
    expect(meta('twitter:image')).toBe(variant);
    expect(html).toContain(`"image":"${variant}"`);
    const served = await fetch(variant);
    expect(served.status).toBe(200);
    expect(Number(served.headers.get('content-length') ?? (await served.arrayBuffer()).byteLength)).toBeLessThan(
      (await (await fetch(`${site.baseUrl}${path}`)).arrayBuffer()).byteLength,
    );
  });
});
