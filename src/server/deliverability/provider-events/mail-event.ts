import { timingSafeEqual as timingSafeEqualBuffers } from 'node:crypto';

/** What a provider told us about one recipient of one message. */
export type MailEvent = {
  email: string;
  kind: 'hard-bounce' | 'soft-bounce' | 'complaint' | 'delivered';
  /** The message's Message-ID header when the provider passes it on (ours name the issue). */
  messageId: string | null;
  /** The provider's own words (bounce diagnostic, complaint type), kept as the note. */
  detail: string;
  /**
   * The provider's id of the event (`provider:id`, seen-mail-events.ts `eventIdOf`): an event whose id
   * was recorded already changes nothing. Null for reports that carry none (bounces by mail).
   */
  eventId: string | null;
};

/** The request as the route received it: headers and the exact body bytes (signatures cover them). */
export type EventRequest = { headers: Record<string, string | string[] | undefined>; rawBody: string };

/** Unsigned, wrongly signed or unauthenticated: 401, nothing changes. */
export class UnverifiedEvent extends Error {}

/** Verified but unreadable: 400, nothing changes. */
export class MalformedEvent extends Error {}

export function header(request: EventRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new MalformedEvent('The body is not JSON');
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Compares secrets in constant time (different lengths are simply unequal). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqualBuffers(a, b);
}
