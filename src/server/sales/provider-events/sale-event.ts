import { isRecord, MalformedEvent, text } from '../../deliverability/provider-events/mail-event.js';

/** A verified payment: what the provider says was bought, by whom, for how much. */
export type PaidEvent = {
  kind: 'paid';
  eventId: string;
  /** The provider's order (Stripe: the payment intent, else the session): refunds name the same. */
  orderKey: string;
  /** Stripe's checkout session id (the thank-you page's success URL carries it). */
  sessionId: string | null;
  /** The product the provider names (Payment Link, variant/product id, product key). */
  productRefs: string[];
  /** Stripe: `client_reference_id`, the sale edition the site put on a session it created. */
  clientReference: string | null;
  /** Minor units (499 = 4.99); null when the provider did not say. */
  amount: number | null;
  /** Lower-case ISO code. */
  currency: string | null;
  email: string;
  name: string;
  /** Ticked at checkout (Stripe consent collection, the provider's marketing opt-in). */
  marketingConsent: boolean;
  /** False while the payment is still clearing (Stripe's delayed methods): the order waits. */
  cleared: boolean;
};

type RefundedEvent = { kind: 'refunded'; eventId: string; orderKey: string };
/** Verified, but not an event the shop acts on: recorded so a replay is recognised, nothing else. */
type IgnoredEvent = { kind: 'ignored'; eventId: string; type: string };

export type SaleEvent = PaidEvent | RefundedEvent | IgnoredEvent;

export const recordOf = (value: unknown, what: string): Record<string, unknown> => {
  if (!isRecord(value)) throw new MalformedEvent(`The event has no ${what}`);
  return value;
};

/** A required id: text or a number (Shopify and Lemon Squeezy ids are numbers). */
export function idOf(value: unknown, what: string): string {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value).trim();
  if (!id || id.length > 200) throw new MalformedEvent(`The event has no ${what}`);
  return id;
}

export const optionalId = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : text(value).trim().slice(0, 200) || null;

/** A whole number of minor units, or null. */
export const minorUnits = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? value
    : typeof value === 'string' && /^\d{1,9}$/.test(value)
      ? Number(value)
      : null;

/** "4.99" (Shopify's money text) → 499. */
export function decimalToMinor(value: unknown): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text(value).trim());
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : null;
}

export const currencyOf = (value: unknown): string | null => {
  const code = text(value).trim().toLowerCase();
  return /^[a-z]{3}$/.test(code) ? code : null;
};

export const emailOf = (value: unknown): string => text(value).trim().toLowerCase().slice(0, 254);
export const nameOf = (value: unknown): string => text(value).trim().replace(/\s+/g, ' ').slice(0, 200);
