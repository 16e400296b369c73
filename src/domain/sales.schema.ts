import { z } from 'zod';
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

export const ORDERS_PAGE_SIZE = 50;

export const listOrdersInputSchema = z
  .object({
    state: enumField('State', ORDER_STATES).nullish(),
    search: textWithEmptyDefault('Search', 200),
    offset: z.number({ error: 'Offset must be a number' }).int().min(0).max(10_000_000).default(0),
  })
  .default({ search: '', offset: 0 });

/** The thank-you page's and the library's forms. */
export const librarySignInSchema = z.object({ email: emailSchema });
