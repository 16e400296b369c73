import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { chooseOption, expectToast, logIn, openTab } from './admin-helpers.js';

/** The author manages readers like in Kit: the list with states, search, the profile with its history, bulk actions. */
describe('admin: subscriber list and profile at 375 and 1280 px', () => {
  const site = useBrowserSite();
  let page: Page;

  const api = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${site.baseUrl}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${site.adminPassword}` },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
  };

  beforeAll(async () => {
    for (const email of ['ada@readers.example', 'bea@readers.example', 'hand@readers.example'])
      await api('POST', '/api/newsletter', { email });
    const db = new Database(path.join(site.dataDir, 'site.sqlite'));
    db.prepare(
      "UPDATE newsletter_subscriptions SET confirmed_at = created_at WHERE email LIKE '%@readers.example'",
    ).run();
    db.prepare("UPDATE newsletter_subscriptions SET name = 'Ada Lovelace' WHERE email = 'ada@readers.example'").run();
    db.close();
    // An address suppressed by hand: SUPPRESSED in the list, never Subscribed.
    await api('POST', '/api/admin/suppressions', { email: 'hand@readers.example', note: 'Typo' });
    page = site.page;
    await logIn(page, site);
  });

  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  const table = () => page.getByRole('table', { name: 'Subscribers' });
  const shot = (name: string) => saveScreenshot(page, `readers-${name}`, { fullPage: true });

  it('shows each reader’s state, finds a reader by name, and edits them from the profile by keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openTab(page, 'Newsletter');
    await page.getByRole('heading', { name: 'Newsletter Subscriptions (3)' }).waitFor();
    await table()
      .getByRole('row', { name: /hand@readers\.example Suppressed/ })
      .waitFor();
    await table()
      .getByRole('row', { name: /ada@readers\.example Ada Lovelace Subscribed/ })
      .waitFor();
    expect(
      await table()
        .getByRole('row', { name: /hand@readers\.example.*Subscribed/ })
        .count(),
    ).toBe(0);
    await page
      .getByRole('radiogroup', { name: 'Show subscribers' })
      .getByText('Suppressed (1)', { exact: true })
      .waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    await shot('list-1280');

    await page.getByRole('searchbox', { name: 'Search addresses and names' }).fill('lovelace');
    await page.getByRole('heading', { name: 'Newsletter Subscriptions (1)' }).waitFor();
    // Open the profile with the keyboard.
    await table().getByRole('button', { name: 'Open ada@readers.example' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Subscriber' });
    await dialog.getByRole('heading', { name: 'ada@readers.example' }).waitFor();
    await dialog
      .getByRole('list', { name: 'History' })
      .getByText(/^Signed up/)
      .waitFor();
    await dialog.getByRole('list', { name: 'History' }).getByText('Confirmed by email').waitFor();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Ada King');
    await chooseOption(dialog.getByRole('textbox', { name: 'Status' }), 'Unsubscribe (adds to the suppression list)');
    // No reason: the form says why it cannot save.
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog
      .getByRole('alert')
      .getByText(/Say why/)
      .waitFor();
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked me at a signing');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(page, 'Saved', 'ada@readers.example updated');
    await dialog.getByText('Unsubscribed by the author — reason: Asked me at a signing').waitFor();
    await dialog.getByText('Ada King', { exact: true }).waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    await shot('profile-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Renamed, she no longer matches the name searched for: search her address.
    await page.getByRole('searchbox', { name: 'Search addresses and names' }).fill('ada@');
    await table()
      .getByRole('row', { name: /ada@readers\.example Ada King Unsubscribed/ })
      .waitFor();
  });

  it('acts on the chosen readers in bulk, and fits a 375 px phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.getByRole('searchbox', { name: 'Search addresses and names' }).fill('');
    await page.getByRole('heading', { name: 'Newsletter Subscriptions (3)' }).waitFor();
    expect(await noSidewaysScroll()).toBe(true);
    await shot('list-375');
    // Tick two readers with the keyboard (Space on a focused checkbox).
    for (const email of ['bea@readers.example', 'ada@readers.example']) {
      await table()
        .getByRole('checkbox', { name: `Select ${email}` })
        .focus();
      await page.keyboard.press('Space');
    }
    const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await toolbar.getByText('2 subscribers selected').waitFor();
    await toolbar.getByRole('button', { name: 'Add interest' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add interest: 2 subscribers' });
    await chooseOption(dialog.getByRole('textbox', { name: 'Interest' }), 'New releases only');
    await dialog.getByRole('button', { name: 'Add interest 2 subscribers' }).click();
    await expectToast(page, 'Add interest', '2 of 2 subscribers changed');
    await toolbar.waitFor({ state: 'detached' });

    await table().getByRole('button', { name: 'Open bea@readers.example' }).click();
    const profile = page.getByRole('dialog', { name: 'Subscriber' });
    await profile.getByText('Interests set to everything, new-releases').waitFor();
    expect(await profile.getByRole('checkbox', { name: 'New releases only' }).isChecked()).toBe(true);
    expect(await noSidewaysScroll()).toBe(true);
    await shot('profile-375');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    expect(site.problems).toEqual([]);
  });
});
