import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Book } from '../../../domain/books.schema.js';
import { plainTextToMarkdown } from '../../../domain/content-format.js';
import { DEFAULT_SPOILER_LEVEL, SPOILER_LEVELS, spoilerBadgeFor, type SpoilerLevel } from '../../../domain/excerpts.js';
import { excerptInputSchema, type Excerpt, type ExcerptInput } from '../../../domain/excerpts.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import type { ContentFormProps } from '../content/ContentTab.js';
import { draftKey } from '../editor/local-draft.js';
import { MarkdownEditor } from '../editor/MarkdownEditor.js';
import { RestoreDraftPrompt } from '../editor/RestoreDraftPrompt.js';
import { useLocalDraft } from '../editor/use-local-draft.js';
import { CommentsOffSwitch } from '../comments/CommentsOffSwitch.js';
import { FormShell } from '../forms/FormShell.js';

type ExcerptFormValues = {
  bookId: string;
  title: string;
  description: string;
  content: string;
  readTime: string;
  spoilerLevel: SpoilerLevel;
  /** Blank: made from the title (a new excerpt), kept (an edited one). */
  slug: string;
};

/** The admin always writes Markdown (a text of before Markdown was converted when it was opened). */
const toInput = (values: ExcerptFormValues): ExcerptInput => ({ ...values, contentFormat: 'markdown' });

const validateExcerpt = zodValidate(excerptInputSchema, toInput);

const SPOILER_OPTIONS = SPOILER_LEVELS.map((level) => ({ value: level, label: spoilerBadgeFor(level).label }));

export function ExcerptForm({
  item,
  saving,
  onSave,
  onCancel,
  books,
}: ContentFormProps<Excerpt, ExcerptInput> & { books: Book[] }) {
  const form = useForm<ExcerptFormValues, (values: ExcerptFormValues) => ExcerptInput>({
    mode: 'controlled',
    initialValues: item
      ? {
          bookId: item.bookId,
          title: item.title,
          description: item.description,
          content: item.contentFormat === 'plain' ? plainTextToMarkdown(item.content) : item.content,
          readTime: item.readTime,
          spoilerLevel: item.spoilerLevel,
          slug: item.slug,
        }
      : {
          bookId: books.length === 1 ? books[0]!.id : '',
          title: '',
          description: '',
          content: '',
          readTime: '',
          spoilerLevel: DEFAULT_SPOILER_LEVEL,
          slug: '',
        },
    validate: (values) => {
      const errors = validateExcerpt(values);
      // The schema's id rule says 'Id is required'; on this form the id is a choice of book.
      if (errors.bookId) errors.bookId = 'Please choose a book';
      return errors;
    },
    transformValues: toInput,
  });
  const draft = useLocalDraft(form, draftKey('excerpt', item?.id));

  const bookOptions = books.map((book) => ({ value: book.id, label: book.title }));
  const bookInput = form.getInputProps('bookId');

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
      {item && <CommentsOffSwitch targetKind="excerpt" targetId={item.id} />}
    </FormShell>
  );
}
