import { describe, expect, it } from 'vitest';
import { MAX_TRACKS, TEXT_LIMITS } from '../../../domain/limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import { describeContentContract } from '../../test-support/content-contract.js';
import { bearer, createVia, expectError, getList } from '../../test-support/http.js';
import { validPlaylist } from '../../test-support/test-app.js';

const context = useTestApp();

describeContentContract(context, {
  name: 'Playlist',
  url: '/api/playlists',
  validPayload: () => structuredClone(validPlaylist),
  changes: {
    title: 'Marsh Songs',
    tracks: [{ title: 'Salt', artist: null, duration: '4:01' }],
    appleMusicUrl: 'https://music.apple.com/us/playlist/x',
  },
  requiredFields: {
    title: 'Title is required',
    tracks: 'Tracks must be a list',
  },
  textBounds: {
    title: { max: TEXT_LIMITS.title },
    description: { max: TEXT_LIMITS.description },
  },
});

describe('/api/playlists rules', () => {
  const post = (payload: object) =>
    context.t.app.inject({ method: 'POST', url: '/api/playlists', headers: bearer(context.token), payload });

  it('stores tracks as a structured list and gives them back as such', async () => {
    const tracks = [
      { title: 'Ashfall', artist: 'The Choir', duration: '3:12' },
      { title: 'Vesper', artist: null, duration: null },
    ];
    const created = await createVia<{ id: string }>(context.t.app, '/api/playlists', context.token, {
      ...validPlaylist,
      tracks,
    });
    expect(created).toMatchObject({ tracks });
    const listed = (await getList<{ id: string }>(context.t.app, '/api/playlists')).find((p) => p.id === created.id);
    expect(listed).toMatchObject({ tracks });
  });

  it('makes description and streaming links optional', async () => {
    const res = await post({ title: 'Bare', tracks: [] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ description: '', tracks: [], spotifyUrl: null, appleMusicUrl: null });
  });

  it('refuses streaming links to other hosts or without https', async () => {
    expectError(
      await post({ ...validPlaylist, spotifyUrl: 'https://evil.example/playlist/a' }),
      400,
      /Spotify link must be an https link/,
    );
    expectError(
      await post({ ...validPlaylist, appleMusicUrl: 'http://music.apple.com/x' }),
      400,
      /Apple Music link must be an https link/,
    );
  });

  it('refuses malformed tracks', async () => {
    expectError(await post({ ...validPlaylist, tracks: [{ artist: 'Nobody' }] }), 400, 'Track title is required');
    expectError(await post({ ...validPlaylist, tracks: 'Ashfall' }), 400, 'Tracks must be a list');
    const tooMany = Array.from({ length: MAX_TRACKS + 1 }, (_, i) => ({ title: `T${i}` }));
    expectError(
      await post({ ...validPlaylist, tracks: tooMany }),
      400,
      `A playlist holds at most ${MAX_TRACKS} tracks`,
    );
  });
});
