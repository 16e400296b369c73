import { describe, expect, it } from 'vitest';
import { describeContentRouter } from '../../test-support/content-router-contract.js';
import { validPlaylist } from '../../test-support/test-app.js';
import { useCallers } from '../../test-support/trpc.js';

const context = useCallers();

describeContentRouter(context, {
  name: 'Playlist',
  pick: (caller) => caller.playlists,
  validInput: () => structuredClone(validPlaylist),
  changes: { title: 'Night Drive', spotifyUrl: null, appleMusicUrl: 'https://music.apple.com/us/playlist/night' },
  invalid: [
    [{ title: '' }, 'Title is required'],
    [{ tracks: null }, 'Tracks must be a list'],
    [{ tracks: [{ title: '' }] }, 'Track title is required'],
    [{ spotifyUrl: 'https://open.spotify.evil.com/x' }, 'Spotify link must be an https link to open.spotify.com'],
  ],
});

describe('playlists router rules', () => {
  it('gives tracks back as a list of objects', async () => {
    const created = await context.admin.playlists.create(structuredClone(validPlaylist));
    const listed = (await context.visitor.playlists.list()).find((p) => p.id === created.id);
    expect(listed?.tracks).toEqual(validPlaylist.tracks);
  });
});
