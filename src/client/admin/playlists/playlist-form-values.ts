import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import type { Playlist, PlaylistInput } from '../../../domain/playlists.schema.js';

/** One editable track row; `key` keeps React rows stable while they are reordered. */
export type TrackRow = { key: string; title: string; artist: string; duration: string };

export type PlaylistFormValues = {
  title: string;
  description: string;
  tracks: TrackRow[];
  spotifyUrl: string;
  appleMusicUrl: string;
};

export type PlaylistFormApi = UseFormReturnType<PlaylistFormValues, (values: PlaylistFormValues) => PlaylistInput>;

export const newTrackRow = (): TrackRow => ({ key: randomId(), title: '', artist: '', duration: '' });

export const NEW_PLAYLIST: () => PlaylistFormValues = () => ({
  title: '',
  description: '',
  tracks: [newTrackRow()],
  spotifyUrl: '',
  appleMusicUrl: '',
});

export const toPlaylistInput = (values: PlaylistFormValues): PlaylistInput => ({
  title: values.title,
  description: values.description,
  tracks: values.tracks.map(({ title, artist, duration }) => ({ title, artist, duration })),
  spotifyUrl: values.spotifyUrl,
  appleMusicUrl: values.appleMusicUrl,
});

export const fromPlaylist = (playlist: Playlist): PlaylistFormValues => ({
  title: playlist.title,
  description: playlist.description,
  tracks: playlist.tracks.map((track) => ({
    ...newTrackRow(),
    title: track.title,
    artist: track.artist ?? '',
    duration: track.duration ?? '',
  })),
  spotifyUrl: playlist.spotifyUrl ?? '',
  appleMusicUrl: playlist.appleMusicUrl ?? '',
});
