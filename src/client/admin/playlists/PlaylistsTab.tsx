import type { PlaylistInput } from '../../../domain/playlists.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { PlaylistForm } from './PlaylistForm.js';
import { PlaylistList } from './PlaylistList.js';

export function PlaylistsTab() {
  const utils = trpc.useUtils();
  const query = trpc.playlists.list.useQuery();
  const actions = useContentActions<PlaylistInput>('playlist', {
    create: trpc.playlists.create.useMutation(),
    update: trpc.playlists.update.useMutation(),
    remove: trpc.playlists.delete.useMutation(),
    invalidate: () => utils.playlists.invalidate(),
  });

  return (
    <ContentTab
      kind="playlist"
      title="Playlists"
      query={query}
      actions={actions}
      emptyTitle="No playlists yet. Add your first playlist to get started."
      emptyHint="The Music & Playlists tab of Art & Music shows the first playlist by default."
      itemName={(playlist) => playlist.title}
      renderList={(playlists, itemActions) => <PlaylistList playlists={playlists} actions={itemActions} />}
      renderForm={(props) => <PlaylistForm {...props} />}
    />
  );
}
