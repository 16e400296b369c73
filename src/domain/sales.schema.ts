import { z } from 'zod';
import { ADMIN_PAGE, BAD_CURSOR } from './admin-lists.schema.js';
import { emailSchema, enumField, idSchema, requiredText, textWithEmptyDefault } from './fields.schema.js';
import { DIRECT_SALE_FORMATS, ORDER_STATES, parseSaleAmount, SALE_CURRENCIES, SALE_PROVIDERS } from './sales.js';

/** The checkout page: an https address (http only for this machine, e.g. a local test checkout). */
const checkoutUrlSchema = requiredText('Checkout link', 500).refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname));
  } catch {
    return false;
  }
}, 'Checkout link must be an https:// address (the provider’s hosted checkout page)');

/** An edition's "Sell direct" settings. */
export const saleEditionInputSchema = z.object({
  bookId: idSchema,
  format: enumField('Format', DIRECT_SALE_FORMATS),
  provider: enumField('Provider', SALE_PROVIDERS),
  /** Stripe: the Payment Link id; Lemon Squeezy: variant or product id; Payhip: product key; Shopify: product id. */
  productId: requiredText('Product id', 200).refine(
    (value) => /^[A-Za-z0-9_.:-]+$/.test(value),
    'Product id is letters, digits and _ . : - only',
  ),
  checkoutUrl: checkoutUrlSchema,
  /** "4.99": the price the provider must report for the order to be delivered. */
  price: requiredText('Price', 12).refine((value) => parseSaleAmount(value) !== null, 'Price must look like 4.99'),
  currency: enumField('Currency', SALE_CURRENCIES),
  isActive: z.boolean({ error: 'Active must be true or false' }).default(true),
});

/** Settings → Sales: the providers' webhook secrets (an environment variable wins over each). */
export const salesSecretsSchema = z.object({
  stripeWebhookSecret: textWithEmptyDefault('Stripe webhook secret', 200),
  lemonsqueezySigningSecret: textWithEmptyDefault('Lemon Squeezy signing secret', 200),
  payhipApiKey: textWithEmptyDefault('Payhip API key', 200),
  shopifyWebhookSecret: textWithEmptyDefault('Shopify webhook secret', 200),
});
export type SalesSecrets = z.output<typeof salesSecretsSchema>;

/**
 * The Orders list: newest first, a page at a time like the admin's other long lists (limit, cursor; see
 * admin-lists.schema.ts), narrowed to one state and to a buyer's email (part of it) or an order reference.
 */
export const listOrdersInputSchema = z
  .object({
    limit: z
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(ADMIN_PAGE.maxLimit, `Limit must be at most ${ADMIN_PAGE.maxLimit}`)
      .default(ADMIN_PAGE.defaultLimit),
    cursor: z
      .string({ error: 'Cursor must be text' })
      .max(ADMIN_PAGE.cursorLength, BAD_CURSOR)
      .nullish()
      .transform((value) => value || null),
    state: enumField('State', ORDER_STATES).nullish(),
    search: textWithEmptyDefault('Search', ADMIN_PAGE.search),
  })
  .default({ limit: ADMIN_PAGE.defaultLimit, cursor: null, search: '' });

/** Settings → Sales → "Send a test event": which provider's webhook to check. */
export const saleProviderInputSchema = z.object({ provider: enumField('Provider', SALE_PROVIDERS) });

/** The thank-you page's and the library's forms. */
export const librarySignInSchema = z.object({ email: emailSchema });
