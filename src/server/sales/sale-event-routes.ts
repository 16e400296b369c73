import type { FastifyInstance } from 'fastify';
import { SALE_PROVIDERS, type SaleProvider } from '../../domain/sales.js';
import type { AppDatabase } from '../db/connection.js';
import {
  header,
  MalformedEvent,
  UnverifiedEvent,
  type EventRequest,
} from '../deliverability/provider-events/mail-event.js';
import { applySaleEvent } from './orders-repository.js';
import type { SaleEvent } from './provider-events/sale-event.js';
import { lemonSqueezyEvent, payhipEvent, shopifyEvent } from './provider-events/shared-secret-sales.js';
import { stripeEvent } from './provider-events/stripe-events.js';
import { providerSecret, type SalesConfig } from './sales-config.js';

/** A provider's order event is a few kilobytes; far more than any sends. */
const EVENT_BODY_LIMIT = 256 * 1024;

type Options = {
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

/**
 * POST /api/sales/events/{stripe,lemonsqueezy,payhip,shopify}: a payment provider's order events.
 * The raw body is verified by the provider's own signature scheme before it is parsed; nothing
 * changes on an unverified event (401) or an unreadable one (400). A verified event is applied
 * once (see applySaleEvent) and answered 200, a replay too, so the provider stops retrying.
 */
export async function saleEventRoutes(app: FastifyInstance, options: Options): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { provider: string } }>('/api/sales/events/:provider', async (request, reply) => {
    const provider = request.params.provider as SaleProvider;
    if (!SALE_PROVIDERS.includes(provider))
      return reply.status(404).send({ error: `Unknown payment provider: use one of ${SALE_PROVIDERS.join(', ')}` });
    const secret = await providerSecret(options.db, options.config, provider);
    if (!secret) return reply.status(404).send({ error: `Sales through ${provider} are not configured` });
    const rawBody = typeof request.body === 'string' ? request.body : '';
    let event: SaleEvent;
    try {
      event = verifiedSaleEvent(provider, { headers: request.headers, rawBody }, secret.secret);
    } catch (error) {
      if (error instanceof UnverifiedEvent) return reply.status(401).send({ error: error.message });
      if (error instanceof MalformedEvent) return reply.status(400).send({ error: error.message });
      throw error;
    }
    const origin = options.siteOrigin(request);
    const applied = await applySaleEvent(options.db, provider, event, origin);
    if (applied.queuedEmail) options.onQueued?.();
    if (applied.queuedEmail && event.kind === 'paid' && event.marketingConsent)
      await options.onMarketingConsent?.(event.email, origin);
    return reply.status(200).send({ received: event.kind, ...applied });
  });
}
