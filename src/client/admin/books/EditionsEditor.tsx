import { Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { ListEditorFieldset, RemoveRowButton, RowFieldLabel } from '../forms/ListEditorFieldset.js';
import { ListEditorFooter } from '../forms/ListEditorFooter.js';
import { EDITION_FORMAT_LABELS, EDITION_FORMATS, MAX_EDITIONS } from '../../../domain/editions.js';
import classes from '../admin.module.css';
import { newEditionRow, type BookFormApi } from './book-form-values.js';
import { EditionFiles } from './EditionFiles.js';
import { LinksEditor } from './LinksEditor.js';
import { SellDirect } from './SellDirect.js';

const FORMAT_OPTIONS = EDITION_FORMATS.map((format) => ({ value: format, label: EDITION_FORMAT_LABELS[format] }));

/**
 * One block per edition: format, ISBN, price, pages or length, release date and its shop links; a saved
 * book's ebook and audiobook editions also take their Sell direct settings and the files sold direct.
 */
export function EditionsEditor({ form, bookId }: { form: BookFormApi; bookId?: string | undefined }) {
  const editions = form.getValues().editions;
  const listError = form.errors.editions;

  return (
    <ListEditorFieldset
      legend="Editions"
      count={editions.length}
      emptyText="No editions yet. The book’s own price is shown until an edition has one."
      footer={
        <ListEditorFooter
          error={listError}
          addLabel="Add edition"
          onAdd={() => form.insertListItem('editions', newEditionRow())}
          full={editions.length >= MAX_EDITIONS}
        />
      }
    >
      {editions.map((edition, index) => {
        const n = index + 1;
        const field = (name: string) => <RowFieldLabel row={`Edition ${n}`} name={name} />;
        const formatLabel = EDITION_FORMAT_LABELS[edition.format];
        return (
          <li key={edition.key} className={classes.trackRow}>
            <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
              <Text size="sm" fw={600} c="dimmed">
                Edition {n}: {formatLabel}
              </Text>
              <RemoveRowButton label={`Remove edition ${n}`} onClick={() => form.removeListItem('editions', index)} />
            </Group>
            <Group gap="xs" align="flex-start" wrap="wrap">
              <NativeSelect
                label={field('Format')}
                size="sm"
                data={FORMAT_OPTIONS}
                style={{ flex: '1 1 130px' }}
                {...form.getInputProps(`editions.${index}.format`)}
              />
              <TextInput
                label={field('ISBN-13')}
                placeholder="978-…"
                size="sm"
                style={{ flex: '2 1 170px' }}
                autoComplete="off"
                {...form.getInputProps(`editions.${index}.isbn`)}
              />
              <TextInput
                label={field('Price')}
                placeholder="18.99"
                size="sm"
                style={{ flex: '1 1 90px' }}
                autoComplete="off"
                {...form.getInputProps(`editions.${index}.price`)}
              />
              {edition.format === 'audiobook' ? (
                <TextInput
                  label={field('Length')}
                  placeholder="11 h 40 min"
                  size="sm"
                  style={{ flex: '1 1 110px' }}
                  autoComplete="off"
                  {...form.getInputProps(`editions.${index}.audioLength`)}
                />
              ) : (
                <TextInput
                  label={field('Pages')}
                  inputMode="numeric"
                  size="sm"
                  style={{ flex: '1 1 80px' }}
                  autoComplete="off"
                  {...form.getInputProps(`editions.${index}.pageCount`)}
                />
              )}
              <TextInput
                label={field('Release date')}
                type="date"
                size="sm"
                style={{ flex: '1 1 150px' }}
                {...form.getInputProps(`editions.${index}.releaseDate`)}
              />
            </Group>
            <Text size="xs" fw={600} c="dimmed" mt="sm" mb={4}>
              Shops for this edition
            </Text>
            <LinksEditor
              form={form}
              path={`editions.${index}.links`}
              links={edition.links}
              owner={`Edition ${n} shop`}
            />
            {bookId && (edition.format === 'ebook' || edition.format === 'audiobook') && (
              <>
                <SellDirect bookId={bookId} editionFormat={edition.format} edition={`Edition ${n} (${formatLabel})`} />
                <EditionFiles bookId={bookId} editionFormat={edition.format} />
              </>
            )}
          </li>
        );
      })}
    </ListEditorFieldset>
  );
}
