import { useForm } from '@mantine/form';
import type { Book } from '../../../domain/books.schema.js';
import { plainTextToMarkdown } from '../../../domain/content-format.js';
import { DEFAULT_SPOILER_LEVEL, type SpoilerLevel } from '../../../domain/excerpts.js';
import { excerptInputSchema, type Excerpt, type ExcerptInput } from '../../../domain/excerpts.schema.js';
import { zodValidate } from '../../ui/zod-validate.js';
import { draftKey } from '../editor/local-draft.js';
import { useLocalDraft } from '../editor/use-local-draft.js';

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

/** The form's first values: the excerpt's (plain text turned to Markdown), or blanks with the only book chosen. */
function initialValues(item: Excerpt | null, books: Book[]): ExcerptFormValues {
  return item
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
      };
}

/** An excerpt form's fields, checked by the shared schema, and their local draft (restored or cleared on save). */
export function useExcerptForm(item: Excerpt | null, books: Book[]) {
  const form = useForm<ExcerptFormValues, (values: ExcerptFormValues) => ExcerptInput>({
    mode: 'controlled',
    initialValues: initialValues(item, books),
    validate: (values) => {
      const errors = validateExcerpt(values);
      // The schema's id rule says 'Id is required'; on this form the id is a choice of book.
      if (errors.bookId) errors.bookId = 'Please choose a book';
      return errors;
    },
    transformValues: toInput,
  });
  const draft = useLocalDraft(form, draftKey('excerpt', item?.id));
  return { form, draft };
}
