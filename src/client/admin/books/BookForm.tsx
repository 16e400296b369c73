import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  BOOK_STATUS_LABELS,
  BOOK_STATUSES,
  DEFAULT_BOOK_ORDER,
  parseOrderInput,
  type BookStatus,
} from '../../../domain/books.js';
import { bookInputSchema, type Book, type BookInput } from '../../../domain/books.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { FormShell } from '../forms/FormShell.js';
import { ImageField } from '../forms/ImageField.js';

type BookFormValues = {
  title: string;
  description: string;
  coverImage: string;
  status: BookStatus;
  price: string;
  /** The order box's text; parseOrderInput makes it an integer (0 when not numeric). */
  order: string;
};

const NEW_BOOK: BookFormValues = {
  title: '',
  description: '',
  coverImage: '',
  status: 'published',
  price: '',
  order: String(DEFAULT_BOOK_ORDER),
};

const fromBook = (book: Book): BookFormValues => ({
  title: book.title,
  description: book.description,
  coverImage: book.coverImage,
  status: book.status,
  price: book.price ?? '',
  order: String(book.order),
});

const toBookInput = (values: BookFormValues): BookInput => ({ ...values, order: parseOrderInput(values.order) });

const STATUS_OPTIONS = BOOK_STATUSES.map((status) => ({ value: status, label: BOOK_STATUS_LABELS[status] }));

export function BookForm({ item, saving, onSave, onCancel }: ContentFormProps<Book, BookInput>) {
  const form = useForm<BookFormValues, (values: BookFormValues) => BookInput>({
    mode: 'controlled',
    initialValues: item ? fromBook(item) : NEW_BOOK,
    validate: zodValidate(bookInputSchema, toBookInput),
    transformValues: toBookInput,
  });

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Add a book'}
      submitLabel={item ? 'Save changes' : 'Create book'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(onSave)}
    >
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={4}
        maxRows={12}
        {...form.getInputProps('description')}
      />
      <ImageField label="Cover image" withAsterisk {...form.getInputProps('coverImage')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <Select
          size="md"
          label="Status"
          description="Sets the buy button"
          withAsterisk
          data={STATUS_OPTIONS}
          allowDeselect={false}
          checkIconPosition="right"
          {...form.getInputProps('status')}
        />
        <TextInput
          label="Price"
          placeholder="$19.99"
          description="Optional"
          autoComplete="off"
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Display order"
          description="Lower numbers come first"
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('order')}
        />
      </SimpleGrid>
    </FormShell>
  );
}
