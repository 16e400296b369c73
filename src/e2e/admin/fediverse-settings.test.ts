import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectNoHorizontalOverflow } from '../public/helpers.js';
import { expectToast, logIn, openTab } from './admin-helpers.js';

const SCREENSHOTS = path.join(process.cwd(), 'test-results', 'fediverse-settings');
const OLD_ACCOUNT = 'https://old.example/users/delphine';

/** The Fediverse section of Settings → Site. */
const fediverseSection = (page: Page) =>
  page
    .getByRole('form', { name: 'Site settings' })
    .locator('section, fieldset')
    .filter({ hasText: 'Fediverse' })
    .last();

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.getByRole('switch', { name: 'Share new excerpts on the fediverse' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
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
});
