import { z } from 'zod';
import { BOOK_STATUSES, MAX_BOOK_ORDER } from './books.js';
import {
  EDITION_FORMATS,
  EDITION_PRICE_MESSAGE,
  lowestEditionPrice,
  MAX_EDITIONS,
  MAX_PAGE_COUNT,
  ONE_CURRENCY_MESSAGE,
  parseEditionPrice,
  normalizeEditionPrice,
} from './editions.js';
import { enumField, optionalText, requiredText } from './fields.schema.js';
import { coverImageSchema } from './images.schema.js';
import { isValidIsbn13, normalizeIsbn } from './isbn.js';
import { TEXT_LIMITS } from './limits.js';
import { HTTPS_LINK_MESSAGE, isHttpsUrl, LINK_LABEL_MESSAGE, MAX_RETAILER_LINKS, shopForUrl } from './retailers.js';
import { hasOneDecimalAtMost, MAX_SERIES_NUMBER } from './series.js';
import type { Series } from './series.schema.js';
import { looksLikeId, MAX_SLUG_LENGTH, SLUG_LOOKS_LIKE_ID, SLUG_MESSAGE, SLUG_PATTERN } from './slugs.js';

export const ISBN_MESSAGE = 'ISBN must be a valid ISBN-13 (13 digits starting 978 or 979, with its check digit)';
const RELEASE_DATE_MESSAGE = 'Release date must be a date like 2026-10-31';
const SERIES_NUMBER_RANGE = `Series number must be greater than 0 and at most ${MAX_SERIES_NUMBER}`;
export const SERIES_NUMBER_REQUIRED = 'A book in a series needs its number in the series';
export const SERIES_REQUIRED = 'Choose the series this number belongs to';

/** A shop link: https only; a known shop's name is the label when none is given. */
const retailerLinkSchema = z
  .object({
    label: optionalText('Shop name', TEXT_LIMITS.trackField),
    url: requiredText('Shop link', TEXT_LIMITS.url).refine(isHttpsUrl, HTTPS_LINK_MESSAGE),
  })
  .transform(({ label, url }) => ({ label: label ?? shopForUrl(url)?.name ?? '', url }))
  .refine((link) => link.label !== '', { message: LINK_LABEL_MESSAGE, path: ['label'] });
export type RetailerLink = z.output<typeof retailerLinkSchema>;

