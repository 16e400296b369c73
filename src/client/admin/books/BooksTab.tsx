import type { BookInput } from '../../../domain/books.schema.js';
import { trpc } from '../../trpc.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { BookForm } from './BookForm.js';
import { BookList } from './BookList.js';

export function BooksTab() {
  const utils = trpc.useUtils();
  const query = trpc.books.list.useQuery();
  const actions = useContentActions<BookInput>('book', {
    create: trpc.books.create.useMutation(),
    update: trpc.books.update.useMutation(),
    remove: trpc.books.delete.useMutation(),
    // Excerpts show their book's title, so they are refetched too.
    invalidate: () => Promise.all([utils.books.invalidate(), utils.excerpts.invalidate()]),
  });

  return (
    <ContentTab
      kind="book"
      title="Books"
      query={query}
      actions={actions}
      emptyTitle="No books yet. Add your first book to get started."
      itemName={(book) => book.title}
      renderList={(books, itemActions) => <BookList books={books} actions={itemActions} />}
      renderForm={(props) => <BookForm {...props} />}
    />
  );
}
