import { z } from 'zod';
import { optionalText, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { MAX_TRACKS, TEXT_LIMITS } from './limits.js';

const trackSchema = z.object({
  title: requiredText('Track title', TEXT_LIMITS.trackField),
  artist: optionalText('Track artist', TEXT_LIMITS.trackField),
  duration: optionalText('Track duration', 20),
});
export type Track = z.output<typeof trackSchema>;

function streamingUrl(label: string, allowedHosts: readonly string[]) {
  return optionalText(label, TEXT_LIMITS.url).refine(
    (value) => value === null || isHttpsUrlOnHost(value, allowedHosts),
    `${label} must be an https link to ${allowedHosts[0]}`,
  );
}

function isHttpsUrlOnHost(value: string, hosts: readonly string[]): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && hosts.includes(url.hostname);
  } catch {
    return false;
  }
}

export const playlistInputSchema = z.object({
  title: requiredText('Title', TEXT_LIMITS.title),
  description: textWithEmptyDefault('Description', TEXT_LIMITS.description),
  tracks: z
    .array(trackSchema, { error: 'Tracks must be a list' })
    .max(MAX_TRACKS, `A playlist holds at most ${MAX_TRACKS} tracks`),
  spotifyUrl: streamingUrl('Spotify link', ['open.spotify.com']),
  appleMusicUrl: streamingUrl('Apple Music link', ['music.apple.com', 'embed.music.apple.com']),
});
export type PlaylistInput = z.input<typeof playlistInputSchema>;
export type PlaylistData = z.output<typeof playlistInputSchema>;
export type Playlist = PlaylistData & { id: string };
