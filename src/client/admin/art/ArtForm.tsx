import { NativeSelect, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ART_TYPE_LABELS, ART_TYPES, DEFAULT_ART_TYPE, type ArtType } from '../../../domain/art.js';
import { artPieceInputSchema, type ArtPiece, type ArtPieceInput } from '../../../domain/art.schema.js';
import { trpc } from '../../trpc.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { FormShell } from '../forms/FormShell.js';
import { ImageField } from '../forms/ImageField.js';

type ArtFormValues = {
  title: string;
  artist: string;
  type: ArtType;
  imageUrl: string;
  description: string;
  /** '' when the piece is about no one book. */
  bookId: string;
};

const toInput = (values: ArtFormValues): ArtPieceInput => ({ ...values, bookId: values.bookId || null });

const TYPE_OPTIONS = ART_TYPES.map((type) => ({ value: type, label: ART_TYPE_LABELS[type] }));

export function ArtForm({ item, saving, onSave, onCancel }: ContentFormProps<ArtPiece, ArtPieceInput>) {
  const form = useForm<ArtFormValues, (values: ArtFormValues) => ArtPieceInput>({
    mode: 'controlled',
    initialValues: item
      ? {
          title: item.title,
          artist: item.artist,
          type: item.type,
          imageUrl: item.imageUrl,
          description: item.description,
          bookId: item.bookId ?? '',
        }
      : { title: '', artist: '', type: DEFAULT_ART_TYPE, imageUrl: '', description: '', bookId: '' },
    validate: zodValidate(artPieceInputSchema, toInput),
    transformValues: toInput,
  });

  const books = trpc.books.list.useQuery();
  const bookOptions = [
    { value: '', label: 'No particular book' },
    ...(books.data ?? []).map((book) => ({ value: book.id, label: book.title })),
  ];

  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Add an art piece'}
      submitLabel={item ? 'Save changes' : 'Create art piece'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(onSave)}
    >
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <NativeSelect
        label="Book"
        description="Shown on this book's page as related art"
        data={bookOptions}
        {...form.getInputProps('bookId')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="Artist" withAsterisk autoComplete="off" {...form.getInputProps('artist')} />
        <Select
          size="md"
          label="Type"
          withAsterisk
          data={TYPE_OPTIONS}
          allowDeselect={false}
          checkIconPosition="right"
          {...form.getInputProps('type')}
        />
      </SimpleGrid>
      <ImageField label="Image" withAsterisk {...form.getInputProps('imageUrl')} />
      <Textarea
        label="Description"
        description="Optional"
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('description')}
      />
    </FormShell>
  );
}
