import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Book } from '../../../domain/books.schema.js';
import { excerptPreview, spoilerBadgeFor } from '../../../domain/excerpts.js';
import type { Excerpt } from '../../../domain/excerpts.schema.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';

export function ExcerptList<T extends Excerpt>({
  excerpts,
  books,
  actions,
}: {
  excerpts: T[];
  books: Book[];
  actions: ListItemActions<T>;
}) {
  const bookTitles = new Map(books.map((book) => [book.id, book.title]));
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Excerpts">
      {excerpts.map((excerpt) => {
        const spoiler = spoilerBadgeFor(excerpt.spoilerLevel);
        return (
          <Paper component="li" key={excerpt.id} withBorder radius="md" p="md" className={classes.listRow}>
            <Stack gap={6}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} className={classes.breakAnywhere}>
                  {excerpt.title}
                </Text>
                <Badge color={spoiler.color} variant="light" radius="sm">
                  {spoiler.label}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {bookTitles.get(excerpt.bookId) ?? 'Unknown book'} · {excerpt.readTime}
              </Text>
              <Text size="sm" className={classes.preview}>
                {excerptPreview(excerpt.content)}
              </Text>
              <ItemButtons item={excerpt} name={excerpt.title} actions={actions} />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
