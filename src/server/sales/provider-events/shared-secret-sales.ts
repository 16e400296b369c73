import { createHash, createHmac } from 'node:crypto';
import {
  header,
  isRecord,
  parseJson,
  sameSecret,
  text,
  UnverifiedEvent,
  type EventRequest,
} from '../../deliverability/provider-events/mail-event.js';
import {
  currencyOf,
  decimalToMinor,
  emailOf,
  idOf,
  minorUnits,
  nameOf,
  optionalId,
  recordOf,
  type SaleEvent,
} from './sale-event.js';

const truthy = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

/**
 * Lemon Squeezy: `X-Signature`, the hex HMAC-SHA256 of the raw body with the webhook's signing
 * secret. Its events carry no id of their own, so the event is named by its name and order id
 * (an order is created once and refunded once). The buyer's marketing opt-in is the checkout's
 * custom field `marketing_opt_in` (checkout[custom][marketing_opt_in]=true).
 */
export function lemonSqueezyEvent(request: EventRequest, secret: string): SaleEvent {
  const expected = createHmac('sha256', secret).update(request.rawBody).digest('hex');
  if (!sameSecret((header(request, 'x-signature') ?? '').toLowerCase(), expected))
    throw new UnverifiedEvent('Missing or wrong X-Signature');
  const body = recordOf(parseJson(request.rawBody), 'body');
  const meta = recordOf(body.meta, 'meta');
  const data = recordOf(body.data, 'data');
  const name = text(meta.event_name);
  const orderId = idOf(data.id, 'order id');
  const eventId = `${name}:${orderId}`;
  const attributes = recordOf(data.attributes, 'data.attributes');
  if (name === 'order_refunded') return { kind: 'refunded', eventId, orderKey: orderId };
  if (name !== 'order_created') return { kind: 'ignored', eventId, type: name };
  const item = isRecord(attributes.first_order_item) ? attributes.first_order_item : {};
  const custom = isRecord(meta.custom_data) ? meta.custom_data : {};
  return {
    kind: 'paid',
    eventId,
    orderKey: orderId,
    sessionId: null,
    productRefs: [optionalId(item.variant_id), optionalId(item.product_id)].filter((id): id is string => id !== null),
    clientReference: optionalId(custom.sale_edition),
    amount: minorUnits(attributes.total),
    currency: currencyOf(attributes.currency),
    email: emailOf(attributes.user_email),
    name: nameOf(attributes.user_name),
    marketingConsent: truthy(custom.marketing_opt_in),
    cleared: attributes.status === 'paid',
  };
}

/**
 * Shopify: `X-Shopify-Hmac-SHA256`, the base64 HMAC-SHA256 of the raw body with the app's
 * webhook secret. The event is named by `X-Shopify-Event-Id` (or the older `X-Shopify-Webhook-Id`),
 * which Shopify keeps on every retry. Topics: `orders/paid`, `refunds/create`.
 */
export function shopifyEvent(request: EventRequest, secret: string): SaleEvent {
  const expected = createHmac('sha256', secret).update(request.rawBody).digest('base64');
  if (!sameSecret(header(request, 'x-shopify-hmac-sha256') ?? '', expected))
    throw new UnverifiedEvent('Missing or wrong X-Shopify-Hmac-SHA256');
  const body = recordOf(parseJson(request.rawBody), 'body');
  const topic = header(request, 'x-shopify-topic') ?? '';
  const eventId =
    optionalId(header(request, 'x-shopify-event-id')) ??
    optionalId(header(request, 'x-shopify-webhook-id')) ??
    `${topic}:${idOf(body.id, 'id')}`;
  if (topic === 'refunds/create') return { kind: 'refunded', eventId, orderKey: idOf(body.order_id, 'order id') };
  if (topic !== 'orders/paid') return { kind: 'ignored', eventId, type: topic };
  const items = Array.isArray(body.line_items) ? body.line_items.filter(isRecord) : [];
  const customer = isRecord(body.customer) ? body.customer : {};
  const consent = isRecord(customer.email_marketing_consent) ? customer.email_marketing_consent : {};
  return {
    kind: 'paid',
    eventId,
    orderKey: idOf(body.id, 'order id'),
    sessionId: null,
    productRefs: items
      .flatMap((item) => [optionalId(item.product_id), optionalId(item.variant_id)])
      .filter((id): id is string => id !== null),
    clientReference: null,
    amount: decimalToMinor(body.total_price),
    currency: currencyOf(body.currency),
    email: emailOf(body.email ?? body.contact_email ?? customer.email),
    name: nameOf(`${text(customer.first_name)} ${text(customer.last_name)}`),
    marketingConsent: body.buyer_accepts_marketing === true || consent.state === 'subscribed',
    cleared: body.financial_status === undefined || body.financial_status === 'paid',
  };
}

/**
 * Payhip: the body's `signature` is sha256(API key), the same on every request and not tied to
 * the body, so it is weak: it is compared in constant time, the transaction id is deduplicated,
 * and only a configured product at its configured amount is delivered (see orders-repository).
 */
export function payhipEvent(request: EventRequest, apiKey: string): SaleEvent {
  const body = recordOf(parseJson(request.rawBody), 'body');
  const expected = createHash('sha256').update(apiKey).digest('hex');
  if (!sameSecret(text(body.signature).toLowerCase(), expected))
    throw new UnverifiedEvent('Missing or wrong signature');
  const type = text(body.type) || 'paid';
  const transaction = idOf(body.id, 'transaction id');
  const eventId = `${type}:${transaction}`;
  if (type === 'refunded') return { kind: 'refunded', eventId, orderKey: transaction };
  if (type !== 'paid') return { kind: 'ignored', eventId, type };
  const items = Array.isArray(body.items) ? body.items.filter(isRecord) : [];
  return {
    kind: 'paid',
    eventId,
    orderKey: transaction,
    sessionId: null,
    productRefs: items
      .flatMap((item) => [optionalId(item.product_key), optionalId(item.product_id)])
      .filter((id): id is string => id !== null),
    clientReference: null,
    amount: minorUnits(body.price),
    currency: currencyOf(body.currency),
    email: emailOf(body.email),
    name: '',
    // Payhip reports the opposite: `unconsented_from_emails` false means the buyer agreed to emails.
    marketingConsent: body.unconsented_from_emails === false,
    cleared: true,
  };
}
