import type { EditionFormat } from './editions.js';

/** The payment providers an edition can be sold through (each a hosted checkout: no card data reaches the site). */
export const SALE_PROVIDERS = ['stripe', 'lemonsqueezy', 'payhip', 'shopify'] as const;
export type SaleProvider = (typeof SALE_PROVIDERS)[number];

/** The environment variable of each provider's webhook secret (README's table); it wins over Settings → Sales. */
export const SALE_SECRET_VARIABLES = {
  stripe: 'STRIPE_WEBHOOK_SECRET',
  lemonsqueezy: 'LEMONSQUEEZY_SIGNING_SECRET',
  payhip: 'PAYHIP_API_KEY',
  shopify: 'SHOPIFY_WEBHOOK_SECRET',
} as const satisfies Record<SaleProvider, string>;

/** Only formats a file can be made of are sold direct. */
export const DIRECT_SALE_FORMATS = ['ebook', 'audiobook'] as const satisfies readonly EditionFormat[];
export type DirectSaleFormat = (typeof DIRECT_SALE_FORMATS)[number];

/**
 * An order's state: `pending` (a checkout session whose payment is still clearing, or a refund seen
 * before its payment), `paid` (verified, the email queued), `delivered` (the email left), `refunded`
 * (links refused), `held` (amount, currency or product did not match: the author decides).
 */
export const ORDER_STATES = ['pending', 'paid', 'delivered', 'refunded', 'held'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  delivered: 'Delivered',
  refunded: 'Refunded',
  held: 'Held',
};

/** States whose buyer may download the copy. */
export const DOWNLOADABLE_STATES: readonly OrderState[] = ['paid', 'delivered'];

export const SALE_CURRENCIES = ['usd', 'eur', 'gbp', 'cad', 'aud'] as const;
const CURRENCY_SYMBOLS: Record<string, string> = { usd: '$', eur: '€', gbp: '£', cad: 'CA$', aud: 'A$' };

/** 499, 'usd' → "$4.99"; an unknown currency is named by its code. */
export function formatSaleAmount(amount: number, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency.toLowerCase()];
  const value = (amount / 100).toFixed(2);
  return symbol ? `${symbol}${value}` : `${value} ${currency.toUpperCase()}`;
}

/** "4.99" → 499; null when it is not an amount with at most two decimals. */
export function parseSaleAmount(text: string): number | null {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** What the reader is told a direct copy is, in plain words. */
export const DIRECT_COPY_PROMISE: Record<DirectSaleFormat, string> = {
  ebook: 'DRM-free EPUB; works on Kindle, Kobo, Apple Books',
  audiobook: 'DRM-free audio files; play them in any audio app',
};

/** A sale edition as the public site shows it (the Buy direct button). */
export type PublicSaleEdition = {
  id: string;
  format: DirectSaleFormat;
  provider: SaleProvider;
  checkoutUrl: string;
  amount: number;
  currency: string;
  /** "$4.99" */
  price: string;
};

/** How long a download link in an email or the library works; the library gives fresh ones. */
export const PURCHASE_LINK_LIFETIME_DAYS = 30;
/** How long a `/library` sign-in link works. */
export const LIBRARY_SIGN_IN_LIFETIME_MINUTES = 60;

/** How to read a bought copy; Kindle's tip names the exact sender address to approve. */
export function purchaseReadingTips(senderAddress: string): { device: string; tip: string }[] {
  return [
    {
      device: 'Kindle',
      tip: `Send the EPUB with Amazon’s Send to Kindle (the app, amazon.com/sendtokindle, or by email to your Kindle address). To have this site’s emails forwarded, approve ${senderAddress} in Amazon’s “Approved Personal Document E-mail List”. The book appears in your library in a few minutes.`,
    },
    {
      device: 'Kobo',
      tip: 'Copy the EPUB to the Kobo over USB (into its main folder), or add it to Dropbox or Google Drive linked to your Kobo.',
    },
    {
      device: 'Apple Books',
      tip: 'Open the download on your iPhone, iPad or Mac and pick “Books”; it stays in your library on each device.',
    },
    {
      device: 'Audio players',
      tip: 'An audiobook comes as a ZIP of chapters: unzip it and open the files in any audio app (Apple Books, VLC, Smart AudioBook Player, BookPlayer).',
    },
  ];
}

/** The site_settings key of Settings → Sales (never part of the public settings). */
export const SALES_SECRETS_KEY = 'sales-secrets';

/**
 * The product named by Settings → Sales → "Send a test event": a verified payment for it is recorded as a test
 * (its event id kept, kind `test`) and answered with what the site read, making no order and sending no mail.
 */
export const SALE_TEST_PRODUCT = 'site-test-event';
