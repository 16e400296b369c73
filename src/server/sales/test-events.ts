import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SALE_TEST_PRODUCT, type SaleProvider } from '../../domain/sales.js';
import type { EventRequest } from '../deliverability/provider-events/mail-event.js';
import { stripeTestSignature } from './provider-events/stripe-events.js';

/** The buyer a test event names (example.org: no mail could reach anyone). */
const TEST_BUYER = 'test-buyer@example.org';
const TEST_AMOUNT = 100;

/**
 * A payment event for SALE_TEST_PRODUCT as the provider would send it, signed by the provider's own scheme
 * with `secret` (Stripe: a real `Stripe-Signature` from the `stripe` package), ready for the webhook path.
 */
export function signedTestEvent(provider: SaleProvider, secret: string): EventRequest & { eventId: string } {
  const id = `test_${randomBytes(8).toString('hex')}`;
  switch (provider) {
    case 'stripe': {
      const rawBody = JSON.stringify({
        id: `evt_${id}`,
        object: 'event',
        type: 'checkout.session.completed',
        livemode: false,
        data: {
          object: {
            id: `cs_${id}`,
            object: 'checkout.session',
            payment_link: SALE_TEST_PRODUCT,
            payment_intent: `pi_${id}`,
            payment_status: 'paid',
            amount_total: TEST_AMOUNT,
            currency: 'usd',
            client_reference_id: null,
            customer_details: { email: TEST_BUYER, name: 'Test Buyer' },
          },
        },
      });
      return { rawBody, headers: { 'stripe-signature': stripeTestSignature(rawBody, secret) }, eventId: `evt_${id}` };
    }
    case 'lemonsqueezy': {
      const rawBody = JSON.stringify({
        meta: { event_name: 'order_created', test_mode: true, custom_data: {} },
        data: {
          type: 'orders',
          id,
          attributes: {
            user_name: 'Test Buyer',
            user_email: TEST_BUYER,
            currency: 'USD',
            total: TEST_AMOUNT,
            status: 'paid',
            first_order_item: { product_id: SALE_TEST_PRODUCT, variant_id: SALE_TEST_PRODUCT, price: TEST_AMOUNT },
          },
        },
      });
      const signature = createHmac('sha256', secret).update(rawBody).digest('hex');
      return {
        rawBody,
        headers: { 'x-signature': signature, 'x-event-name': 'order_created' },
        eventId: `order_created:${id}`,
      };
    }
    case 'payhip': {
      const rawBody = JSON.stringify({
        id,
        email: TEST_BUYER,
        currency: 'USD',
        price: TEST_AMOUNT,
        items: [{ product_key: SALE_TEST_PRODUCT, product_name: 'Test event' }],
        unconsented_from_emails: true,
        type: 'paid',
        signature: createHash('sha256').update(secret).digest('hex'),
      });
      return { rawBody, headers: {}, eventId: `paid:${id}` };
    }
    case 'shopify': {
      const rawBody = JSON.stringify({
        id,
        email: TEST_BUYER,
        currency: 'USD',
        total_price: (TEST_AMOUNT / 100).toFixed(2),
        financial_status: 'paid',
        test: true,
        customer: { first_name: 'Test', last_name: 'Buyer' },
        line_items: [{ product_id: SALE_TEST_PRODUCT, price: (TEST_AMOUNT / 100).toFixed(2) }],
      });
      const eventId = `test-${id}`;
      return {
        rawBody,
        headers: {
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(rawBody).digest('base64'),
          'x-shopify-topic': 'orders/paid',
          'x-shopify-event-id': eventId,
        },
        eventId,
      };
    }
  }
}
