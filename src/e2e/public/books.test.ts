import { describe, expect, it } from 'vitest';
import { ISBN_MESSAGE } from '../../domain/books.schema.js';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { expectFieldError, expectToast, logIn, openTab } from '../admin/admin-helpers.js';
import { openPage } from './helpers.js';

type ListedBook = {
  id: string;
  slug: string;
  title: string;
  coverImage: string;
  price: string | null;
  editions: { format: string; isbn: string | null; price: string | null; links: { label: string; url: string }[] }[];
};

/** Books as products: the book page, its JSON-LD and old-id redirect, the Buy menu, preorder ?book=, the admin's editions. */
describe('books as products', () => {
  const site = useBrowserSite();

  const books = async () => (await (await fetch(`${site.baseUrl}/api/books`)).json()) as ListedBook[];
  const bookTitled = async (title: string) => (await books()).find((book) => book.title === title)!;

  it('serves /books/<slug> from the server with Book JSON-LD, and moves an old id there for good', async () => {
    const response = await fetch(`${site.baseUrl}/books/the-ashwarden`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Book 1 of The Cinderwake Cycle');
    expect(html).toContain('978-1917110006');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    );
    const book = jsonLd.find((entry) => entry['@type'] === 'Book')!;
    expect(book).toMatchObject({
      name: 'The Ashwarden',
      url: `${site.baseUrl}/books/the-ashwarden`,
      isbn: '9781917110006',
      bookFormat: 'https://schema.org/Hardcover',
      isPartOf: { '@type': 'BookSeries', name: 'The Cinderwake Cycle' },
      position: 1,
    });
    const offers = book.offers as { price: string; priceCurrency: string }[];
    expect(offers.map((offer) => offer.price).sort()).toEqual(['18.99', '24.99', '27.99', '9.99']);
    const editions = book.workExample as { isbn: string; bookFormat: string }[];
    expect(editions.map((edition) => edition.bookFormat)).toEqual([
      'https://schema.org/Hardcover',
      'https://schema.org/Paperback',
      'https://schema.org/EBook',
      'https://schema.org/AudiobookFormat',
    ]);

    const { id } = await bookTitled('The Ashwarden');
    const old = await fetch(`${site.baseUrl}/books/${id}`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get('location')!, site.baseUrl).pathname).toBe('/books/the-ashwarden');
    expect((await fetch(`${site.baseUrl}/books/no-such-book`)).status).toBe(404);

    // Before the script runs (or without it), Buy leads to the editions and their plain shop links.
    const list = await (await fetch(`${site.baseUrl}/books`)).text();
    expect(list).toContain('href="/books/the-ashwarden#editions"');
    expect(html).toContain('id="editions"');
    expect(html).toContain('href="https://www.kobo.com/search?query=9781917130004"');

    const sitemap = await (await fetch(`${site.baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`<loc>${site.baseUrl}/books/the-ashwarden</loc>`);
  });

  it('describes the series on /books and on its books’ pages, server-rendered; a standalone book shows none of it', async () => {
    const series = (await (await fetch(`${site.baseUrl}/api/series`)).json()) as { id: string; name: string }[];
    const cycle = series.find((entry) => entry.name === 'The Cinderwake Cycle')!;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` };
    const description = ['Four books of fire and succession.', 'The Wake judges every king.'];
    const note = 'Start with The Ashwarden; the novellas can wait.';
    const res = await fetch(`${site.baseUrl}/api/series/${cycle.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ name: cycle.name, description: description.join('\n'), readingOrderNote: note }),
    });
    expect(res.status).toBe(200);

    // In the server's HTML as paragraphs (not only in the page's data), so readers without JavaScript see it.
    const paragraphs = new RegExp(`>${description[0]}</p><p[^>]*>${description[1]}</p>`);
    for (const path of ['/books', '/books/the-ashwarden']) {
      const html = await (await fetch(`${site.baseUrl}${path}`)).text();
      expect(html).toMatch(paragraphs);
      expect(html).toContain(`>${note}</p>`);
    }

    const list = await openPage(site.context, site.baseUrl, '/books');
    const footer = list.page.getByRole('complementary', { name: 'The Cinderwake Cycle' });
    for (const text of [...description, note]) await footer.getByText(text, { exact: true }).waitFor();
    expect(list.problems()).toEqual([]);
    await list.page.close();

    const { page, problems } = await openPage(site.context, site.baseUrl, '/books/the-ashwarden');
    const about = page.getByRole('region', { name: 'About The Cinderwake Cycle' });
    for (const text of description) await about.getByText(text, { exact: true }).waitFor();
    await about.getByRole('note', { name: 'Reading order' }).getByText(note).waitFor();
    expect(problems()).toEqual([]);
    await page.close();

    // A book in no series: no series section, no reading-order note, none of the series' words.
    const ashwarden = await bookTitled('The Ashwarden');
    const created = await fetch(`${site.baseUrl}/api/books`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        title: 'A Solitary Candle',
        description: 'A tale told once.',
        coverImage: ashwarden.coverImage,
        status: 'published',
        price: '$9.99',
        order: 9,
      }),
    });
    expect(created.status).toBe(201);
    const standalone = (await created.json()) as ListedBook;
    const html = await (await fetch(`${site.baseUrl}/books/${standalone.slug}`)).text();
    expect(html).toContain('Standalone novel');
    for (const text of [...description, note, 'About The Cinderwake Cycle']) expect(html).not.toContain(text);
    const alone = await openPage(site.context, site.baseUrl, `/books/${standalone.slug}`);
    await alone.page.getByRole('heading', { level: 1, name: 'A Solitary Candle' }).waitFor();
    expect(await alone.page.getByRole('region', { name: /^About / }).count()).toBe(0);
    expect(await alone.page.getByRole('note', { name: 'Reading order' }).count()).toBe(0);
    expect(alone.problems()).toEqual([]);
    await alone.page.close();
    const removed = await fetch(`${site.baseUrl}/api/books/${standalone.id}`, {
      method: 'DELETE',
      headers: { authorization: headers.authorization },
    });
    expect(removed.status).toBe(204);
  });

  it('shows the book page with editions, its excerpts and the next in the series, linked from /books', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books');
    await page.getByRole('link', { name: 'The Ashwarden', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'The Ashwarden' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/books/the-ashwarden');
    const editions = page.getByRole('region', { name: 'Editions' });
    expect(await editions.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Hardcover',
      'Paperback',
      'Ebook',
      'Audiobook',
    ]);
    await editions.getByText('978-1917130004').waitFor();
    const excerpts = page.getByRole('region', { name: 'Excerpts' });
    // In the author's reading order; a major spoiler's description stays behind its warning (a closed "Show the
    // description anyway").
    expect(await excerpts.getByRole('link').first().innerText()).toBe('The Burning of Kings');
    await excerpts.getByText('Read this one after finishing the book.').waitFor();
    expect(await excerpts.getByText('Beneath the chapterhouse', { exact: false }).first().isVisible()).toBe(false);
    const art = page.getByRole('region', { name: 'Art from this book' });
    expect((await art.getByRole('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))).sort()).toEqual(
      ['Sabine Orle, Ashwarden', 'The Ember Seat'],
    );
    await page.getByRole('region', { name: 'Next in the series' }).getByRole('link', { name: /The Tallow King/ }).click();
    await page.getByRole('heading', { level: 1, name: 'The Tallow King' }).waitFor();
    await page.getByText('Book 2 of The Cinderwake Cycle').waitFor();
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('opens the Buy menu from the keyboard and moves through its shops with the arrow keys', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books/the-ashwarden');
    // The Ashwarden is sold direct (the demo): Buy direct comes first, the shops are a menu beside it.
    expect(await page.getByRole('link', { name: 'Buy direct — $4.99' }).first().getAttribute('href')).toMatch(
      /^\/r\/d[\w-]{11}\.ebook$/,
    );
    const trigger = page.getByRole('button', { name: 'Buy from a shop' });
    // Reach it by Tab from the link before it.
    await page.getByRole('link', { name: 'All books' }).focus();
    for (let step = 0; step < 10; step += 1) {
      if (await trigger.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    const items = menu.getByRole('menuitem');
    // Buy direct first, then the 11 shops.
    expect(await items.count()).toBe(12);
    // The menu opens with its first item, Buy direct, focused.
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toContain('Buy direct — $4.99');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toContain('Amazon');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toContain('Bookshop.org');
    // The shop link goes through the site's signed redirect (shop clicks are counted), which leads to the shop.
    const href = (await items.nth(2).getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/r\/s[\w-]+\.1$/);
    const redirect = await fetch(`${site.baseUrl}${href}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('https://bookshop.org/search?keywords=9781917110006');
    expect(await items.nth(2).getAttribute('rel')).toBe('noopener noreferrer');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('preselects the book named by ?book= (slug or id) in the preorder form, server-rendered too', async () => {
    const lantern = await bookTitled('A Lantern for the Drowned');
    const html = await (await fetch(`${site.baseUrl}/preorder?book=a-lantern-for-the-drowned`)).text();
    expect(html).toMatch(new RegExp(`<option[^>]*value="${lantern.id}"[^>]*selected`));

    for (const book of ['a-lantern-for-the-drowned', lantern.id]) {
      const { page, problems } = await openPage(site.context, site.baseUrl, `/preorder?book=${book}`);
      expect(await page.getByRole('combobox', { name: 'Book' }).inputValue()).toBe(lantern.id);
      expect(problems()).toEqual([]);
      await page.close();
    }
    const { page } = await openPage(site.context, site.baseUrl, '/preorder?book=unknown');
    expect(await page.getByRole('combobox', { name: 'Book' }).inputValue()).toBe('');
    await page.close();
  });

  it('lets the admin add an edition with its shop link, refusing a bad ISBN and an http:// link first', async () => {
    const page = await site.context.newPage();
    await logIn(page, site);
    await openTab(page, 'Books');
    await page.getByRole('button', { name: 'Edit The Unkindled Throne' }).click();
    const box = (name: string) => page.getByRole('textbox', { name, exact: true });
    const series = page.getByRole('combobox', { name: 'Series' });
    await expect.poll(() => series.locator('option:checked').innerText()).toBe('The Cinderwake Cycle');
    expect(await box('Number in the series').inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Add edition' }).click();
    await page.getByRole('combobox', { name: 'Edition 1 Format' }).selectOption('ebook');
    await box('Edition 1 ISBN-13').fill('978-1-917440-00-5');
    await box('Edition 1 Price').fill('$11.99');
    await page.getByRole('button', { name: 'Add edition 1 shop link' }).click();
    await box('Edition 1 shop 1 Link').fill('http://www.kobo.com/unkindled');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectFieldError(box('Edition 1 ISBN-13'), ISBN_MESSAGE);
    await expectFieldError(box('Edition 1 shop 1 Link'), 'Shop link must be an https:// address');

    await box('Edition 1 ISBN-13').fill('978-1-917440-00-4');
    await box('Edition 1 shop 1 Link').fill('https://www.kobo.com/unkindled');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Success', 'Book updated successfully');

    const stored = await bookTitled('The Unkindled Throne');
    expect(stored.price).toBe('$11.99');
    expect(stored.editions).toEqual([
      expect.objectContaining({
        format: 'ebook',
        isbn: '9781917440004',
        price: '$11.99',
        links: [{ label: 'Kobo', url: 'https://www.kobo.com/unkindled' }],
      }),
    ]);
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/books/the-unkindled-throne`);
    await waitForHydration(visitor);
    await visitor.getByRole('region', { name: 'Editions' }).getByText('978-1917440004').waitFor();
    await visitor.close();
    await page.close();
  });
});
