import { playlistInputSchema } from '../../../domain/playlists.schema.js';
import { createPlaylist, deletePlaylist, listPlaylists, updatePlaylist } from './playlists-repository.js';
import { router } from '../../trpc/trpc.js';
import { contentProcedures } from '../content-procedures.js';

export const playlistsRouter = router(
  contentProcedures({
    name: 'Playlist',
    cacheKey: 'playlists',
    inputSchema: playlistInputSchema,
    list: listPlaylists,
    create: createPlaylist,
    update: updatePlaylist,
    remove: deletePlaylist,
  }),
);
