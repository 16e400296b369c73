import { ActionIcon, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Book } from '../../../domain/books.schema.js';
import { spoilerBadgeFor } from '../../../domain/excerpts.js';
import type { Excerpt } from '../../../domain/excerpts.schema.js';
import { groupExcerptsByBook } from '../../pages/excerpt-groups.js';
import { ArrowDownIcon, ArrowUpIcon } from '../../ui/icons.js';
import classes from '../admin.module.css';
import { ItemButtons } from '../books/BookList.js';
import type { ListItemActions } from '../content/ContentTab.js';
import type { ExcerptMoves } from './use-excerpt-moves.js';

/** Each book's excerpts in reading order, with buttons that move one a place up or down. */
/** An excerpt as the list answers it: with `preview`, its first words as plain text (made on the server). */
type ListedExcerpt = Excerpt & { preview: string };

export function ExcerptList<T extends ListedExcerpt>({
  excerpts,
  books,
  actions,
  moves,
}: {
  excerpts: T[];
  books: Book[];
  actions: ListItemActions<T>;
  moves: ExcerptMoves;
}) {
  const groups = groupExcerptsByBook(books, excerpts);
  const grouped = new Set(groups.flatMap((group) => group.excerpts.map((excerpt) => excerpt.id)));
  // Excerpts of a book the list has not loaded yet still show, under no heading.
  const orphans = excerpts.filter((excerpt) => !grouped.has(excerpt.id));
  return (
    <Stack gap="lg">
      <VisuallyHidden aria-live="polite" role="status">
        {moves.announcement}
      </VisuallyHidden>
      {groups.map(({ book, excerpts: own }) => (
        <section key={book.id} aria-labelledby={`excerpts-of-${book.id}`}>
          <Title order={3} size="h5" mb="xs" id={`excerpts-of-${book.id}`} className={classes.breakAnywhere}>
            {book.title}
          </Title>
          <ExcerptRows
            label={`Excerpts of ${book.title}`}
            excerpts={[...own].sort((a, b) => a.position - b.position || a.title.localeCompare(b.title))}
            bookTitle={book.title}
            actions={actions}
            moves={moves}
          />
        </section>
      ))}
      {orphans.length > 0 && (
        <ExcerptRows label="Excerpts" excerpts={orphans} bookTitle="Unknown book" actions={actions} moves={moves} />
      )}
    </Stack>
  );
}

function ExcerptRows<T extends ListedExcerpt>({
  label,
  excerpts,
  bookTitle,
  actions,
  moves,
}: {
  label: string;
  excerpts: T[];
  bookTitle: string;
  actions: ListItemActions<T>;
  moves: ExcerptMoves;
}) {
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {excerpts.map((excerpt, index) => {
        const spoiler = spoilerBadgeFor(excerpt.spoilerLevel);
        return (
          <Paper component="li" key={excerpt.id} withBorder radius="md" p="md" className={classes.listRow}>
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Stack gap={4} align="center">
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${excerpt.title} up`}
                  disabled={index === 0}
                  ref={moves.buttonRef(excerpt.id, 'up')}
                  onClick={() => moves.move(excerpt.id, 'up')}
                >
                  <ArrowUpIcon size={16} />
                </ActionIcon>
                <Text size="sm" fw={600} aria-hidden="true">
                  {index + 1}
                </Text>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={`Move ${excerpt.title} down`}
                  disabled={index === excerpts.length - 1}
                  ref={moves.buttonRef(excerpt.id, 'down')}
                  onClick={() => moves.move(excerpt.id, 'down')}
                >
                  <ArrowDownIcon size={16} />
                </ActionIcon>
              </Stack>
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} className={classes.breakAnywhere}>
                    {excerpt.title}
                  </Text>
                  <Badge color={spoiler.color} variant="light" radius="sm">
                    {spoiler.label}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {bookTitle} · {excerpt.readTime} · Position {index + 1} of {excerpts.length}
                </Text>
                <Text size="sm" className={classes.preview}>
                  {excerpt.preview}
                </Text>
                <ItemButtons item={excerpt} name={excerpt.title} actions={actions} />
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
