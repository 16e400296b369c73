import { describe, expect, it } from 'vitest';
import { playlistEmbedUrl, playlistListenLinks } from './playlists.js';

describe('playlistEmbedUrl', () => {
  it('turns a Spotify playlist link into its embed URL', () => {
    expect(playlistEmbedUrl({ spotifyUrl: 'https://open.spotify.com/playlist/37i9dQZF1DX', appleMusicUrl: null })).toBe(
      'https://open.spotify.com/embed/playlist/37i9dQZF1DX',
    );
  });

  it('keeps a Spotify link that is already an embed, dropping its query', () => {
    expect(
      playlistEmbedUrl({ spotifyUrl: 'https://open.spotify.com/embed/playlist/abc?si=123', appleMusicUrl: null }),
    ).toBe('https://open.spotify.com/embed/playlist/abc');
  });

  it('uses the Apple Music embed host when there is no Spotify link', () => {
    expect(
      playlistEmbedUrl({ spotifyUrl: null, appleMusicUrl: 'https://music.apple.com/us/playlist/ash/pl.u-123' }),
    ).toBe('https://embed.music.apple.com/us/playlist/ash/pl.u-123');
  });

  it('prefers Spotify when both are given, and is null when neither is', () => {
    expect(
      playlistEmbedUrl({
        spotifyUrl: 'https://open.spotify.com/playlist/a',
        appleMusicUrl: 'https://music.apple.com/us/playlist/b',
      }),
    ).toBe('https://open.spotify.com/embed/playlist/a');
    expect(playlistEmbedUrl({ spotifyUrl: null, appleMusicUrl: null })).toBeNull();
  });
});

describe('playlistListenLinks', () => {
  it('links to the playlist itself on each service it has, never to an embed', () => {
    expect(
      playlistListenLinks({
        spotifyUrl: 'https://open.spotify.com/embed/playlist/abc?si=123',
        appleMusicUrl: 'https://embed.music.apple.com/us/playlist/ash/pl.u-123',
      }),
    ).toEqual([
      { label: 'Open in Spotify', url: 'https://open.spotify.com/playlist/abc' },
      { label: 'Open in Apple Music', url: 'https://music.apple.com/us/playlist/ash/pl.u-123' },
    ]);
  });

  it('has no link for a service the playlist is not on', () => {
    expect(playlistListenLinks({ spotifyUrl: 'https://open.spotify.com/playlist/a', appleMusicUrl: null })).toEqual([
      { label: 'Open in Spotify', url: 'https://open.spotify.com/playlist/a' },
    ]);
    expect(playlistListenLinks({ spotifyUrl: null, appleMusicUrl: null })).toEqual([]);
  });
});
