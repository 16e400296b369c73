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
export const EDITION_PRICE_MESSAGE = 'Edition price must look like $18.99 (a $, € or £ amount)';
export const ONE_CURRENCY_MESSAGE = 'All edition prices of a book must use the same currency';

export type ParsedPrice = { currency: '$' | '€' | '£'; amount: number };

export function parseEditionPrice(text: string): ParsedPrice | null {
  const match = EDITION_PRICE_PATTERN.exec(text.trim());
  if (!match) return null;
  return { currency: match[1] as ParsedPrice['currency'], amount: Number(match[2]) };
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
