import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { seriesInputSchema, type Series, type SeriesInput } from '../../../domain/series.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { FormShell } from '../forms/FormShell.js';

type SeriesFormValues = { name: string; description: string; readingOrderNote: string };

const toInput = (values: SeriesFormValues): SeriesInput => values;

export function SeriesForm({ item, saving, onSave, onCancel }: ContentFormProps<Series, SeriesInput>) {
  const form = useForm<SeriesFormValues, (values: SeriesFormValues) => SeriesInput>({
    mode: 'controlled',
    initialValues: {
      name: item?.name ?? '',
      description: item?.description ?? '',
      readingOrderNote: item?.readingOrderNote ?? '',
    },
    validate: zodValidate(seriesInputSchema, toInput),
    transformValues: toInput,
  });

  return (
    <FormShell
      title={item ? `Edit “${item.name}”` : 'Add a series'}
      submitLabel={item ? 'Save changes' : 'Create series'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(onSave)}
    >
      <TextInput label="Name" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
      <Textarea
        label="Description"
        description="Optional; what the series is about, shown on /books and on each of its books’ pages"
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('description')}
      />
      <Textarea
        label="Reading-order note"
        description="Optional; shown on /books and on each of its books’ pages, e.g. “Start with Book 1; the novellas can be read any time after Book 2.”"
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('readingOrderNote')}
      />
    </FormShell>
  );
}
