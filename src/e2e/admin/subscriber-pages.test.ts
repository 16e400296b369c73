import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { logIn, openTab } from './admin-helpers.js';

const SUBSCRIBERS = 250;

/** A list longer than a page: the admin shows the first 100, loads more on demand, and searches on the server. */
describe('admin: a subscriber list longer than a page', () => {
  const site = useBrowserSite();

  beforeAll(async () => {
    const db = new Database(path.join(site.dataDir, 'site.sqlite'));
    db.prepare(
      `INSERT INTO newsletter_subscriptions (id, email, is_active, created_at, confirmed_at)
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       SELECT 'many-' || i, 'reader' || i || '@example.com', 1,
         strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + i * 60, 'unixepoch'), '2024-01-01T00:00:00.000Z'
       FROM n`,
    ).run(SUBSCRIBERS);
    db.close();
    await logIn(site.page, site);
  });

  it('shows the first page with the whole count, loads the rest on demand, and finds an address', async () => {
    const page = site.page;
    await openTab(page, 'Newsletter');
    await page.getByRole('heading', { name: `Newsletter Subscriptions (${SUBSCRIBERS})` }).waitFor();
    const table = page.getByRole('table', { name: 'Subscribers' });
    const rows = table.locator('tbody tr');
    await table.getByRole('row', { name: new RegExp(`reader${SUBSCRIBERS}@example\\.com`) }).waitFor();
    expect(await rows.count()).toBe(100);
    const more = page.getByRole('button', { name: 'Load more newsletter subscriptions' });
    await more.click();
    await table.getByRole('row', { name: /reader150@example\.com/ }).waitFor();
    expect(await rows.count()).toBe(200);
    await more.click();
    await table.getByRole('row', { name: /reader1@example\.com/ }).waitFor();
    expect(await rows.count()).toBe(SUBSCRIBERS);
    await more.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: 'Search addresses' }).fill('reader7');
    // reader7 and reader70–79.
    await page.getByRole('heading', { name: 'Newsletter Subscriptions (11)' }).waitFor();
    await table.getByRole('row', { name: /reader79@example\.com/ }).waitFor();
    expect(await rows.count()).toBe(11);
    expect(site.problems).toEqual([]);
  });
});
