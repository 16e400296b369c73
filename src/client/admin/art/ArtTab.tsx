import type { ArtPieceInput } from '../../../domain/art.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { ArtForm } from './ArtForm.js';
import { ArtGrid } from './ArtGrid.js';

export function ArtTab() {
  const utils = trpc.useUtils();
  const query = trpc.art.list.useQuery();
  const actions = useContentActions<ArtPieceInput>('art piece', {
    create: trpc.art.create.useMutation(),
    update: trpc.art.update.useMutation(),
    remove: trpc.art.delete.useMutation(),
    invalidate: () => utils.art.invalidate(),
  });

  return (
    <ContentTab
      kind="art piece"
      title="Art"
      query={query}
      actions={actions}
      emptyTitle="No art pieces found. Create your first art piece to get started."
      itemName={(piece) => piece.title}
      renderList={(pieces, itemActions) => <ArtGrid pieces={pieces} actions={itemActions} />}
      renderForm={(props) => <ArtForm {...props} />}
    />
  );
}
