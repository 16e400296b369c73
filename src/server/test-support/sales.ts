import { createHash, createHmac } from 'node:crypto';
import { bookInputSchema } from '../../domain/books.schema.js';
import { saleEditionInputSchema } from '../../domain/sales.schema.js';
import type { SaleProvider } from '../../domain/sales.js';
import { createBook } from '../content/books/books-repository.js';
import { saveSaleEdition } from '../sales/sale-editions-repository.js';
import { Readable } from 'node:stream';
import { newId } from '../db/row-conversion.js';
import { makeDemoEpub } from '../sales/copies/demo-epub.js';
import { checkStoredFile } from '../sales/copies/edition-file-check.js';
import { addEditionFile } from '../sales/copies/edition-files-repository.js';
import { salesFileStoreOf } from '../sales/copies/sales-files.js';
import { stripeTestSignature } from '../sales/provider-events/stripe-events.js';
import type { AppServices } from '../services.js';

export const SALE_SECRETS = {
  STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdef',
  LEMONSQUEEZY_SIGNING_SECRET: 'ls-signing-secret-0123456789',
  PAYHIP_API_KEY: 'payhip-api-key-0123456789',
  SHOPIFY_WEBHOOK_SECRET: 'shopify-secret-0123456789',
} as const;

/**
 * A book with one edition sold direct through `provider` at `amount` (minor units), delivering a small
 * real EPUB (makeDemoEpub; `coverBytes` makes it bigger), stored and checked as an upload is.
 */
export async function seedSaleEdition(
  services: AppServices,
  options: {
    provider: SaleProvider;
    productId: string;
    amount: number;
    currency?: string;
    title?: string;
    coverBytes?: number;
  },
) {
  const book = await createBook(
    services.db,
    bookInputSchema.parse({
      title: options.title ?? `Sold direct ${options.productId}`,
      description: 'A book sold on the site.',
      coverImage: '/objects/cover.jpg',
      status: 'published',
      order: 1,
    }),
  );
  const editionId = await saveSaleEdition(
    services.db,
    saleEditionInputSchema.parse({
      bookId: book.id,
      format: 'ebook',
      provider: options.provider,
      productId: options.productId,
      checkoutUrl: 'https://checkout.example.com/pay',
      price: (options.amount / 100).toFixed(2),
      currency: options.currency ?? 'usd',
    }),
  );
  const file = await makeDemoEpub({ title: book.title, author: 'Delphine Rook', coverBytes: options.coverBytes });
  const store = salesFileStoreOf(services);
  const fileId = newId();
  const bytes = await store.write(fileId, Readable.from([file]));
  const checked = await checkStoredFile(store, fileId, 'epub', bytes);
  if (!checked.ok) throw new Error(`the test EPUB fails its checks: ${checked.problems.join('; ')}`);
  await addEditionFile(services.db, {
    id: fileId,
    bookId: book.id,
    editionFormat: 'ebook',
    kind: 'epub',
    filename: 'book.epub',
    bytes,
    checked: checked.checked,
  });
  return { book, editionId, fileId, file };
}

type Signed = { body: string; headers: Record<string, string> };

export function stripeSession(
  options: {
    eventId: string;
    type?: string;
    sessionId: string;
    paymentIntent: string;
    paymentLink: string;
    amount: number;
    currency?: string;
    email: string;
    name?: string;
    consent?: boolean;
    paymentStatus?: string;
  },
  secret: string = SALE_SECRETS.STRIPE_WEBHOOK_SECRET,
  timestamp?: number,
): Signed {
  const body = JSON.stringify({
    id: options.eventId,
    object: 'event',
    type: options.type ?? 'checkout.session.completed',
    data: {
      object: {
        id: options.sessionId,
        object: 'checkout.session',
        payment_link: options.paymentLink,
        payment_intent: options.paymentIntent,
        payment_status: options.paymentStatus ?? 'paid',
        amount_total: options.amount,
        currency: options.currency ?? 'usd',
        client_reference_id: null,
        customer_details: { email: options.email, name: options.name ?? 'Ada Reader' },
        consent: options.consent ? { promotions: 'opt_in' } : null,
      },
    },
  });
  return { body, headers: { 'stripe-signature': stripeTestSignature(body, secret, timestamp) } };
}

export function stripeRefund(
  options: { eventId: string; paymentIntent: string },
  secret: string = SALE_SECRETS.STRIPE_WEBHOOK_SECRET,
): Signed {
  const body = JSON.stringify({
    id: options.eventId,
    object: 'event',
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${options.paymentIntent}`,
        object: 'charge',
        payment_intent: options.paymentIntent,
        refunded: true,
      },
    },
  });
  return { body, headers: { 'stripe-signature': stripeTestSignature(body, secret) } };
}

export function lemonSqueezyOrder(
  options: {
    event: 'order_created' | 'order_refunded';
    orderId: number;
    variantId: number;
    amount: number;
    email: string;
    optIn?: boolean;
  },
  secret: string = SALE_SECRETS.LEMONSQUEEZY_SIGNING_SECRET,
): Signed {
  const body = JSON.stringify({
    meta: { event_name: options.event, custom_data: options.optIn ? { marketing_opt_in: 'true' } : {} },
    data: {
      type: 'orders',
      id: String(options.orderId),
      attributes: {
        user_name: 'Ada Reader',
        user_email: options.email,
        currency: 'USD',
        total: options.amount,
        status: options.event === 'order_refunded' ? 'refunded' : 'paid',
        first_order_item: { product_id: 9000, variant_id: options.variantId, price: options.amount },
      },
    },
  });
  return {
    body,
    headers: { 'x-signature': createHmac('sha256', secret).update(body).digest('hex'), 'x-event-name': options.event },
  };
}

export function payhipEventBody(
  options: { type: 'paid' | 'refunded'; transactionId: string; productKey: string; amount: number; email: string },
  apiKey: string = SALE_SECRETS.PAYHIP_API_KEY,
): Signed {
  const body = JSON.stringify({
    id: options.transactionId,
    email: options.email,
    currency: 'USD',
    price: options.amount,
    items: [{ product_id: '2804256', product_key: options.productKey, product_name: 'A book' }],
    unconsented_from_emails: true,
    date: Math.floor(Date.now() / 1000),
    type: options.type,
    signature: createHash('sha256').update(apiKey).digest('hex'),
  });
  return { body, headers: {} };
}

export function shopifyEventBody(
  options: {
    topic: 'orders/paid' | 'refunds/create';
    webhookId: string;
    orderId: number;
    productId: number;
    total: string;
    email: string;
  },
  secret: string = SALE_SECRETS.SHOPIFY_WEBHOOK_SECRET,
): Signed {
  const body = JSON.stringify(
    options.topic === 'orders/paid'
      ? {
          id: options.orderId,
          email: options.email,
          currency: 'USD',
          total_price: options.total,
          financial_status: 'paid',
          buyer_accepts_marketing: false,
          customer: { first_name: 'Ada', last_name: 'Reader' },
          line_items: [{ product_id: options.productId, variant_id: options.productId + 1, price: options.total }],
        }
      : { id: options.orderId + 5000, order_id: options.orderId },
  );
  return {
    body,
    headers: {
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
      'x-shopify-topic': options.topic,
      'x-shopify-webhook-id': options.webhookId,
    },
  };
}
