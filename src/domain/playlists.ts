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

export type ListenLink = { label: 'Open in Spotify' | 'Open in Apple Music'; url: string };

/**
 * Plain links to the playlist on each streaming service it has: where the embedded player stays
 * blank (the service unreachable, a blocker), the reader can still get to the music.
 */
export function playlistListenLinks(playlist: Pick<Playlist, 'spotifyUrl' | 'appleMusicUrl'>): ListenLink[] {
  const links: ListenLink[] = [];
  if (playlist.spotifyUrl) {
    const url = new URL(playlist.spotifyUrl);
    links.push({ label: 'Open in Spotify', url: `https://open.spotify.com${url.pathname.replace(/^\/embed\//, '/')}` });
  }
  if (playlist.appleMusicUrl) {
    const url = new URL(playlist.appleMusicUrl);
    links.push({ label: 'Open in Apple Music', url: `https://music.apple.com${url.pathname}` });
  }
  return links;
}
