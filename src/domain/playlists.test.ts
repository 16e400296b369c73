import { describe, expect, it } from 'vitest';
import { MAX_TRACKS } from './limits.js';
import { playlistEmbedUrl, playlistInputSchema } from './playlists.js';

describe('playlistEmbedUrl', () => {
  it('turns a Spotify playlist link into its embed URL', () => {
    expect(playlistEmbedUrl({ spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DX', appleMusicUrl: null })).toBe(
      'https://open.spotify.com/embed/playlist/37i9dQZF1DX',
    );
  });

  it('keeps a Spotify link that is already an embed, dropping its query', () => {
    expect(playlistEmbedUrl({ spotifyUrl: 'https://open.spotify.com/embed/playlist/abc?si=123', appleMusicUrl: null })).toBe(
      'https://open.spotify.com/embed/playlist/abc',
    );
  });

  it('uses the Apple Music embed host when there is no Spotify link', () => {
    expect(playlistEmbedUrl({ spotifyUrl: null, appleMusicUrl: 'https://music.apple.com/us/playlist/ash/pl.u-123' })).toBe(
      'https://embed.music.apple.com/us/playlist/ash/pl.u-123',
    );
  });

  it('prefers Spotify when both are given, and is null when neither is', () => {
    expect(
      playlistEmbedUrl({ spotifyUrl: 'https://open.spotify.com/playlist/a', appleMusicUrl: 'https://music.apple.com/us/playlist/b' }),
    ).toBe('https://open.spotify.com/embed/playlist/a');
    expect(playlistEmbedUrl({ spotifyUrl: null, appleMusicUrl: null })).toBeNull();
  });
});

describe('playlistInputSchema', () => {
  const playlist = { title: 'Soundtrack', tracks: [{ title: 'Ashfall' }], spotifyUrl: 'https://open.spotify.com/playlist/a' };

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
