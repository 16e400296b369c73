import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { openPage } from './helpers.js';

/** A page as a browser without the script sees it (javaScriptEnabled: false in the context). */
async function openWithoutScript(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

/**
 * Every control of the public pages works before (or without) the script: the phone menu, the
 * Music & Playlists tab, the art thumbnails and the blog's category chips are links, anchors and
 * <details>, which the script then enhances.
 */
describe('controls without JavaScript', () => {
  const site = useBrowserSite({ readOnly: true, javaScriptEnabled: false, viewport: 'mobile' });

  it('the phone menu button opens the menu (a link to it), whose links and Subscribe work', async () => {
    const page = await openWithoutScript(site.context, `${site.baseUrl}/books`);
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole('link', { name: 'Open menu' }).click();
    await menu.waitFor();
    expect(new URL(page.url()).hash).toBe('#site-menu');
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Books',
      'Excerpts',
      'Art & Music',
      'Blog',
      'About',
      'Contact',
    ]);
    expect(await page.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe('/#newsletter');
    await menu.getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog & News' }).waitFor();
    // A new page starts with the menu closed.
    expect(await page.getByRole('navigation', { name: 'Mobile' }).isVisible()).toBe(false);
    await page.close();
  });

  it('the Music & Playlists tab opens the music (?tab=music), with a link where the player would be', async () => {
    const page = await openWithoutScript(site.context, `${site.baseUrl}/art-music`);
    const tabs = page.getByRole('navigation', { name: 'Art and music' });
    expect(await tabs.getByRole('link', { name: 'Art Gallery' }).getAttribute('aria-current')).toBe('page');
    await tabs.getByRole('link', { name: 'Music & Playlists' }).click();
    await page.waitForURL(`${site.baseUrl}/art-music?tab=music`);
    expect(await tabs.getByRole('link', { name: 'Music & Playlists' }).getAttribute('aria-current')).toBe('page');
    await page.getByText('The Long Stair', { exact: true }).waitFor();
    // No third-party frame that cannot run without its own script: a link to the playlist instead.
    expect(await page.locator('iframe').count()).toBe(0);
    const listen = page.getByRole('link', { name: /^Listen to .+ on Spotify$/ });
    expect(await listen.getAttribute('href')).toBe('https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS');
    await tabs.getByRole('link', { name: 'Art Gallery' }).click();
    await page.waitForURL(`${site.baseUrl}/art-music`);
    await page.locator('figure').first().waitFor();
    await page.close();
  });

  it('an art thumbnail opens the piece full size (a link to the picture)', async () => {
    const page = await openWithoutScript(site.context, `${site.baseUrl}/art-music`);
    const opener = page.getByRole('link', { name: /^View .+ full size$/ }).first();
    const href = await opener.getAttribute('href');
    expect(href).toMatch(/^\/objects\/.+\.svg$/);
    const [response] = await Promise.all([page.waitForNavigation(), opener.click()]);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(href);
    expect(response?.headers()['content-type']).toContain('image/');
    await page.close();
  });

  it('the blog’s category chips filter the list (links the server answers filtered)', async () => {
    const page = await openWithoutScript(site.context, `${site.baseUrl}/blog`);
    const chips = page.getByRole('group', { name: 'Filter posts by category' });
    expect(await chips.getByRole('link', { name: 'All Posts' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('main li').count()).toBe(7);
    await chips.getByRole('link', { name: 'Soundtracks' }).click();
    await page.waitForURL(`${site.baseUrl}/blog?category=soundtracks`);
    expect(await page.locator('main li').count()).toBe(2);
    expect(await chips.getByRole('link', { name: 'Soundtracks' }).getAttribute('aria-current')).toBe('page');
    await chips.getByRole('link', { name: 'All Posts' }).click();
    await page.waitForURL(`${site.baseUrl}/blog`);
    expect(await page.locator('main li').count()).toBe(7);
    await page.close();
  });

  it('a major-spoiler excerpt asks first (a <details> the reader opens), and ends with its book’s buy button', async () => {
    const listPage = await openWithoutScript(site.context, `${site.baseUrl}/excerpts`);
    const majorLink = listPage
      .locator('li')
      .filter({ has: listPage.locator('[data-spoiler="major"]') })
      .getByRole('link')
      .first();
    const href = (await majorLink.getAttribute('href'))!;
    // Its description is behind the same warning on the list: closed until the reader opens it.
    const majorItem = listPage.locator('li').filter({ has: listPage.locator('[data-spoiler="major"]') }).first();
    const hidden = majorItem.locator('details');
    const description = (await hidden.locator('p').textContent())!.trim();
    expect(description.length).toBeGreaterThan(10);
    expect(await hidden.locator('p').isVisible()).toBe(false);
    await hidden.getByText('Show the description anyway').click();
    expect(await hidden.locator('p').isVisible()).toBe(true);
    await listPage.close();
    const page = await openWithoutScript(site.context, `${site.baseUrl}${href}`);
    const gate = page.locator('details');
    expect(await gate.getAttribute('open')).toBeNull();
    await page.getByText(/This excerpt has major spoilers/).waitFor();
    const firstParagraph = gate.locator('p').first();
    expect(await firstParagraph.isVisible()).toBe(false);
    await page.getByText('Read it anyway').click();
    expect(await gate.getAttribute('open')).toBe('');
    expect(await firstParagraph.isVisible()).toBe(true);
    // The description first (hidden with the text until now), then the text.
    expect((await firstParagraph.innerText()).trim()).toBe(description);
    expect((await gate.locator('p').nth(1).innerText()).length).toBeGreaterThan(40);
    // Its book's buy control sits at the end (before the script: a link to the editions' shops; a book
    // sold direct, as the demo's Ashwarden, names it "Buy from a shop" beside its Buy direct link).
    const shops = page.getByRole('link', { name: /^Buy( — |\s+from a shop$)/ });
    expect(await shops.getAttribute('href')).toMatch(/^\/books\/.+#editions$/);
    await page.close();
  });
});

describe('the same controls once the script runs', () => {
  const site = useBrowserSite({ readOnly: true, viewport: 'mobile' });

  beforeAll(async () => {
    // The player is a third-party frame: answered locally so tests never leave this machine.
    await site.context.route('https://open.spotify.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
  });

  it('the burger becomes a toggle button, the chips buttons, the tabs real tabs kept in the URL', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/art-music?tab=music');
    expect(await page.getByRole('tab', { name: 'Music & Playlists' }).getAttribute('aria-selected')).toBe('true');
    await page.locator('iframe').waitFor();
    // Offline, the player (another site's page) gives way to a link instead of a broken grey box.
    await site.context.setOffline(true);
    await page.getByText('The player needs a connection.').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    expect(
      await page.getByRole('link', { name: /^Listen to .+ on Spotify$/ }).getAttribute('href'),
    ).toBe('https://open.spotify.com/playlist/37i9dQZF1DX8Uebhn9wzrS');
    await site.context.setOffline(false);
    await page.locator('iframe').waitFor();

    await page.getByRole('tab', { name: 'Art Gallery' }).click();
    await page.waitForURL(`${site.baseUrl}/art-music`);
    await page.getByRole('button', { name: /^View .+ full size$/ }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog & News' }).waitFor();
    await page.getByRole('button', { name: 'Soundtracks', exact: true }).click();
    await page.waitForURL(`${site.baseUrl}/blog?category=soundtracks`);
    expect(problems()).toEqual([]);
    await page.close();
  });
});
