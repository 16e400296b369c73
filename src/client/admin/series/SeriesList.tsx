import { Paper, Stack, Text } from '@mantine/core';
import type { Book } from '../../../domain/books.schema.js';
import { seriesNumberLabel } from '../../../domain/series.js';
import type { Series } from '../../../domain/series.schema.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';

/** The books of a series in reading order, e.g. "Book 1: The Ashwarden". */
export function booksOfSeries(series: Series, books: readonly Book[]): Book[] {
  return books
    .filter((book) => book.seriesId === series.id)
    .sort((a, b) => (a.seriesNumber ?? Infinity) - (b.seriesNumber ?? Infinity));
}

export function SeriesList({
  series,
  books,
  actions,
}: {
  series: Series[];
  books: Book[];
  actions: ListItemActions<Series>;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Series">
      {series.map((entry) => {
        const own = booksOfSeries(entry, books);
        return (
          <Paper component="li" key={entry.id} withBorder radius="md" p="md" className={classes.listRow}>
            <Stack gap={6}>
              <Text fw={600} className={classes.breakAnywhere}>
                {entry.name}
              </Text>
              <Text size="sm" c="dimmed">
                {own.length === 0
                  ? 'No books yet'
                  : own
                      .map((book) => `${seriesNumberLabel(book.seriesNumber) ?? 'Unnumbered'}: ${book.title}`)
                      .join(' · ')}
              </Text>
              {entry.description && (
                <Text size="sm" lineClamp={2} className={classes.breakAnywhere}>
                  {entry.description}
                </Text>
              )}
              {entry.readingOrderNote && (
                <Text size="sm" fs="italic" lineClamp={2} className={classes.breakAnywhere}>
                  Reading order: {entry.readingOrderNote}
                </Text>
              )}
              <ItemButtons item={entry} name={entry.name} actions={actions} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
