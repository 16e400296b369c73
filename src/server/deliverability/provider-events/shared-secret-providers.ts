import { createHmac, createVerify } from 'node:crypto';
import {
  header,
  isRecord,
  MalformedEvent,
  parseJson,
  sameSecret,
  text,
  UnverifiedEvent,
  type EventRequest,
  type MailEvent,
} from './mail-event.js';
import { eventIdOf } from '../seen-mail-events.js';

/** Signed events older than this are refused as replays. */
const MAX_AGE_SECONDS = 15 * 60;

function checkFreshness(timestamp: string, now: number): void {
  const seconds = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now / 1000 - seconds) > MAX_AGE_SECONDS)
    throw new UnverifiedEvent('The signature timestamp is missing or too old');
}

function listOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (isRecord(body)) return [body];
  throw new MalformedEvent('Expected an event object or a list of events');
}

/** Postmark: HTTP basic authentication with the credentials put in the webhook URL (its documented way). */
export function postmarkEvents(request: EventRequest, auth: string): MailEvent[] {
  const given = header(request, 'authorization') ?? '';
  const expected = `Basic ${Buffer.from(auth).toString('base64')}`;
  if (!sameSecret(given, expected)) throw new UnverifiedEvent('Missing or wrong basic authentication');
  return listOf(parseJson(request.rawBody)).flatMap((event): MailEvent[] => {
    if (!isRecord(event)) return [];
    const email = text(event.Email ?? event.Recipient);
    const messageId = null;
    // Bounces and complaints carry Postmark's `ID`; a delivery has none and is keyed by its content.
    const eventId = eventIdOf('postmark', event.ID, event);
    if (!email) return [];
    if (event.RecordType === 'SpamComplaint')
      return [{ email, kind: 'complaint', messageId, detail: 'Postmark: spam complaint', eventId }];
    if (event.RecordType === 'Delivery') return [{ email, kind: 'delivered', messageId, detail: '', eventId }];
    if (event.RecordType !== 'Bounce') return [];
    const type = text(event.Type);
    const detail = `Postmark: ${type} ${text(event.Description)}`.trim();
    // Postmark's hard types; the rest (SoftBounce, Transient, DnsError, AutoResponder…) are temporary.
    const hard = ['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated', 'Unsubscribe', 'SpamNotification'];
    if (type === 'SpamComplaint') return [{ email, kind: 'complaint', messageId, detail, eventId }];
    return [{ email, kind: hard.includes(type) ? 'hard-bounce' : 'soft-bounce', messageId, detail, eventId }];
  });
}

/**
 * Mailgun: HMAC-SHA256 of timestamp + token with the webhook signing key, in the body's `signature`.
 * The signature covers the timestamp and token, not the event, so the token is the event's id: a
 * token is accepted once (Mailgun's documented replay defence), whatever event comes with it again.
 */
export function mailgunEvents(request: EventRequest, signingKey: string, now = Date.now()): MailEvent[] {
  const body = parseJson(request.rawBody);
  const signature = isRecord(body) && isRecord(body.signature) ? body.signature : null;
  if (!signature) throw new UnverifiedEvent('The event is not signed');
  const timestamp = text(signature.timestamp);
  const token = text(signature.token);
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  if (!token || !sameSecret(text(signature.signature), expected)) throw new UnverifiedEvent('Wrong signature');
  checkFreshness(timestamp, now);
  const eventId = eventIdOf('mailgun', token, null);
  const data = isRecord(body) && isRecord(body['event-data']) ? body['event-data'] : null;
  if (!data) throw new MalformedEvent('No event-data');
  const email = text(data.recipient);
  if (!email) return [];
  const message = isRecord(data.message) && isRecord(data.message.headers) ? data.message.headers : {};
  const messageId = text(message['message-id']) || null;
  const status = isRecord(data['delivery-status']) ? data['delivery-status'] : {};
  const detail = `Mailgun: ${text(data.event)} ${text(status.description) || text(status.message)}`.trim();
  if (data.event === 'complained') return [{ email, kind: 'complaint', messageId, detail, eventId }];
  if (data.event === 'delivered') return [{ email, kind: 'delivered', messageId, detail, eventId }];
  if (data.event !== 'failed') return [];
  return [{ email, kind: data.severity === 'permanent' ? 'hard-bounce' : 'soft-bounce', messageId, detail, eventId }];
}

/**
 * SendGrid's signed Event Webhook: an ECDSA (P-256, SHA-256) signature of timestamp + raw body,
 * checked with the verification key from its settings.
 */
export function sendgridEvents(request: EventRequest, publicKey: string, now = Date.now()): MailEvent[] {
  const signature = header(request, 'x-twilio-email-event-webhook-signature');
  const timestamp = header(request, 'x-twilio-email-event-webhook-timestamp');
  if (!signature || !timestamp) throw new UnverifiedEvent('The event is not signed');
  const verifier = createVerify('sha256');
  verifier.update(timestamp + request.rawBody);
  let valid: boolean;
  try {
    valid = verifier.verify(
      { key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' },
      Buffer.from(signature, 'base64'),
    );
  } catch {
    valid = false;
  }
  if (!valid) throw new UnverifiedEvent('Wrong signature');
  checkFreshness(timestamp, now);
  return listOf(parseJson(request.rawBody)).flatMap((event): MailEvent[] => {
    if (!isRecord(event)) return [];
    const email = text(event.email);
    if (!email) return [];
    const messageId = text(event['smtp-id']) || null;
    const detail = `SendGrid: ${text(event.event)} ${text(event.reason)}`.trim();
    const eventId = eventIdOf('sendgrid', event.sg_event_id, event);
    switch (event.event) {
      case 'spamreport':
        return [{ email, kind: 'complaint', messageId, detail, eventId }];
      case 'delivered':
        return [{ email, kind: 'delivered', messageId, detail, eventId }];
      // `bounce` of type `blocked` is a refusal for now (reputation, content), not a dead address.
      case 'bounce':
        return [{ email, kind: event.type === 'blocked' ? 'soft-bounce' : 'hard-bounce', messageId, detail, eventId }];
      case 'deferred':
        return [{ email, kind: 'soft-bounce', messageId, detail, eventId }];
      default:
        return [];
    }
  });
}

/** Brevo: the bearer token set as the webhook's authentication (its documented token header). */
export function brevoEvents(request: EventRequest, token: string): MailEvent[] {
  if (!sameSecret(header(request, 'authorization') ?? '', `Bearer ${token}`))
    throw new UnverifiedEvent('Missing or wrong bearer token');
  return listOf(parseJson(request.rawBody)).flatMap((event): MailEvent[] => {
    if (!isRecord(event)) return [];
    const email = text(event.email);
    if (!email) return [];
    const messageId = text(event['message-id']) || null;
    const detail = `Brevo: ${text(event.event)} ${text(event.reason)}`.trim();
    // Brevo's `id` names the webhook, not the event: the event is keyed by its content (message id, ts_event).
    const eventId = eventIdOf('brevo', undefined, event);
    switch (event.event) {
      case 'spam':
      case 'complaint':
        return [{ email, kind: 'complaint', messageId, detail, eventId }];
      case 'hard_bounce':
      case 'hardBounce':
      case 'invalid_email':
        return [{ email, kind: 'hard-bounce', messageId, detail, eventId }];
      case 'soft_bounce':
      case 'softBounce':
        return [{ email, kind: 'soft-bounce', messageId, detail, eventId }];
      case 'delivered':
        return [{ email, kind: 'delivered', messageId, detail, eventId }];
      default:
        return [];
    }
  });
}
