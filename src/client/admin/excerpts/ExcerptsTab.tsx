import { Alert } from '@mantine/core';
import type { ExcerptInput } from '../../../domain/excerpts.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { ExcerptForm } from './ExcerptForm.js';
import { ExcerptList } from './ExcerptList.js';
import { useExcerptMoves } from './use-excerpt-moves.js';

export function ExcerptsTab() {
  const utils = trpc.useUtils();
  const query = trpc.excerpts.list.useQuery();
  const booksQuery = trpc.books.list.useQuery();
  const books = booksQuery.data ?? [];
  const actions = useContentActions<ExcerptInput>('excerpt', {
    create: trpc.excerpts.create.useMutation(),
    update: trpc.excerpts.update.useMutation(),
    remove: trpc.excerpts.delete.useMutation(),
    invalidate: () => utils.excerpts.invalidate(),
  });
  const noBooks = booksQuery.isSuccess && books.length === 0;
  const moves = useExcerptMoves((id) => query.data?.find((excerpt) => excerpt.id === id)?.title ?? 'The excerpt');

  return (
    <ContentTab
      kind="excerpt"
      title="Excerpts"
      query={query}
      actions={actions}
      canAdd={!noBooks}
      notice={
        noBooks ? (
          <Alert variant="light" color="yellow" mb="md" title="Add a book first">
            Every excerpt belongs to a book. Create a book in the Books tab, then come back to add its excerpts.
          </Alert>
        ) : null
      }
      emptyTitle="No excerpts found. Create your first excerpt to get started."
      itemName={(excerpt) => excerpt.title}
      renderList={(excerpts, itemActions) => (
        <ExcerptList excerpts={excerpts} books={books} actions={itemActions} moves={moves} />
      )}
      renderForm={(props) => <ExcerptForm {...props} books={books} />}
    />
  );
}
