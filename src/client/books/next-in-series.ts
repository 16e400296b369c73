type SeriesBook = { id: string; seriesId: string | null; seriesNumber: number | null };

/** The book with the next higher number in the same series (2.5 comes between 2 and 3). */
export function nextInSeries<B extends SeriesBook>(book: SeriesBook, books: readonly B[]): B | null {
  if (book.seriesId === null || book.seriesNumber === null) return null;
  let next: B | null = null;
  for (const candidate of books) {
    if (candidate.seriesId !== book.seriesId || candidate.seriesNumber === null) continue;
    if (candidate.seriesNumber <= book.seriesNumber) continue;
    if (!next || candidate.seriesNumber < (next.seriesNumber ?? Infinity)) next = candidate;
  }
  return next;
}
