import type { SeriesInput } from '../../../domain/series.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { SeriesForm } from './SeriesForm.js';
import { booksOfSeries, SeriesList } from './SeriesList.js';

/** Deleting a series keeps its books: they become standalone, and the dialog says which. */
function standaloneNote(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? 'Its 1 book stays on the site as a standalone book, without a series number.'
    : `Its ${count} books stay on the site as standalone books, without series numbers.`;
}

export function SeriesTab() {
  const utils = trpc.useUtils();
  const query = trpc.series.list.useQuery();
  const books = trpc.books.list.useQuery().data ?? [];
  const actions = useContentActions<SeriesInput>('series', {
    create: trpc.series.create.useMutation(),
    update: trpc.series.update.useMutation(),
    remove: trpc.series.delete.useMutation(),
    // Books carry their series' name and number, so they are refetched too.
    invalidate: () => Promise.all([utils.series.invalidate(), utils.books.invalidate()]),
  });

  return (
    <ContentTab
      kind="series"
      title="Series"
      query={query}
      actions={actions}
      emptyTitle="No series yet. Add one, then choose it in a book's form."
      itemName={(series) => series.name}
      deleteNote={(series) => standaloneNote(booksOfSeries(series, books).length)}
      renderList={(series, itemActions) => <SeriesList series={series} books={books} actions={itemActions} />}
      renderForm={(props) => <SeriesForm {...props} />}
    />
  );
}
