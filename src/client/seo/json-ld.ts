import { blogCategoryLabel } from '../../domain/blog.js';
import type { BookStatus } from '../../domain/books.js';
import { CURRENCY_CODES, parseEditionPrice, type EditionFormat } from '../../domain/editions.js';
import type { RouterOutputs } from '../trpc.js';
import type { JsonLd } from './head.js';
import { absoluteUrl, AUTHOR_NAME, SITE_DESCRIPTION, SITE_NAME } from './site.js';
import { structuredDataImage } from './social-image.js';
import { blogPostPath, excerptPath } from '../../domain/content-links.js';

type Book = RouterOutputs['books']['byId'];
type Excerpt = RouterOutputs['excerpts']['byId'];
/** What a post's structured data reads: any published post, with or without its Markdown source. */
type BlogPost = Omit<RouterOutputs['blog']['byId'], 'content'>;

const CONTEXT = 'https://schema.org';

function personLd(origin: string, extra: { image?: string; description?: string } = {}): JsonLd {
  return {
    '@type': 'Person',
    '@id': `${origin}/about#author`,
    name: AUTHOR_NAME,
    url: `${origin}/about`,
    jobTitle: 'Author',
    ...(extra.description ? { description: extra.description } : {}),
    ...(extra.image ? { image: absoluteUrl(origin, extra.image) } : {}),
  };
}

function authorRef(origin: string): JsonLd {
  return { '@type': 'Person', '@id': `${origin}/about#author`, name: AUTHOR_NAME, url: `${origin}/about` };
}

/** "$18.99" -> { price: '18.99', currency: 'USD' }; null when the text is not a plain price. */
function parsePrice(text: string | null): { price: string; currency: string } | null {
  if (!text) return null;
  const match = /^\s*(\$|€|£|USD|EUR|GBP)?\s*(\d+(?:[.,]\d{1,2})?)\s*(USD|EUR|GBP)?\s*$/i.exec(text);
  if (!match) return null;
  const symbol = (match[1] ?? match[3] ?? '$').toUpperCase();
  const currency = symbol === '€' || symbol === 'EUR' ? 'EUR' : symbol === '£' || symbol === 'GBP' ? 'GBP' : 'USD';
  return { price: match[2]!.replace(',', '.'), currency };
}

const AVAILABILITY: Record<BookStatus, string> = {
  published: 'https://schema.org/InStock',
  preorder: 'https://schema.org/PreOrder',
  'coming-soon': 'https://schema.org/PreSale',
};

const BOOK_FORMATS: Record<EditionFormat, string> = {
  hardcover: 'https://schema.org/Hardcover',
  paperback: 'https://schema.org/Paperback',
  ebook: 'https://schema.org/EBook',
  audiobook: 'https://schema.org/AudiobookFormat',
};

function bookUrl(origin: string, book: { slug: string }): string {
  return `${origin}/books/${encodeURIComponent(book.slug)}`;
}

function bookId(origin: string, book: { slug: string }): string {
  return `${bookUrl(origin, book)}#book`;
}

type Edition = Book['editions'][number];

/** Where a reader acts on the offer: the edition's first shop, else the book page or the preorder form. */
function offerUrl(origin: string, book: Book, edition?: Edition): string {
  const shop = edition?.links[0]?.url ?? book.retailerLinks[0]?.url;
  if (shop) return shop;
  return book.status === 'published'
    ? bookUrl(origin, book)
    : `${origin}/preorder?book=${encodeURIComponent(book.slug)}`;
}

function editionLd(origin: string, book: Book, edition: Edition): JsonLd {
  const price = edition.price ? parseEditionPrice(edition.price) : null;
  return {
    '@type': 'Book',
    bookFormat: BOOK_FORMATS[edition.format],
    ...(edition.isbn ? { isbn: edition.isbn } : {}),
    ...(edition.pageCount !== null ? { numberOfPages: edition.pageCount } : {}),
    ...(edition.releaseDate ? { datePublished: edition.releaseDate } : {}),
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            price: price.amount.toFixed(2),
            priceCurrency: CURRENCY_CODES[price.currency],
            availability: AVAILABILITY[book.status],
            url: offerUrl(origin, book, edition),
          },
        }
      : {}),
  };
}

