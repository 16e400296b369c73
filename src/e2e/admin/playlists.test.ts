import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForHydration } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';
import { expectFieldError, expectToast, logIn, openTab } from './admin-helpers.js';

type StoredPlaylist = {
  title: string;
  tracks: { title: string; artist: string | null; duration: string | null }[];
  spotifyUrl: string | null;
};

/** Playlists: validation, the tracks editor, create/edit/delete, and the public Music tab. */
describe('admin: playlists', () => {
  const site = useBrowserSite();
  let page: Page;

  beforeAll(async () => {
    page = site.page;
    await logIn(page, site);
    await openTab(page, 'Playlists');
  });

  const box = (name: string) => page.getByRole('textbox', { name, exact: true });
  const button = (name: string) => page.getByRole('button', { name, exact: true });

  async function stored(title: string): Promise<StoredPlaylist | undefined> {
    const playlists = (await (await fetch(`${site.baseUrl}/api/playlists`)).json()) as StoredPlaylist[];
    return playlists.find((playlist) => playlist.title === title);
  }

  it('validates, edits tracks (add, reorder, remove), and creates a playlist shown on the Music tab', async () => {
    await page.getByRole('heading', { name: 'Playlists (1)' }).waitFor();
    await button('Add Playlist').click();
    await box('Spotify link').fill('https://example.com/playlist/1');
    await button('Create playlist').click();
    await expectFieldError(box('Title'), 'Title is required');
    await expectFieldError(box('Track 1 Title'), 'Track title is required');
    await expectFieldError(box('Spotify link'), 'Spotify link must be an https link to open.spotify.com');

    await box('Title').fill('Midnight Vigil');
    await box('Description').fill('For the last chapter.');
    await box('Spotify link').fill('https://open.spotify.com/playlist/midnightvigil');
    await box('Track 1 Title').fill('Second Song');
    await box('Track 1 Artist').fill('The Harrow Consort');
    await button('Add track').click();
    await box('Track 2 Title').fill('First Song');
    await box('Track 2 Duration').fill('3:05');
    await button('Add track').click();
    await box('Track 3 Title').fill('Cut Song');
    // Reorder: track 2 moves up to first; then the third is removed.
    await button('Move track 2 up').click();
    expect(await box('Track 1 Title').inputValue()).toBe('First Song');
    expect(await box('Track 2 Title').inputValue()).toBe('Second Song');
    expect(await button('Move track 1 up').isDisabled()).toBe(true);
    await button('Remove track 3').click();
    expect(await box('Track 3 Title').count()).toBe(0);

    await button('Create playlist').click();
    await expectToast(page, 'Success', 'Playlist created successfully');
    await page.getByRole('heading', { name: 'Playlists (2)' }).waitFor();
    const row = page
      .getByRole('list', { name: 'Playlists' })
      .getByRole('listitem')
      .filter({ hasText: 'Midnight Vigil' });
    await row.getByText('2 tracks').waitFor();
    expect(await stored('Midnight Vigil')).toMatchObject({
      tracks: [
        { title: 'First Song', artist: null, duration: '3:05' },
        { title: 'Second Song', artist: 'The Harrow Consort', duration: null },
      ],
      spotifyUrl: 'https://open.spotify.com/playlist/midnightvigil',
    });

    // The public Music tab lists it (the first playlist stays the default).
    const visitor = await site.context.newPage();
    await visitor.goto(`${site.baseUrl}/art-music`);
    await waitForHydration(visitor);
    await visitor.getByRole('tab', { name: 'Music & Playlists' }).click();
    const picker = visitor.getByRole('group', { name: 'Choose a playlist' });
    await picker.getByRole('button', { name: 'Midnight Vigil' }).click();
    await visitor.getByRole('heading', { name: 'Midnight Vigil' }).waitFor();
    await visitor.getByText('First Song').first().waitFor();
    await visitor.close();
  });

  it('edits and deletes a playlist', async () => {
    await button('Edit Midnight Vigil').click();
    await page.getByRole('heading', { name: 'Edit “Midnight Vigil”' }).waitFor();
    expect(await box('Track 2 Artist').inputValue()).toBe('The Harrow Consort');
    await box('Title').fill('Midnight Vigil (Extended)');
    await button('Move track 2 up').click();
    await button('Save changes').click();
    await expectToast(page, 'Success', 'Playlist updated successfully');
    await page.getByRole('list', { name: 'Playlists' }).getByText('Midnight Vigil (Extended)').waitFor();
    expect((await stored('Midnight Vigil (Extended)'))?.tracks.map((track) => track.title)).toEqual([
      'Second Song',
      'First Song',
    ]);

    await button('Delete Midnight Vigil (Extended)').click();
    const dialog = page.getByRole('dialog', { name: 'Delete playlist?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await stored('Midnight Vigil (Extended)')).toBeDefined();

    await button('Delete Midnight Vigil (Extended)').click();
    await dialog.getByRole('button', { name: 'Delete playlist' }).click();
    await expectToast(page, 'Success', 'Playlist deleted successfully');
    await page.getByRole('heading', { name: 'Playlists (1)' }).waitFor();
    expect(await stored('Midnight Vigil (Extended)')).toBeUndefined();
    expect(site.problems).toEqual([]);
  });
});
