import { Select } from '@mantine/core';
import { EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { trpc } from '../../trpc.js';

const encode = (audience: Audience): string =>
  audience.kind === 'series'
    ? `series:${audience.seriesId}`
    : audience.kind === 'preordered'
      ? `preordered:${audience.bookId}`
      : audience.kind;

function decode(value: string | null): Audience {
  if (!value || value === 'everyone') return EVERYONE;
  if (value === 'new-releases') return { kind: 'new-releases' };
  const [kind, id = ''] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  return kind === 'series' ? { kind: 'series', seriesId: id } : { kind: 'preordered', bookId: id };
}

/** Who the issue goes to: everyone, a series' readers, new-release readers, or a book's preorder customers. */
export function AudiencePicker({ value, onChange }: { value: Audience; onChange: (audience: Audience) => void }) {
  const series = trpc.series.list.useQuery();
  const books = trpc.books.list.useQuery();
  const data = [
    { group: 'Everyone', items: [{ value: 'everyone', label: 'Every subscriber' }] },
    {
      group: 'Readers who chose',
      items: [
        ...(series.data ?? []).map((entry) => ({ value: `series:${entry.id}`, label: `Readers of ${entry.name}` })),
        { value: 'new-releases', label: 'New releases' },
      ],
    },
    {
      group: 'Preorder customers (an update about their preorder)',
      items: (books.data ?? []).map((book) => ({ value: `preordered:${book.id}`, label: `Preordered ${book.title}` })),
    },
  ];
  return (
    <Select
      label="Send to"
      description="A group of readers also includes those who chose “Everything” or made no choice. “Preordered…” writes to that book’s preorder customers, subscribed or not."
      data={data}
      value={encode(value)}
      onChange={(next) => onChange(decode(next))}
      allowDeselect={false}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
