/** Excerpts grouped under their book, books in display order, empty books skipped. */
export function groupExcerptsByBook<B extends { id: string; order: number }, E extends { bookId: string }>(
  books: readonly B[],
  excerpts: readonly E[],
): { book: B; excerpts: E[] }[] {
  const byBook = new Map<string, E[]>();
  for (const excerpt of excerpts) {
    const list = byBook.get(excerpt.bookId);
    if (list) list.push(excerpt);
    else byBook.set(excerpt.bookId, [excerpt]);
  }
  return [...books]
    .sort((a, b) => a.order - b.order)
    .flatMap((book) => {
      const list = byBook.get(book.id);
      return list ? [{ book, excerpts: list }] : [];
    });
}
