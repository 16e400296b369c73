import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../db/connection.js';
import { applyMailEvents } from './apply-mail-events.js';
import type { MailEventsConfig } from './mail-events-config.js';
import { MalformedEvent, UnverifiedEvent, type EventRequest, type MailEvent } from './provider-events/mail-event.js';
import {
  brevoEvents,
  mailgunEvents,
  postmarkEvents,
  sendgridEvents,
} from './provider-events/shared-secret-providers.js';
import { sesEvents, type SnsHttp } from './provider-events/sns.js';
import { SnsCertificates } from './provider-events/sns-certificates.js';
import type { RateLimiter } from '../site/rate-limit/rate-limiter.js';
import { consumeLimit, REFUSED_MAIL_EVENT_COST, TOO_MANY_REQUESTS } from '../site/rate-limit/request-limits.js';
import { retryAfterSeconds } from '../site/rate-limit/retry-later.js';

const MAIL_EVENT_PROVIDERS = ['ses', 'postmark', 'mailgun', 'sendgrid', 'brevo'] as const;
type Provider = (typeof MAIL_EVENT_PROVIDERS)[number];

/** Provider batches are small; a megabyte is far more than any sends. */
const EVENT_BODY_LIMIT = 1024 * 1024;

type Options = {
  db: AppDatabase;
  config: MailEventsConfig;
  sns: SnsHttp;
  /** The mailEvents limit (request-limits.ts); null when RATE_LIMITS=off. */
  limiter: RateLimiter | null;
};

/** Reads and verifies one provider's request; null when that provider is not configured. */
async function eventsOf(provider: Provider, request: EventRequest, options: Options): Promise<MailEvent[] | null> {
  const { config } = options;
  switch (provider) {
    case 'ses':
      return config.sesTopicArns.length ? (await sesEvents(request, config.sesTopicArns, options.sns)).events : null;
    case 'postmark':
      return config.postmarkAuth ? postmarkEvents(request, config.postmarkAuth) : null;
    case 'mailgun':
      return config.mailgunSigningKey ? mailgunEvents(request, config.mailgunSigningKey) : null;
    case 'sendgrid':
      return config.sendgridPublicKey ? sendgridEvents(request, config.sendgridPublicKey) : null;
    case 'brevo':
      return config.brevoToken ? brevoEvents(request, config.brevoToken) : null;
  }
}

/**
 * POST /api/mail/events/{provider}: bounce and complaint events from the mail provider, each
 * verified by that provider's documented signature or secret before anything changes. The body is
 * read as exact text (signatures cover the bytes; SNS posts JSON as text/plain).
 */
export async function mailEventRoutes(app: FastifyInstance, routeOptions: Options): Promise<void> {
  // Each signing certificate is fetched once while kept, and new ones at most NEW_CERTIFICATE_FETCHES an hour.
  const certificates = new SnsCertificates((url) => routeOptions.sns.certificate(url));
  const options: Options = {
    ...routeOptions,
    sns: { certificate: (url) => certificates.get(url), confirm: (url) => routeOptions.sns.confirm(url) },
  };
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: EVENT_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { provider: string } }>('/api/mail/events/:provider', async (request, reply) => {
    const provider = request.params.provider as Provider;
    if (!MAIL_EVENT_PROVIDERS.includes(provider))
      return reply.status(404).send({ error: `Unknown mail provider: use one of ${MAIL_EVENT_PROVIDERS.join(', ')}` });
    const decision = await consumeLimit(options.limiter, request.ip);
    if (!decision.allowed)
      return reply
        .status(429)
        .header('retry-after', String(retryAfterSeconds(decision.retryAfterMs)))
        .send({ error: TOO_MANY_REQUESTS });
    const rawBody = typeof request.body === 'string' ? request.body : '';
    try {
      const events = await eventsOf(provider, { headers: request.headers, rawBody }, options);
      if (events === null) return reply.status(404).send({ error: `Events from ${provider} are not configured` });
      const applied = await applyMailEvents(options.db, events, options.config.softBounceLimit);
      return reply.status(200).send({ received: events.length, ...applied });
    } catch (error) {
      if (error instanceof UnverifiedEvent) {
        // A forgery costs its address more of the limit than a genuine post.
        await consumeLimit(options.limiter, request.ip, REFUSED_MAIL_EVENT_COST);
        return reply.status(401).send({ error: error.message });
      }
      if (error instanceof MalformedEvent) return reply.status(400).send({ error: error.message });
      throw error;
    }
  });
}
