import { describe, expect, it } from 'vitest';
import { MAX_TRACKS } from './limits.js';
import { playlistInputSchema } from './playlists.schema.js';

describe('playlistInputSchema', () => {
  const playlist = {
    title: 'Soundtrack',
    tracks: [{ title: 'Ashfall' }],
    spotifyUrl: 'https://open.spotify.com/playlist/a',
  };

  it('fills optional fields with their defaults', () => {
    expect(playlistInputSchema.parse(playlist)).toEqual({
      title: 'Soundtrack',
      description: '',
      tracks: [{ title: 'Ashfall', artist: null, duration: null }],
      spotifyUrl: 'https://open.spotify.com/playlist/a',
      appleMusicUrl: null,
    });
  });

  it.each([
    ['http://open.spotify.com/playlist/a', 'Spotify link must be an https link to open.spotify.com'],
    ['https://evil.example/playlist/a', 'Spotify link must be an https link to open.spotify.com'],
    ['not a url', 'Spotify link must be an https link to open.spotify.com'],
  ])('refuses the streaming link %j', (spotifyUrl, message) => {
    expect(playlistInputSchema.safeParse({ ...playlist, spotifyUrl }).error?.issues[0]?.message).toBe(message);
  });

  it('bounds the number of tracks', () => {
    const tracks = Array.from({ length: MAX_TRACKS + 1 }, (_, i) => ({ title: `Track ${i}` }));
    expect(playlistInputSchema.safeParse({ ...playlist, tracks }).error?.issues[0]?.message).toBe(
      `A playlist holds at most ${MAX_TRACKS} tracks`,
    );
  });
});
