import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { saveScreenshot } from '../support/screenshots.js';
import { chooseOption, expectToast, logIn, openTab } from './admin-helpers.js';

describe('Mail → Suppression list', () => {
  const site = useBrowserSite();

  it('adds an address (checked as the server checks it), finds it, and removes it only with a reason', async () => {
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Mail');
    const form = page.getByRole('form', { name: 'Add an address to the suppression list' });
    await form.waitFor();

    await form.getByRole('textbox', { name: 'Email' }).fill('not an address');
    await form.getByRole('button', { name: 'Add' }).click();
    await form.getByText('Please enter a valid email address').waitFor();

    await form.getByRole('textbox', { name: 'Email' }).fill('Mara.Quill@Example.ORG');
    await chooseOption(form.getByRole('textbox', { name: 'Reason' }), 'Spam complaint');
    await form.getByRole('textbox', { name: 'Note' }).fill('Reported the autumn issue');
    await form.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, 'Added to the suppression list', 'mara.quill@example.org');

    const list = page.getByRole('list', { name: 'Suppressed addresses' });
    const row = list.getByRole('listitem').filter({ hasText: 'mara.quill@example.org' });
    await row.getByText('Spam complaint').waitFor();
    await row.getByText('Reported the autumn issue').waitFor();
    await page.getByRole('heading', { name: 'Suppression list (1)' }).waitFor();

    // The same address again is refused with the reason.
    await form.getByRole('textbox', { name: 'Email' }).fill('mara.quill@example.org');
    await form.getByRole('button', { name: 'Add' }).click();
    await expectToast(page, 'Not added', 'mara.quill@example.org is already on the list');

    await page.getByRole('searchbox', { name: 'Search addresses' }).fill('nobody');
    await page.getByText('No suppressed address matches.').waitFor();
    await page.getByRole('searchbox', { name: 'Search addresses' }).fill('QUILL');
    await row.waitFor();

    await page.setViewportSize({ width: 1280, height: 900 });
    await saveScreenshot(page.getByRole('region', { name: 'Suppression list' }), 'suppression-list-1280');

    await row.getByRole('button', { name: 'Remove mara.quill@example.org from the list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove from the suppression list?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByText('Reason is required').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await saveScreenshot(page, 'suppression-remove-375');
    await dialog
      .getByRole('textbox', { name: 'Reason for removing' })
      .fill('She wrote to ask for the newsletter again');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expectToast(page, 'Removed from the suppression list', 'mara.quill@example.org');
    await page.getByText('No suppressed address matches.').waitFor();
    // The one refused add (409) is logged by the browser; nothing else went wrong.
    expect(site.problems.filter((problem) => !problem.includes('409 (Conflict)'))).toEqual([]);
  });
});
