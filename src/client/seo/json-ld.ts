import { blogCategoryLabel } from '../../domain/blog.js';
import type { BookStatus } from '../../domain/books.js';
import type { RouterOutputs } from '../trpc.js';
import type { JsonLd } from './head.js';
import { absoluteUrl, AUTHOR_NAME, SITE_DESCRIPTION, SITE_NAME } from './site.js';

type Book = RouterOutputs['books']['byId'];
type Excerpt = RouterOutputs['excerpts']['byId'];
type BlogPost = RouterOutputs['blog']['byId'];

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

function bookId(origin: string, book: { id: string }): string {
  return `${origin}/books#book-${book.id}`;
}

function bookLd(origin: string, book: Book): JsonLd {
  const price = parsePrice(book.price);
  return {
    '@type': 'Book',
    '@id': bookId(origin, book),
    name: book.title,
    description: book.description,
    image: absoluteUrl(origin, book.coverImage),
    url: `${origin}/books`,
    author: authorRef(origin),
    isPartOf: { '@type': 'BookSeries', name: SITE_NAME },
    position: book.order,
    ...(price
      ? {
          offers: {
            '@type': 'Offer',
            price: price.price,
            priceCurrency: price.currency,
            availability: AVAILABILITY[book.status],
            url: book.status === 'published' ? `${origin}/books` : `${origin}/preorder`,
          },
        }
      : {}),
  };
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

/** /excerpts/{id}: the book, and the excerpt as a part of it. */
export function excerptLd(origin: string, excerpt: Excerpt, book: Book | undefined): JsonLd {
  const url = `${origin}/excerpts/${encodeURIComponent(excerpt.id)}`;
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
  const url = `${origin}/blog/${encodeURIComponent(post.id)}`;
  return {
    '@context': CONTEXT,
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: post.title,
    description: post.summary,
    image: absoluteUrl(origin, post.coverImage),
    datePublished: post.publishedAt.toISOString(),
    articleSection: blogCategoryLabel(post.category),
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
