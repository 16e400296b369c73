import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { DEFAULT_BOOK_ORDER, parseOrderInput, type BookStatus } from '../../../domain/books.js';
import type { Book, BookInput } from '../../../domain/books.schema.js';
import type { EditionFormat } from '../../../domain/editions.js';

/** One editable shop link; `key` keeps React rows stable while rows are added and removed. */
export type LinkRow = { key: string; label: string; url: string };

export type EditionRow = {
  key: string;
  format: EditionFormat;
  isbn: string;
  price: string;
  /** The page-count box's text. */
  pageCount: string;
  audioLength: string;
  releaseDate: string;
  links: LinkRow[];
};

export type BookFormValues = {
  title: string;
  description: string;
  coverImage: string;
  status: BookStatus;
  price: string;
  /** The order box's text; parseOrderInput makes it an integer (0 when not numeric). */
  order: string;
  slug: string;
  /** '' for a standalone book. */
  seriesId: string;
  /** The number box's text: blank is no number, anything else must read as a number. */
  seriesNumber: string;
  editions: EditionRow[];
  retailerLinks: LinkRow[];
};

export type BookFormApi = UseFormReturnType<BookFormValues, (values: BookFormValues) => BookInput>;

export const newLinkRow = (): LinkRow => ({ key: randomId(), label: '', url: '' });

export const newEditionRow = (): EditionRow => ({
  key: randomId(),
  format: 'hardcover',
  isbn: '',
  price: '',
  pageCount: '',
  audioLength: '',
  releaseDate: '',
  links: [],
});

export const NEW_BOOK = (): BookFormValues => ({
  title: '',
  description: '',
  coverImage: '',
  status: 'published',
  price: '',
  order: String(DEFAULT_BOOK_ORDER),
  slug: '',
  seriesId: '',
  seriesNumber: '',
  editions: [],
  retailerLinks: [],
});

const linkRows = (links: ReadonlyArray<{ label: string; url: string }>): LinkRow[] =>
  links.map((link) => ({ ...newLinkRow(), label: link.label, url: link.url }));

export const fromBook = (book: Book): BookFormValues => ({
  title: book.title,
  description: book.description,
  coverImage: book.coverImage,
  status: book.status,
  price: book.price ?? '',
  order: String(book.order),
  slug: book.slug,
  seriesId: book.seriesId ?? '',
  seriesNumber: book.seriesNumber === null ? '' : String(book.seriesNumber),
  editions: book.editions.map((edition) => ({
    key: randomId(),
    format: edition.format,
    isbn: edition.isbn ?? '',
    price: edition.price ?? '',
    pageCount: edition.pageCount === null ? '' : String(edition.pageCount),
    audioLength: edition.audioLength ?? '',
    releaseDate: edition.releaseDate ?? '',
    links: linkRows(edition.links),
  })),
  retailerLinks: linkRows(book.retailerLinks),
});

/** Blank is "none"; other text must read as a number (NaN fails the schema with its message). */
const numberOrNull = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim()));

const toLinks = (rows: LinkRow[]) => rows.map(({ label, url }) => ({ label, url }));

export const toBookInput = (values: BookFormValues): BookInput => ({
  title: values.title,
  description: values.description,
  coverImage: values.coverImage,
  status: values.status,
  price: values.price,
  order: parseOrderInput(values.order),
  slug: values.slug,
  seriesId: values.seriesId || null,
  seriesNumber: numberOrNull(values.seriesNumber),
  editions: values.editions.map(({ key: _key, pageCount, links, ...edition }) => ({
    ...edition,
    pageCount: numberOrNull(pageCount),
    links: toLinks(links),
  })),
  retailerLinks: toLinks(values.retailerLinks),
});
