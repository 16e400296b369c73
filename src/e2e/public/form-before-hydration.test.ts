import { describe, expect, it } from 'vitest';
import { trackConsoleProblems, waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { holdNextRequest } from '../support/held-request.js';

/**
 * The server-rendered form works before the page's script has run: what the reader chose then survives
 * hydration (the form's state takes the page's values), so a book picked right after the page loaded is never
 * answered "Please choose a book".
 */
describe('a form filled in before the script runs', () => {
  const site = useBrowserSite();

  it('keeps the book chosen on /preorder before hydration, and the preorder goes through', async () => {
    const page = await site.context.newPage();
    const problems = trackConsoleProblems(page);
    const entry = await holdNextRequest(page, '**/assets/entry-client-*.js');
    await page.goto(`${site.baseUrl}/preorder`, { waitUntil: 'domcontentloaded' });
    await entry.arrived;
    // Not hydrated yet: the reader picks the book and types a name.
    await page.getByLabel(/^Book/).selectOption({ label: 'A Lantern for the Drowned — Preorder' });
    await page.getByLabel(/^Full name/).fill('Early Bird');
    entry.release();
    await waitForHydration(page);

    expect(await page.getByLabel(/^Book/).inputValue()).not.toBe('');
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Early Bird');
    // The formats follow the book chosen before hydration: the state knows it.
    await page.getByLabel(/^Preferred format/).selectOption('hardcover');
    await page.getByLabel(/^Email/).fill('early@example.com');
    await page.getByRole('button', { name: 'Submit Preorder' }).click();
    await page.getByRole('heading', { name: 'Preorder Confirmed!' }).waitFor();
    expect(await page.getByText('Please choose a book').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
