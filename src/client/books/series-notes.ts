type SeriesTexts = { id: string; name: string; description: string; readingOrderNote: string };

/**
 * The series the listed books belong to, in the order their first book is listed, that have a description
 * or a reading-order note to show. When none of them has a note, the first one shows `fallbackNote`
 * (the site's own advice), so the page always says in what order to read.
 */
export function seriesNotes<S extends SeriesTexts>(
  books: readonly { seriesId: string | null }[],
  series: readonly S[],
  fallbackNote: string,
): S[] {
  const byId = new Map(series.map((entry) => [entry.id, entry]));
  const listed = [...new Set(books.map((book) => book.seriesId))]
    .map((id) => (id === null ? undefined : byId.get(id)))
    .filter((entry): entry is S => entry !== undefined && (entry.description !== '' || entry.readingOrderNote !== ''));
  if (listed.some((entry) => entry.readingOrderNote !== '')) return listed;
  const [first, ...rest] = listed;
  return first ? [{ ...first, readingOrderNote: fallbackNote }, ...rest] : [];
}
