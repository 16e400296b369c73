import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { openPage } from './helpers.js';

/** Book labels and the public pages' interactions: buy buttons, spoilers, filters, tabs. */
describe('public content', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    // The player is a third-party frame: answer it locally so tests never leave this machine.
    await site.context.route('https://open.spotify.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    // A coming-soon book with a price, to see the disabled button show only the price.
    const created = await fetch(`${site.baseUrl}/api/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` },
      body: JSON.stringify({
        title: 'The Ember Codex',
        description: 'A companion volume.',
        coverImage: '/objects/cover-unkindled-throne.svg',
        status: 'coming-soon',
        price: '$24.99',
        order: 5,
      }),
    });
    expect(created.ok).toBe(true);
  });

  it('labels each book’s buy button by its status', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books');
    const card = (title: string) => page.locator('li').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

    // Published books with shops open a menu of them; the price is the lowest edition's.
    const buy = card('The Tallow King').getByRole('button', { name: 'Buy — $10.99' });
    expect(await buy.getAttribute('aria-haspopup')).toBe('menu');
    // A book sold direct (the demo's Ashwarden ebook) shows Buy direct first, its shops in a menu beside it.
    const direct = card('The Ashwarden').getByRole('link', { name: 'Buy direct — $4.99' });
    // Through the site's counting redirect, on to the checkout stored for the edition.
    const href = await direct.getAttribute('href');
    expect(href).toMatch(/^\/r\/d[\w-]{11}\.ebook$/);
    const checkout = await fetch(`${site.baseUrl}${href}`, { redirect: 'manual' });
    expect(checkout.status).toBe(302);
    expect(checkout.headers.get('location')).toMatch(/plink_demo_ashwarden_ebook/);
    const shops = card('The Ashwarden').getByRole('button', { name: 'Buy from a shop' });
    expect(await shops.getAttribute('aria-haspopup')).toBe('menu');
    expect(await card('A Lantern for the Drowned').getByRole('link', { name: 'Preorder — $12.99' }).getAttribute('href')).toBe(
      '/preorder?book=a-lantern-for-the-drowned',
    );
    await card('A Lantern for the Drowned').getByRole('button', { name: 'Preorder from a shop' }).waitFor();
    // The label comes from the book's number in its series, not from its place in the list.
    expect(await card('The Tallow King').getByText('Book 2', { exact: true }).count()).toBe(1);
    expect(await card('The Ember Codex').getByText('Standalone', { exact: true }).count()).toBe(1);

    // A coming-soon book's disabled button says so, never a price it cannot be bought at.
    const priced = card('The Ember Codex').getByRole('button', { name: 'Coming Soon', exact: true });
    expect(await priced.isDisabled()).toBe(true);
    expect(await card('The Ember Codex').getByText('$24.99').count()).toBe(0);
    const unpriced = card('The Unkindled Throne').getByRole('button', { name: 'Coming Soon', exact: true });
    expect(await unpriced.isDisabled()).toBe(true);

    // Read Excerpt goes to that book's excerpts; a book without any has none.
    expect(await card('The Ashwarden').getByRole('link', { name: 'Read Excerpt' }).getAttribute('href')).toBe(
      '/excerpts#excerpts-the-ashwarden',
    );
    expect(await card('The Unkindled Throne').getByRole('link', { name: 'Read Excerpt' }).count()).toBe(0);
    expect(await card('The Ember Codex').getByRole('link', { name: 'Read Excerpt' }).count()).toBe(0);
    // "Preorder from a shop" is whole at 1280 px: its label fits its button.
    const shopButton = card('A Lantern for the Drowned').getByRole('button', { name: 'Preorder from a shop' });
    expect(
      await shopButton.evaluate((button) => {
        const label = button.querySelector('.mantine-Button-label') ?? button;
        return label.scrollWidth <= label.clientWidth + 1 && button.scrollWidth <= button.clientWidth + 1;
      }),
    ).toBe(true);
    await card('The Tallow King').getByRole('link', { name: 'Read Excerpt' }).click();
    await page.waitForURL(`${site.baseUrl}/excerpts#excerpts-the-tallow-king`);
    await page.locator('#excerpts-the-tallow-king').getByRole('heading', { name: 'The Tallow King' }).waitFor();
    await page.goBack();
    await card('The Ashwarden').waitFor();
    await card('A Lantern for the Drowned').getByRole('link', { name: 'Preorder — $12.99' }).click();
    await page.getByRole('heading', { level: 1, name: 'Preorder' }).waitFor();
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('groups excerpts under their books with spoiler badges, and opens one', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/excerpts');
    const books = await page.getByRole('heading', { level: 2 }).allInnerTexts();
    // Books in order; the one without excerpts (The Unkindled Throne) is skipped.
    expect(books.slice(0, 3)).toEqual(['The Ashwarden', 'The Tallow King', 'A Lantern for the Drowned']);
    expect(books).not.toContain('The Unkindled Throne');

    const group = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'The Ashwarden' }) });
    expect((await group.locator('[data-spoiler]').allInnerTexts()).map((label) => label.toLowerCase()).sort()).toEqual(
      ['major spoilers', 'minor spoilers', 'no spoilers'],
    );
    const colourOf = async (level: string) => (await group.locator(`[data-spoiler="${level}"]`).getAttribute('style')) ?? '';
    expect(await colourOf('none')).toContain('green');
    expect(await colourOf('minor')).toContain('yellow');
    expect(await colourOf('major')).toContain('red');
    await group.getByText('3 min read').first().waitFor();

    await page.getByRole('link', { name: 'Read The Burning of Kings' }).click();
    await page.getByRole('heading', { level: 1, name: 'The Burning of Kings' }).waitFor();
    await page.getByText('From The Ashwarden', { exact: true }).waitFor();
    await page.locator('article header').getByText('No Spoilers', { exact: true }).waitFor();
    await page.getByText('He slid into the light without a sound.', { exact: true }).waitFor();
    expect(await page.locator('article > div p').count()).toBeGreaterThanOrEqual(8);

    await page.getByRole('link', { name: 'More Excerpts' }).click();
    await page.getByRole('heading', { level: 1, name: 'Excerpts' }).waitFor();

    // No newsletter section here: Subscribe for First-Reads goes to the home page's.
    await page.getByRole('button', { name: 'Subscribe for First-Reads' }).click();
    await page.waitForURL(`${site.baseUrl}/#newsletter`);
    await page.locator('#newsletter').waitFor();
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('filters the blog by category', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/blog');
    const filter = (name: string) => page.getByRole('button', { name, exact: true });
    const readLinks = page.getByRole('link', { name: /^Read / });
    expect(await filter('All Posts').getAttribute('aria-pressed')).toBe('true');
    expect(await readLinks.count()).toBe(7);
    expect(await page.locator('time').first().innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);

    const expected: Record<string, number> = { 'Behind-the-Scenes': 2, Soundtracks: 2, Announcements: 3 };
    for (const [label, count] of Object.entries(expected)) {
      await filter(label).click();
      await page.waitForFunction(
        ({ label, count }) => {
          const cards = Array.from(document.querySelectorAll('main li'));
          return cards.length === count && cards.every((card) => card.textContent?.includes(label));
        },
        { label, count },
      );
      expect(await filter(label).getAttribute('aria-pressed')).toBe('true');
      expect(await filter('All Posts').getAttribute('aria-pressed')).toBe('false');
    }
    await filter('All Posts').click();
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 7);
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('says so on Home when the books cannot be read, instead of "on its way"', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/contact');
    await page.route('**/trpc/*books.latest*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"boom"}' }),
    );
    await page.getByRole('navigation').getByRole('link', { name: 'Home', exact: true }).first().click();
    await page.getByRole('alert').filter({ hasText: 'The latest release could not be loaded.' }).waitFor();
    expect(await page.getByText('The first book of the series is on its way.').count()).toBe(0);
    expect(problems().filter((problem) => !problem.includes('500'))).toEqual([]);
    await page.close();
  });

  it('keeps the blog filter in the URL: shareable, server-rendered, restored by Back', async () => {
    // Served filtered, before any script runs.
    const withoutScript = await site.newContext({ javaScriptEnabled: false });
    const served = await withoutScript.newPage();
    await served.goto(`${site.baseUrl}/blog?category=soundtracks`);
    expect(await served.locator('main li').count()).toBe(2);
    await withoutScript.close();

    const { page, problems } = await openPage(site.context, site.baseUrl, '/blog?category=soundtracks');
    const filter = (name: string) => page.getByRole('button', { name, exact: true });
    expect(await filter('Soundtracks').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('main li').count()).toBe(2);

    await filter('Announcements').click();
    await page.waitForURL(`${site.baseUrl}/blog?category=announcements`);
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 3);
    await filter('All Posts').click();
    await page.waitForURL(`${site.baseUrl}/blog`);
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 7);

    await page.goBack();
    await page.waitForURL(`${site.baseUrl}/blog?category=announcements`);
    await page.waitForFunction(() => document.querySelectorAll('main li').length === 3);
    expect(await filter('Announcements').getAttribute('aria-pressed')).toBe('true');
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('opens a blog post at the top of the page with its long date', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/blog');
    const last = page.getByRole('link', { name: /^Read / }).last();
    await last.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await last.click();
    await page.getByRole('heading', { level: 1, name: 'Listening to Vesperhold: the official soundtrack' }).waitFor();
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await page.locator('article time').innerText()).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await page.getByText('Soundtracks', { exact: true }).first().waitFor();
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('switches between the art gallery and the music tab by keyboard, with captions on focus', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/art-music');
    const artTab = page.getByRole('tab', { name: 'Art Gallery' });
    const musicTab = page.getByRole('tab', { name: 'Music & Playlists' });
    expect(await artTab.getAttribute('aria-selected')).toBe('true');

    // A focused piece shows its caption (the overlay is not only for mouse hover).
    const firstPiece = page.locator('figure').first();
    const caption = firstPiece.locator('figcaption');
    expect(Number(await caption.evaluate((element) => getComputedStyle(element).opacity))).toBe(0);
    await firstPiece.getByRole('button').focus();
    await page.waitForFunction(() => getComputedStyle(document.querySelector('figure figcaption')!).opacity === '1');
    await caption.getByText('Arms of House Thrane').waitFor();

    await artTab.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => musicTab.getAttribute('aria-selected')).toBe('true');
    // The player the reader sees (exactly one is visible); a second, hidden copy may exist for a moment while the
    // panel settles after the switch, and must be gone once it has.
    const player = page.locator('iframe:visible');
    await player.waitFor();
    await page.waitForFunction(() => document.querySelectorAll('iframe').length === 1);
    expect(await player.getAttribute('title')).toContain('Official Soundtrack');
    expect(await player.getAttribute('height')).toBe('352');
    expect(await player.getAttribute('width')).toBe('100%');
    expect(await player.getAttribute('loading')).toBe('lazy');
    expect(await player.getAttribute('src')).toBe('https://open.spotify.com/embed/playlist/37i9dQZF1DX8Uebhn9wzrS');
    expect(await page.locator('ol li').count()).toBe(10);
    await page.getByText('The Long Stair', { exact: true }).waitFor();
    // Plain links under the player, for when the embed stays blank.
    const spotify = page.getByRole('link', { name: 'Open in Spotify' });
    expect(await spotify.getAttribute('href')).toBe('https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS');
    expect(await spotify.getAttribute('rel')).toContain('noopener');

    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => artTab.getAttribute('aria-selected')).toBe('true');
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('opens a piece full size by keyboard: focus stays in the viewer, arrows move, Escape returns focus', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/art-music');
    const pieces = page.locator('figure');
    const count = await pieces.count();
    const opener = pieces.first().getByRole('button');
    const firstTitle = /^View (.+) full size$/.exec((await opener.getAttribute('aria-label'))!)![1]!;
    await opener.focus();
    await page.keyboard.press('Enter');

    await page.getByRole('dialog', { name: firstTitle }).waitFor();
    // Named by the piece it shows, so the name changes as the arrows move.
    const viewer = page.getByRole('dialog');
    expect(await viewer.getByText(`1 of ${count}`).isVisible()).toBe(true);
    const image = viewer.getByRole('img', { name: firstTitle });
    expect(await image.evaluate((element) => getComputedStyle(element).objectFit)).toBe('contain');

    await page.keyboard.press('ArrowRight');
    await viewer.getByText(`2 of ${count}`).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText(`${count} of ${count}`).waitFor();

    // Tab cycles inside the viewer only (the page behind is inert).
    for (let n = 0; n < 6; n++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);

    await opener.click();
    await viewer.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    expect(problems()).toEqual([]);
    await page.close();
  });

  it('shows the art in two columns on a phone, captions below the images, nothing cropped', async () => {
    const mobile = await site.newContext({ viewport: 'mobile' });
    const { page, problems } = await openPage(mobile, site.baseUrl, '/art-music');
    // Hydrated: the script's tabs replace the links the server sent (and the gallery with them).
    await page.getByRole('tab', { name: 'Art Gallery' }).waitFor();
    const caption = page.locator('figure figcaption').first();
    expect(await caption.evaluate((element) => getComputedStyle(element).position)).toBe('static');
    expect(await caption.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    const [first, second] = await page.locator('figure').evaluateAll((figures) =>
      figures.slice(0, 2).map((figure) => figure.getBoundingClientRect().top),
    );
    expect(first).toBe(second);
    expect(
      await page.locator('figure img').first().evaluate((element) => getComputedStyle(element).objectFit),
    ).toBe('contain');
    expect(problems()).toEqual([]);
    await mobile.close();
  });
});
