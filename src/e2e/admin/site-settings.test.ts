import { describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';
import { expectFieldError, expectToast, logIn, openTab } from './admin-helpers.js';

/** Settings → Site: the site's own words, edited with previews, seen by readers at once. */
describe('admin: Settings → Site', () => {
  const site = useBrowserSite();

  it('edits the announcement, hero, About bio, footer and site title with previews; the public pages show them at once', async () => {
    const { page } = site;
    await logIn(page, site);
    await openTab(page, 'Settings');
    const form = page.getByRole('form', { name: 'Site settings' });
    // The demo's words are the demo's data: loaded from the database into the form.
    expect(await form.getByRole('textbox', { name: 'Headline' }).inputValue()).toBe('The Throne Awaits');

    // A wrong link is refused beside its field, and nothing is saved.
    await form.getByRole('textbox', { name: 'Link', exact: true }).fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save site settings' }).click();
    await expectFieldError(
      form.getByRole('textbox', { name: 'Link', exact: true }),
      'Link must be a page of this site (/books) or an https:// address',
    );

    await form.getByRole('textbox', { name: 'Link', exact: true }).fill('/preorder');
    await form.getByRole('textbox', { name: 'Link text' }).fill('Reserve yours');
    await form.getByRole('textbox', { name: 'Announcement text' }).fill('The Unkindled Throne is open for preorder.');
    const barPreview = page.getByRole('figure', { name: 'Preview of the announcement bar' });
    await barPreview.getByText('The Unkindled Throne is open for preorder.').waitFor();

    await form.getByRole('textbox', { name: 'Headline' }).fill('The Fire Returns');
    await page
      .getByRole('figure', { name: 'Preview of the home page hero' })
      .getByRole('heading', { name: 'The Fire Returns' })
      .waitFor();
    await form.getByRole('textbox', { name: 'Biography' }).fill('Delphine writes *by candlelight*.');
    await form.getByRole('textbox', { name: 'Footer text' }).fill('Fire, grief and a cold throne.');
    await form.getByRole('textbox', { name: 'Site title' }).fill('Cinderwake');
    await page
      .getByRole('figure', { name: 'Preview of a search result' })
      .getByText('Cinderwake', { exact: true })
      .waitFor();
    await form.getByRole('button', { name: 'Save site settings' }).click();
    await expectToast(page, 'Settings saved');

    const reader = await site.context.newPage();
    await reader.goto(`${site.baseUrl}/`);
    expect(await reader.title()).toBe('Cinderwake');
    await reader.getByRole('heading', { level: 1, name: 'The Fire Returns' }).waitFor();
    const bar = reader.getByRole('complementary', { name: 'Announcement' });
    await bar.getByText('The Unkindled Throne is open for preorder.').waitFor();
    expect(await bar.getByRole('link', { name: 'Reserve yours' }).getAttribute('href')).toBe('/preorder');
    await reader.getByRole('contentinfo').getByText('Fire, grief and a cold throne.').waitFor();
    await reader.goto(`${site.baseUrl}/about`);
    expect(await reader.title()).toBe('About the Author | Cinderwake');
    await reader.locator('em', { hasText: 'by candlelight' }).waitFor();

    // Switched off: the bar is gone from the server's page.
    await form.getByRole('switch', { name: 'Show the announcement bar' }).uncheck({ force: true });
    await form.getByRole('button', { name: 'Save site settings' }).click();
    await expectToast(page, 'Settings saved');
    const html = await (await fetch(`${site.baseUrl}/`)).text();
    expect(html).not.toContain('aria-label="Announcement"');
    expect(html).toContain('The Fire Returns');
    await reader.goto(`${site.baseUrl}/`);
    await reader.getByRole('heading', { level: 1, name: 'The Fire Returns' }).waitFor();
    expect(await reader.getByRole('complementary', { name: 'Announcement' }).count()).toBe(0);
    await reader.close();
  });
});
