import type { Playlist, PlaylistData, Track } from '../../../domain/playlists.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import type { PlaylistRow } from '../../db/schema.js';
import { newId, timestampNow } from '../../db/row-conversion.js';

const PLAYLIST_COLUMNS = ['id', 'title', 'description', 'tracks', 'spotifyUrl', 'appleMusicUrl'] as const;

const toPlaylist = (row: Omit<PlaylistRow, 'createdAt'>): Playlist => ({
  ...row,
  tracks: JSON.parse(row.tracks) as Track[],
});

const toStored = (data: PlaylistData) => ({ ...data, tracks: JSON.stringify(data.tracks) });

/** Oldest first: the first playlist is the one the Music tab shows by default. */
export async function listPlaylists(db: AppDatabase): Promise<Playlist[]> {
  const rows = await db.selectFrom('playlists').select(PLAYLIST_COLUMNS).orderBy('createdAt').orderBy('id').execute();
  return rows.map(toPlaylist);
}

export async function createPlaylist(db: AppDatabase, data: PlaylistData): Promise<Playlist> {
  const id = newId();
  await db
    .insertInto('playlists')
    .values({ id, ...toStored(data), createdAt: timestampNow() })
    .execute();
  return { id, ...data };
}

export async function updatePlaylist(db: AppDatabase, id: string, data: PlaylistData): Promise<Playlist | undefined> {
  const result = await db.updateTable('playlists').set(toStored(data)).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n ? { id, ...data } : undefined;
}

export async function deletePlaylist(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('playlists').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
