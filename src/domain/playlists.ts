import type { Playlist } from './playlists.schema.js';

export const PLAYLIST_EMBED_HEIGHT = 352;

/** The embeddable player URL for a playlist's streaming link, or null when it has none. */
export function playlistEmbedUrl(playlist: Pick<Playlist, 'spotifyUrl' | 'appleMusicUrl'>): string | null {
  if (playlist.spotifyUrl) {
    const url = new URL(playlist.spotifyUrl);
    const path = url.pathname.startsWith('/embed/') ? url.pathname : `/embed${url.pathname}`;
    return `https://open.spotify.com${path}`;
  }
  if (playlist.appleMusicUrl) {
    const url = new URL(playlist.appleMusicUrl);
    return `https://embed.music.apple.com${url.pathname}`;
  }
  return null;
}
