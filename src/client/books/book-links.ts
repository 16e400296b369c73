import { EDITION_FORMAT_LABELS } from '../../domain/editions.js';
import type { RouterOutputs } from '../trpc.js';

type Book = RouterOutputs['books']['list'][number];
type ShopLink = Book['retailerLinks'][number];

/** One heading of the buy menu: the shops for every format, or for one edition. */
export type ShopGroup = { heading: string; links: ShopLink[] };

/** The book's own links first ("All formats"), then each edition's under its format. */
export function shopGroups(book: Pick<Book, 'retailerLinks' | 'editions'>): ShopGroup[] {
  const groups: ShopGroup[] = [];
  if (book.retailerLinks.length > 0) groups.push({ heading: 'All formats', links: book.retailerLinks });
  for (const edition of book.editions) {
    if (edition.links.length > 0) groups.push({ heading: EDITION_FORMAT_LABELS[edition.format], links: edition.links });
  }
  return groups;
}

/** The id of the book page's editions section (the buy menu's link before the script runs). */
export const EDITIONS_ANCHOR = 'editions';

/** The id of a book's group on /excerpts (where the books page's Read Excerpt goes). */
export const excerptsAnchor = (slug: string): string => `excerpts-${slug}`;

/** The Buy direct button's label: "Buy direct — $4.99". */
export const directLabel = (sale: { price: string }): string => `Buy direct — ${sale.price}`;
