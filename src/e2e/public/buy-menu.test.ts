import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './helpers.js';
import { useBrowserSite } from '../support/fixture.js';

const MENU_CODE = /\/assets\/ShopMenuDropdown-[^/]*\.js$/;
/** The Tallow King's Buy menu (the demo's Ashwarden is sold direct: its shops are a menu beside Buy direct). */
const BUY = 'Buy — $10.99';

const isFocused = (page: Page, name: string) =>
  page.getByRole('button', { name }).evaluate((element) => element === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

/** The Buy menu's code loads on intent, not with /books; the button works by keyboard from the first press. */
describe('Buy menu on /books', () => {
  const site = useBrowserSite({ readOnly: true, isolation: 'test' });

  it('loads the menu code only once the Buy button is focused, then opens on Space with focus on the first shop', async () => {
    const requested: string[] = [];
    site.context.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books');
    await page.waitForLoadState('networkidle');
    expect(requested.filter((path) => MENU_CODE.test(path))).toEqual([]);

    const buy = page.getByRole('button', { name: BUY });
    expect(await buy.getAttribute('aria-haspopup')).toBe('menu');
    expect(await buy.getAttribute('aria-expanded')).toBe('false');
    const menuCode = page.waitForRequest((request) => MENU_CODE.test(new URL(request.url()).pathname));
    await buy.focus();
    await menuCode;

    await page.keyboard.press('Space');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await buy.getAttribute('aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await focusedText(page)).toContain('Amazon');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toContain('Bookshop.org');
    await page.keyboard.press('ArrowUp');
    expect(await focusedText(page)).toContain('Amazon');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON');
    expect(await isFocused(page, BUY)).toBe(true);
    expect(await buy.getAttribute('aria-expanded')).toBe('false');

    // Again, now that the code is there: Enter opens it on the first shop.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await focusedText(page)).toContain('Amazon');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await isFocused(page, BUY)).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('opens on a first press with the code not yet loaded (Enter straight after focus)', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books');
    // Hold the menu's code back, so the press arrives before it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(MENU_CODE, async (route) => {
      await released;
      await route.continue();
    });
    const buy = page.getByRole('button', { name: BUY });
    await buy.focus();
    await page.keyboard.press('Enter');
    expect(await buy.getAttribute('aria-busy')).toBe('true');
    release();
    await page.getByRole('menu').waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    expect(await focusedText(page)).toContain('Amazon');
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.tagName === 'BUTTON');
    expect(await isFocused(page, BUY)).toBe(true);
    expect(problems()).toEqual([]);
  });

  it('opens on a click and closes on a click outside', async () => {
    const { page, problems } = await openPage(site.context, site.baseUrl, '/books');
    await page.getByRole('button', { name: BUY }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').count()).toBe(11);
    await page.mouse.click(5, 400);
    await menu.waitFor({ state: 'detached' });
    expect(problems()).toEqual([]);
  });
});
