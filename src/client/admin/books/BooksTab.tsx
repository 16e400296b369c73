import type { BookInput } from '../../../domain/books.schema.js';
import { useState } from 'react';
import { trpc } from '../../trpc.js';
import { NotifyPreordersDialog } from '../submissions/PreorderNotices.js';
import { ContentTab } from '../content/ContentTab.js';
import { useContentActions } from '../content/use-content-actions.js';
import { BookForm } from './BookForm.js';
import { BookList } from './BookList.js';

export function BooksTab() {
  const utils = trpc.useUtils();
  const query = trpc.books.list.useQuery();
  const [notifyOffer, setNotifyOffer] = useState<{ bookId: string; title: string; waiting: number } | null>(null);
  // A book saved as published with preorders waiting: offer to tell those readers at once.
  const offerNotices = async (book: { id: string; status: string }) => {
    if (book.status !== 'published') return;
    const waiting = (await utils.mail.preorderNotices.fetch(undefined, { staleTime: 0 })).find(
      (candidate) => candidate.bookId === book.id,
    );
    if (waiting && waiting.waiting > 0) setNotifyOffer(waiting);
  };
  const actions = useContentActions<BookInput>('book', {
    create: trpc.books.create.useMutation(),
    update: trpc.books.update.useMutation({ onSuccess: (book) => void offerNotices(book).catch(() => undefined) }),
    remove: trpc.books.delete.useMutation(),
    // Excerpts show their book's title, so they are refetched too.
    // The Preorders tab's notice panel follows a book's status without a reload.
    invalidate: () =>
      Promise.all([utils.books.invalidate(), utils.excerpts.invalidate(), utils.mail.preorderNotices.invalidate()]),
  });

  return (
    <>
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
      <NotifyPreordersDialog candidate={notifyOffer} onClose={() => setNotifyOffer(null)} />
    </>
  );
}
