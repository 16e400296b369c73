import type Stripe from 'stripe';
import { lazyModule } from '../../lazy-module.js';
import { isRecord, MalformedEvent, text, UnverifiedEvent } from '../../deliverability/provider-events/mail-event.js';
import { currencyOf, emailOf, idOf, minorUnits, nameOf, optionalId, recordOf, type SaleEvent } from './sale-event.js';

/** Stripe's own default: a signature older (or newer) than five minutes is refused. */
const STRIPE_TOLERANCE_SECONDS = 300;

/** The `stripe` package (about 34 MB of memory) loads with the first Stripe event, not at start. */
const loadStripe = lazyModule<typeof Stripe>('stripe');
let client: Stripe | undefined;
/** Only its webhook helpers are used: no request ever leaves for Stripe's API. */
const stripeClient = (): Stripe => (client ??= new (loadStripe())('sk_unused_webhooks_only'));

/** The checkout session's payment intent names the order (a refund's charge carries the same). */
function sessionEvent(id: string, session: Record<string, unknown>, cleared: boolean): SaleEvent {
  const sessionId = idOf(session.id, 'checkout session id');
  const details = isRecord(session.customer_details) ? session.customer_details : {};
  const consent = isRecord(session.consent) ? session.consent : {};
  return {
    kind: 'paid',
    eventId: id,
    orderKey: optionalId(session.payment_intent) ?? sessionId,
    sessionId,
    productRefs: [optionalId(session.payment_link)].filter((ref): ref is string => ref !== null),
    clientReference: optionalId(session.client_reference_id),
    amount: minorUnits(session.amount_total),
    currency: currencyOf(session.currency),
    email: emailOf(details.email ?? session.customer_email),
    name: nameOf(details.name),
    marketingConsent: consent.promotions === 'opt_in',
    cleared,
  };
}

/**
 * Stripe: `Stripe-Signature: t=…,v1=…`, HMAC-SHA256 of "{t}.{raw body}" with the endpoint
 * secret, checked by the `stripe` package's `webhooks.constructEvent` with a 300 s tolerance.
 */
export function stripeEvent(rawBody: string, signature: string | undefined, secret: string, now?: number): SaleEvent {
  if (!signature) throw new UnverifiedEvent('The event is not signed (no Stripe-Signature header)');
  let event: { id: unknown; type: unknown; data: unknown };
  try {
    event = stripeClient().webhooks.constructEvent(
      rawBody,
      signature,
      secret,
      STRIPE_TOLERANCE_SECONDS,
      undefined,
      now === undefined ? undefined : Math.floor(now / 1000),
    ) as unknown as typeof event;
  } catch (error) {
    if (error instanceof loadStripe().errors.StripeSignatureVerificationError)
      throw new UnverifiedEvent(`Wrong or expired Stripe signature: ${error.message.split('.')[0]}`);
    throw new MalformedEvent('The body is not a Stripe event');
  }
  const id = idOf(event.id, 'event id');
  const type = text(event.type);
  const object = recordOf(recordOf(event.data, 'data').object, 'data.object');
  switch (type) {
    case 'checkout.session.completed':
      return sessionEvent(
        id,
        object,
        object.payment_status === 'paid' || object.payment_status === 'no_payment_required',
      );
    case 'checkout.session.async_payment_succeeded':
      return sessionEvent(id, object, true);
    case 'charge.refunded':
      // A partial refund leaves the copy with the buyer; only a full one revokes it.
      if (object.refunded !== true) return { kind: 'ignored', eventId: id, type: `${type} (partial)` };
      return {
        kind: 'refunded',
        eventId: id,
        orderKey: optionalId(object.payment_intent) ?? idOf(object.id, 'charge id'),
      };
    default:
      return { kind: 'ignored', eventId: id, type };
  }
}

/** A real signed header for `payload` (tests, the bench and the settings' "send a test event"). */
export function stripeTestSignature(payload: string, secret: string, timestamp?: number): string {
  return stripeClient().webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
}
