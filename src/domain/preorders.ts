import type { BookStatus } from './books.js';
import type { EditionFormat } from './editions.js';
import { PREORDER_FORMAT_LABELS, type PreorderFormat } from './submissions.js';

/** What a preorder is, said wherever a reader places one and in the receipt. */
export const PREORDER_EXPLAINER = "A preorder reserves your copy: we'll email you when it's out; nothing is charged.";

/** A format a reader may ask for, with the price of that edition when it has one. */
export type PreorderOption = { format: PreorderFormat; label: string; price: string | null };

/** The formats offered for a book with no editions (the seed's three). */
const DEFAULT_FORMATS: readonly PreorderFormat[] = ['ebook', 'paperback', 'hardcover'];

type PreorderableBook = {
  status: BookStatus;
  price: string | null;
  editions: ReadonlyArray<{ format: EditionFormat; price: string | null }>;
};

/** A preorder is for a book not out yet; a published book is bought, not reserved. */
export const isOpenForPreorder = (book: { status: BookStatus }): boolean => book.status !== 'published';

/**
 * The book's own editions (one choice a format, with its price), or the three seed formats at
 * the book's price when it has no editions.
 */
export function preorderOptionsFor(book: PreorderableBook): PreorderOption[] {
  if (book.editions.length === 0)
    return DEFAULT_FORMATS.map((format) => ({ format, label: PREORDER_FORMAT_LABELS[format], price: book.price }));
  const options = new Map<PreorderFormat, PreorderOption>();
  for (const edition of book.editions) {
    const known = options.get(edition.format);
    if (!known)
      options.set(edition.format, {
        format: edition.format,
        label: PREORDER_FORMAT_LABELS[edition.format],
        price: edition.price,
      });
    else if (!known.price && edition.price) known.price = edition.price;
  }
  return [...options.values()];
}

/** "Hardcover — $27.99", or just the label when the edition has no price. */
export const preorderOptionLabel = (option: PreorderOption): string =>
  option.price ? `${option.label} — ${option.price}` : option.label;

/** Why a preorder of this format of this book is refused, or null when it may be placed. */
export function preorderRefusal(book: PreorderableBook & { title: string }, format: PreorderFormat): string | null {
  if (!isOpenForPreorder(book)) return `${book.title} is already published: buy it from its page`;
  if (!preorderOptionsFor(book).some((option) => option.format === format))
    return `${book.title} is not offered as ${PREORDER_FORMAT_LABELS[format].toLowerCase()}: choose one of its editions`;
  return null;
}
