import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { Book } from '../../../domain/books.schema.js';
import { SPOILER_LEVELS, spoilerBadgeFor } from '../../../domain/excerpts.js';
import type { Excerpt, ExcerptInput } from '../../../domain/excerpts.schema.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { RestoreDraftPrompt } from '../editor/RestoreDraftPrompt.js';
import { CommentsOffSwitch } from '../comments/CommentsOffSwitch.js';
import { FormShell } from '../forms/FormShell.js';
import { useExcerptForm } from './use-excerpt-form.js';

type ExcerptFormApi = ReturnType<typeof useExcerptForm>['form'];

const SPOILER_OPTIONS = SPOILER_LEVELS.map((level) => ({ value: level, label: spoilerBadgeFor(level).label }));

/** The book the excerpt is from: a required choice, searchable when there are many. */
function BookSelect({ form, books }: { form: ExcerptFormApi; books: Book[] }) {
  const bookOptions = books.map((book) => ({ value: book.id, label: book.title }));
  const bookInput = form.getInputProps('bookId');
  return (
    <Select
      size="md"
      label="Book"
      withAsterisk
      placeholder="Choose a book"
      data={bookOptions}
      allowDeselect={false}
      searchable={books.length > 8}
      nothingFoundMessage="No books"
      checkIconPosition="right"
      {...bookInput}
      value={bookInput.value || null}
      onChange={(value) => form.setFieldValue('bookId', value ?? '')}
    />
  );
}

/** Read time and spoiler level, side by side. */
function ReadingFields({ form }: { form: ExcerptFormApi }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput
        label="Read time"
        placeholder="5 min read"
        withAsterisk
        autoComplete="off"
        {...form.getInputProps('readTime')}
      />
      <Select
        size="md"
        label="Spoiler level"
        withAsterisk
        data={SPOILER_OPTIONS}
        allowDeselect={false}
        checkIconPosition="right"
        {...form.getInputProps('spoilerLevel')}
      />
    </SimpleGrid>
  );
}

export function ExcerptForm({
  item,
  saving,
  onSave,
  onCancel,
  books,
}: ContentFormProps<Excerpt, ExcerptInput> & { books: Book[] }) {
  const { form, draft } = useExcerptForm(item, books);
  return (
    <FormShell
      title={item ? `Edit “${item.title}”` : 'Add an excerpt'}
      submitLabel={item ? 'Save changes' : 'Create excerpt'}
      saving={saving}
      onCancel={onCancel}
      onSubmit={form.onSubmit(async (data) => {
        if (await onSave(data)) draft.clear();
      })}
    >
      <RestoreDraftPrompt draft={draft} />
      <BookSelect form={form} books={books} />
      <TextInput label="Title" withAsterisk autoComplete="off" {...form.getInputProps('title')} />
      <TextInput
        label="Slug"
        description="The excerpt's address, /excerpts/<slug>. Blank: made from the title. An edited slug keeps the old address leading here."
        autoComplete="off"
        spellCheck={false}
        {...form.getInputProps('slug')}
      />
      <Textarea
        label="Description"
        withAsterisk
        autosize
        minRows={2}
        maxRows={6}
        {...form.getInputProps('description')}
      />
      <MarkdownEditor label="Content" required {...form.getInputProps('content')} />
      <ReadingFields form={form} />
      {item && <CommentsOffSwitch targetKind="excerpt" targetId={item.id} />}
    </FormShell>
  );
}
