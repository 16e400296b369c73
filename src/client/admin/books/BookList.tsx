import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ContentViews } from '../overview/ContentViews.js';
import { BOOK_STATUS_LABELS, type BookStatus } from '../../../domain/books.js';
import type { Book } from '../../../domain/books.schema.js';
import classes from '../admin.module.css';
import type { ListItemActions } from '../content/ContentTab.js';
import { EditIcon, TrashIcon } from '../../ui/icons.js';

/** Published shows the default (filled) badge, the other statuses a secondary (light) one. */
function BookStatusBadge({ status }: { status: BookStatus }) {
  return (
    <Badge
      variant={status === 'published' ? 'filled' : 'light'}
      color={status === 'published' ? undefined : 'gray'}
      radius="sm"
    >
      {BOOK_STATUS_LABELS[status]}
    </Badge>
  );
}

export function ItemButtons<T>({ item, name, actions }: { item: T; name: string; actions: ListItemActions<T> }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<EditIcon size={14} />}
        onClick={() => actions.edit(item)}
        aria-label={`Edit ${name}`}
      >
        Edit
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        leftSection={<TrashIcon size={14} />}
        onClick={() => actions.remove(item)}
        aria-label={`Delete ${name}`}
      >
        Delete
      </Button>
    </Group>
  );
}

export function BookList({ books, actions }: { books: Book[]; actions: ListItemActions<Book> }) {
  const shown = books.map((book) => book.id);
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Books">
      {books.map((book) => (
        <Paper component="li" key={book.id} withBorder radius="md" p="sm" className={classes.listRow}>
          <Group align="flex-start" wrap="nowrap" gap="md">
            <img src={book.coverImage} alt="" className={classes.thumb} loading="lazy" />
            <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs" wrap="wrap">
                <Text fw={600} className={classes.breakAnywhere}>
                  {book.title}
                </Text>
                <BookStatusBadge status={book.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {[book.price, `Order ${book.order}`].filter(Boolean).join(' · ')}
              </Text>
              <Text size="sm" lineClamp={2} className={classes.breakAnywhere}>
                {book.description}
              </Text>
              <ContentViews kind="books" id={book.id} shown={shown} />
              <ItemButtons item={book} name={book.title} actions={actions} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