/** The work's offers: one per priced edition, else the book's own price. */
function offersLd(origin: string, book: Book, editions: JsonLd[]): JsonLd | JsonLd[] | null {
  const editionOffers = editions.flatMap((edition) => (edition.offers ? [edition.offers as JsonLd] : []));
  if (editionOffers.length > 0) return editionOffers;
  const price = parsePrice(book.price);
  return price
    ? {
        '@type': 'Offer',
        price: price.price,
        priceCurrency: price.currency,
        availability: AVAILABILITY[book.status],
        url: offerUrl(origin, book),
      }
    : null;
}

function bookLd(origin: string, book: Book): JsonLd {
  const editions = book.editions.map((edition) => editionLd(origin, book, edition));
  const offers = offersLd(origin, book, editions);
  const first = editions[0];
  return {
    '@type': 'Book',
    '@id': bookId(origin, book),
    name: book.title,
    description: book.description,
    image: absoluteUrl(origin, structuredDataImage(book.coverImage, book.image)),
    url: bookUrl(origin, book),
    author: authorRef(origin),
    // The work carries its first edition's ISBN and format; every edition is a workExample.
    ...(first?.isbn ? { isbn: first.isbn } : {}),
    ...(first ? { bookFormat: first.bookFormat } : {}),
    ...(book.series
      ? { isPartOf: { '@type': 'BookSeries', name: book.series.name }, position: book.seriesNumber }
      : {}),
    ...(editions.length > 0 ? { workExample: editions } : {}),
    ...(offers ? { offers } : {}),
  };
}

/** /books/{slug}: the book with its editions. */
export function bookPageLd(origin: string, book: Book): JsonLd {
  return { '@context': CONTEXT, ...bookLd(origin, book) };
}

/** /books: the series as an ordered list of Book items. */
export function bookListLd(origin: string, books: readonly Book[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: `${SITE_NAME} books`,
    url: `${origin}/books`,
    numberOfItems: books.length,
    itemListElement: books.map((book, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: bookLd(origin, book),
    })),
  };
}

/** /excerpts/{slug}: the book, and the excerpt as a part of it. */
export function excerptLd(origin: string, excerpt: Excerpt, book: Book | undefined): JsonLd {
  const url = `${origin}${excerptPath(excerpt)}`;
  const part: JsonLd = {
    '@type': 'CreativeWork',
    '@id': `${url}#excerpt`,
    name: excerpt.title,
    description: excerpt.description,
    url,
    author: authorRef(origin),
    ...(book ? { isPartOf: { '@id': bookId(origin, book) } } : {}),
  };
  return {
    '@context': CONTEXT,
    '@graph': book ? [{ ...bookLd(origin, book), hasPart: { '@id': `${url}#excerpt` } }, part] : [part],
  };
}

/** /blog/{id}. */
export function blogPostingLd(origin: string, post: BlogPost): JsonLd {
  const url = `${origin}${blogPostPath(post)}`;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: post.title,
    description: post.metaDescription || post.summary,
    ...(post.socialImage || post.coverImage
      ? { image: absoluteUrl(origin, post.socialImage || structuredDataImage(post.coverImage, post.image)) }
      : {}),
    datePublished: post.publishedAt.toISOString(),
    articleSection: post.categoryLabel ?? blogCategoryLabel(post.category),
    url,
    mainEntityOfPage: url,
    author: authorRef(origin),
    publisher: authorRef(origin),
    isPartOf: { '@type': 'Blog', name: `${SITE_NAME} blog`, url: `${origin}/blog` },
  };
}

/** /about. */
export function aboutPersonLd(origin: string, extra: { image?: string; description?: string } = {}): JsonLd {
  return { '@context': CONTEXT, ...personLd(origin, extra) };
}

/** /: the site itself. */
export function websiteLd(origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: SITE_NAME,
    description: SITE_DESCRIPTION,
    url: `${origin}/`,
    inLanguage: 'en',
    author: authorRef(origin),
  };
}