function linkList(owner: string) {
  return z
    .array(retailerLinkSchema, { error: `${owner} shop links must be a list` })
    .max(MAX_RETAILER_LINKS, `${owner} has at most ${MAX_RETAILER_LINKS} shop links`)
    .nullish()
    .transform((links) => links ?? []);
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

const editionSchema = z.object({
  format: enumField('Edition format', EDITION_FORMATS),
  isbn: optionalText('ISBN', 24)
    .transform((isbn) => (isbn === null ? null : normalizeIsbn(isbn)))
    .refine((isbn) => isbn === null || isValidIsbn13(isbn), ISBN_MESSAGE),
  price: optionalText('Edition price', TEXT_LIMITS.price).refine(
    (price) => price === null || parseEditionPrice(normalizeEditionPrice(price)) !== null,
    EDITION_PRICE_MESSAGE,
  ),
  pageCount: z
    .number({ error: 'Page count must be a whole number' })
    .int('Page count must be a whole number')
    .min(1, `Page count must be between 1 and ${MAX_PAGE_COUNT}`)
    .max(MAX_PAGE_COUNT, `Page count must be between 1 and ${MAX_PAGE_COUNT}`)
    .nullish()
    .transform((count) => count ?? null),
  /** An audiobook's running time as text, e.g. "11 h 40 min". */
  audioLength: optionalText('Audiobook length', 40),
  releaseDate: optionalText('Release date', 10).refine(
    (date) => date === null || isCalendarDate(date),
    RELEASE_DATE_MESSAGE,
  ),
  links: linkList('An edition'),
});
export type EditionInput = z.input<typeof editionSchema>;
export type Edition = z.output<typeof editionSchema>;

/** An amount typed without a symbol takes the currency the book's other editions use (else dollars). */
function withCurrencies(editions: Edition[]): Edition[] {
  const typed = editions.flatMap((edition) => {
    const parsed = edition.price ? parseEditionPrice(edition.price) : null;
    return parsed ? [parsed.currency] : [];
  });
  return editions.map((edition) =>
    edition.price ? { ...edition, price: normalizeEditionPrice(edition.price, typed[0]) } : edition,
  );
}

const editionsSchema = z
  .array(editionSchema, { error: 'Editions must be a list' })
  .max(MAX_EDITIONS, `A book has at most ${MAX_EDITIONS} editions`)
  .nullish()
  .transform((editions) => withCurrencies(editions ?? []))
  .refine(
    (editions) =>
      new Set(editions.flatMap((edition) => (edition.price ? [parseEditionPrice(edition.price)?.currency] : [])))
        .size <= 1,
    ONE_CURRENCY_MESSAGE,
  )
  .refine((editions) => {
    const isbns = editions.flatMap((edition) => (edition.isbn ? [edition.isbn] : []));
    return new Set(isbns).size === isbns.length;
  }, 'Each edition needs its own ISBN');

export const bookInputSchema = z
  .object({
    title: requiredText('Title', TEXT_LIMITS.title),
    description: requiredText('Description', TEXT_LIMITS.description),
    coverImage: coverImageSchema,
    status: enumField('Status', BOOK_STATUSES),
    /** Replaced by the lowest edition price when an edition has one (see the transform below). */
    price: optionalText('Price', TEXT_LIMITS.price),
    order: z
      .number({ error: 'Order must be a whole number' })
      .int('Order must be a whole number')
      .min(-MAX_BOOK_ORDER, `Order must be between -${MAX_BOOK_ORDER} and ${MAX_BOOK_ORDER}`)
      .max(MAX_BOOK_ORDER, `Order must be between -${MAX_BOOK_ORDER} and ${MAX_BOOK_ORDER}`),
    /** Blank: made from the title on create, kept as it was on update. */
    slug: optionalText('Slug', MAX_SLUG_LENGTH)
      .refine((slug) => slug === null || SLUG_PATTERN.test(slug), SLUG_MESSAGE)
      .refine((slug) => slug === null || !looksLikeId(slug), SLUG_LOOKS_LIKE_ID),
    /** Blank: a standalone book. */
    seriesId: optionalText('Series', 100),
    seriesNumber: z
      .number({ error: 'Series number must be a number' })
      .positive(SERIES_NUMBER_RANGE)
      .max(MAX_SERIES_NUMBER, SERIES_NUMBER_RANGE)
      .refine(hasOneDecimalAtMost, 'Series number has at most one decimal, e.g. 2.5')
      .nullish()
      .transform((value) => value ?? null),
    editions: editionsSchema,
    retailerLinks: linkList('A book'),
  })
  .refine((book) => book.seriesId === null || book.seriesNumber !== null, {
    message: SERIES_NUMBER_REQUIRED,
    path: ['seriesNumber'],
  })
  .refine((book) => book.seriesId !== null || book.seriesNumber === null, {
    message: SERIES_REQUIRED,
    path: ['seriesId'],
  })
  // The price readers see is the cheapest edition's; a stored book then reads back as it was written.
  .transform((book) => ({ ...book, price: lowestEditionPrice(book.editions) ?? book.price }));
export type BookInput = z.input<typeof bookInputSchema>;
export type BookData = z.output<typeof bookInputSchema>;

/** A book as read: its slug is always set, and its series is named. */
export type Book = Omit<BookData, 'slug'> & {
  id: string;
  slug: string;
  series: { id: string; name: string } | null;
  /** In the public book data: the signed tag of the book's shop links (see shopLinkPath). */
  shopTag?: string;
};

/** A book on its own page: its series with the description and reading-order note too. */
export type BookWithSeries<B extends Book = Book> = Omit<B, 'series'> & { series: Series | null };
