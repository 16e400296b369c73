import { Divider, NativeSelect, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BOOK_STATUS_LABELS, BOOK_STATUSES } from '../../../domain/books.js';
import { bookInputSchema, type Book, type BookInput } from '../../../domain/books.schema.js';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { FormShell } from '../forms/FormShell.js';
import { ImageField } from '../forms/ImageField.js';
import { fromBook, NEW_BOOK, toBookInput, type BookFormValues } from './book-form-values.js';
import { EditionsEditor } from './EditionsEditor.js';
import { LinksEditor } from './LinksEditor.js';

const STATUS_OPTIONS = BOOK_STATUSES.map((status) => ({ value: status, label: BOOK_STATUS_LABELS[status] }));

export function BookForm({ item, saving, onSave, onCancel }: ContentFormProps<Book, BookInput>) {
  const series = trpc.series.list.useQuery();
  const form = useForm<BookFormValues, (values: BookFormValues) => BookInput>({
    mode: 'controlled',
    initialValues: item ? fromBook(item) : NEW_BOOK(),
    validate: zodValidate(bookInputSchema, toBookInput),
    transformValues: toBookInput,
  });
  const seriesOptions = [
    { value: '', label: 'Standalone (no series)' },
    ...(series.data ?? []).map((entry) => ({ value: entry.id, label: entry.name })),
  ];

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Add a book'}
      submitLabel={item ? 'Save changes' : 'Create book'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(onSave)}
    >
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <TextInput
        label="Slug"
        description={`The book's address: /books/${form.values.slug || 'made-from-the-title'}. Blank: made from the title. After a change, the old address still leads here.`}
        autoComplete="off"
        {...form.getInputProps('slug')}
      />
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
          description="Optional; the lowest edition price replaces it"
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
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label="Series"
          description={series.isError ? 'The series could not be loaded' : 'The series this book belongs to'}
          data={seriesOptions}
          {...form.getInputProps('seriesId')}
        />
        <TextInput
          label="Number in the series"
          description="1, 2… or 2.5 for a novella; shown as “Book n”"
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('seriesNumber')}
        />
      </SimpleGrid>
      <Divider my="xs" />
      <EditionsEditor form={form} bookId={item?.id} />
      <Divider my="xs" />
      <Text fw={500} size="sm">
        Shops for every format
      </Text>
      <LinksEditor form={form} path="retailerLinks" links={form.getValues().retailerLinks} owner="Shop" />
    </FormShell>
  );
}
