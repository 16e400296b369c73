import type { FastifyInstance } from 'fastify';
import { SALE_PROVIDERS, SALE_TEST_PRODUCT, type SaleProvider } from '../../domain/sales.js';
import type { AppDatabase } from '../db/connection.js';
import {
  header,
  MalformedEvent,
  UnverifiedEvent,
  type EventRequest,
} from '../deliverability/provider-events/mail-event.js';
import { applySaleEvent, recordTestEvent } from './orders-repository.js';
import type { SaleEvent } from './provider-events/sale-event.js';
import { lemonSqueezyEvent, payhipEvent, shopifyEvent } from './provider-events/shared-secret-sales.js';
import { stripeEvent } from './provider-events/stripe-events.js';
import { providerSecret, type SalesConfig } from './sales-config.js';

/** A provider's order event is a few kilobytes; far more than any sends. */
const EVENT_BODY_LIMIT = 256 * 1024;

export type SaleEventOptions = {
  db: AppDatabase;
  config: SalesConfig;
  /** The origin of the links in the purchase email (PUBLIC_URL, else the request's). */
  siteOrigin: (request: { protocol: string; host: string }) => string;
  /** Called after an event queued a purchase email (the send queue is woken). */
  onQueued?: () => void;
  /** A new paid order whose buyer opted in to marketing at checkout (never called otherwise). */
  onMarketingConsent?: (email: string, origin: string) => Promise<void>;
};

/** Verifies the exact body with the provider's scheme, then reads it; throws UnverifiedEvent first. */
function verifiedSaleEvent(provider: SaleProvider, request: EventRequest, secret: string): SaleEvent {
  switch (provider) {
    case 'stripe':
      return stripeEvent(request.rawBody, header(request, 'stripe-signature'), secret);
    case 'lemonsqueezy':
      return lemonSqueezyEvent(request, secret);
    case 'payhip':
      return payhipEvent(request, secret);
    case 'shopify':
      return shopifyEvent(request, secret);
  }
}

export type SaleEventAnswer = { status: 200 | 400 | 401 | 404; body: Record<string, unknown> };

/** A verified payment for SALE_TEST_PRODUCT (Settings → Sales → "Send a test event"): no order, no mail. */
const isTestPayment = (event: SaleEvent) => event.kind === 'paid' && event.productRefs.includes(SALE_TEST_PRODUCT);

/**
 * One provider request through the webhook path: the secret, the raw body verified by the provider's
 * scheme before it is read, then applied once (see applySaleEvent). The route answers with it, and
 * Settings → Sales → "Send a test event" runs a locally signed test event through it.
 */
export async function receiveSaleEvent(
  options: SaleEventOptions,
  provider: string,
  request: EventRequest,
  origin: string,
): Promise<SaleEventAnswer> {
  if (!SALE_PROVIDERS.includes(provider as SaleProvider))
    return { status: 404, body: { error: `Unknown payment provider: use one of ${SALE_PROVIDERS.join(', ')}` } };
  const known = provider as SaleProvider;
  const secret = await providerSecret(options.db, options.config, known);
  if (!secret) return { status: 404, body: { error: `Sales through ${provider} are not configured` } };
  let event: SaleEvent;
  try {
    event = verifiedSaleEvent(known, request, secret.secret);
  } catch (error) {
    if (error instanceof UnverifiedEvent) return { status: 401, body: { error: error.message } };
    if (error instanceof MalformedEvent) return { status: 400, body: { error: error.message } };
    throw error;
  }
  if (isTestPayment(event) && event.kind === 'paid') {
    const fresh = await recordTestEvent(options.db, known, event.eventId);
    return {
      status: 200,
      body: {
        received: 'test',
        result: fresh ? 'test' : 'replay',
        orderId: null,
        queuedEmail: false,
        read: { product: SALE_TEST_PRODUCT, amount: event.amount, currency: event.currency, email: event.email },
      },
    };
  }
  const applied = await applySaleEvent(options.db, known, event, origin);
  if (applied.queuedEmail) options.onQueued?.();
  if (applied.queuedEmail && event.kind === 'paid' && event.marketingConsent)
    await options.onMarketingConsent?.(event.email, origin);
  return { status: 200, body: { received: event.kind, ...applied } };
}

/**
 * POST /api/sales/events/{stripe,lemonsqueezy,payhip,shopify}: a payment provider's order events.
 * The raw body is verified by the provider's own signature scheme before it is parsed; nothing
 * changes on an unverified event (401) or an unreadable one (400). A verified event is applied
 * once (see applySaleEvent) and answered 200, a replay too, so the provider stops retrying.
 */
export async function saleEventRoutes(app: FastifyInstance, options: SaleEventOptions): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { provider: string } }>('/api/sales/events/:provider', async (request, reply) => {
    const rawBody = typeof request.body === 'string' ? request.body : '';
    const answer = await receiveSaleEvent(
      options,
      request.params.provider,
      { headers: request.headers, rawBody },
      options.siteOrigin(request),
    );
    return reply.status(answer.status).send(answer.body);
  });
}
