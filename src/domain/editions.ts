export const EDITION_FORMATS = ['hardcover', 'paperback', 'ebook', 'audiobook'] as const;
export type EditionFormat = (typeof EDITION_FORMATS)[number];

export const EDITION_FORMAT_LABELS: Record<EditionFormat, string> = {
  hardcover: 'Hardcover',
  paperback: 'Paperback',
  ebook: 'Ebook',
  audiobook: 'Audiobook',
};

export const MAX_EDITIONS = 12;
export const MAX_PAGE_COUNT = 5_000;

/** "$18.99", "€ 12", "£9.50": a currency symbol and an amount with at most two decimals. */
const EDITION_PRICE_PATTERN = /^([$€£])\s?(\d{1,5}(?:\.\d{1,2})?)$/;
/** "29.99" or "29.99 €": an amount typed without the symbol in front (the symbol after it, or none). */
const BARE_PRICE_PATTERN = /^(\d{1,5}(?:\.\d{1,2})?)\s?([$€£])?$/;
export const EDITION_PRICE_MESSAGE = 'Edition price must look like 18.99 or $18.99 (a $, € or £ amount)';
/** The currency of a price typed without one. */
const DEFAULT_CURRENCY = '$';
export const ONE_CURRENCY_MESSAGE = 'All edition prices of a book must use the same currency';

export type ParsedPrice = { currency: '$' | '€' | '£'; amount: number };

export function parseEditionPrice(text: string): ParsedPrice | null {
  const match = EDITION_PRICE_PATTERN.exec(text.trim());
  if (!match) return null;
  return { currency: match[1] as ParsedPrice['currency'], amount: Number(match[2]) };
}

/**
 * A price as stored: "$29.99". An amount typed alone ("29.99") takes `currency` (the book's other editions'
 * one, else dollars), "29.99 €" moves its symbol in front; anything else is returned as typed (and refused).
 */
export function normalizeEditionPrice(text: string, currency: ParsedPrice['currency'] = DEFAULT_CURRENCY): string {
  const trimmed = text.trim();
  const bare = BARE_PRICE_PATTERN.exec(trimmed);
  if (!bare) return trimmed;
  return `${bare[2] ?? currency}${bare[1]}`;
}

export const CURRENCY_CODES: Record<ParsedPrice['currency'], string> = { $: 'USD', '€': 'EUR', '£': 'GBP' };

/** The cheapest edition's price text, or null when no edition has one. */
export function lowestEditionPrice(editions: ReadonlyArray<{ price: string | null }>): string | null {
  let lowest: { text: string; amount: number } | null = null;
  for (const { price } of editions) {
    const parsed = price ? parseEditionPrice(price) : null;
    if (price && parsed && (!lowest || parsed.amount < lowest.amount)) lowest = { text: price, amount: parsed.amount };
  }
  return lowest?.text ?? null;
}
