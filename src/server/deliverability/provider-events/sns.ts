import { createVerify } from 'node:crypto';
import {
  isRecord,
  MalformedEvent,
  parseJson,
  text,
  UnverifiedEvent,
  type EventRequest,
  type MailEvent,
} from './mail-event.js';
import { eventIdOf } from '../seen-mail-events.js';

/** SNS hosts: `sns.<region>.amazonaws.com` (`.com.cn` in China), the only ones it signs or confirms from. */
const SNS_HOST = /^sns\.([a-z]{2}(?:-[a-z]+)+-\d{1,2})\.amazonaws\.com(\.cn)?$/;
/** SNS's signing certificates are `/SimpleNotificationService-<hex>.pem`. */
const SNS_CERTIFICATE_PATH = /^\/SimpleNotificationService-[0-9A-Za-z]{1,64}\.pem$/;

function snsUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const plain = url.protocol === 'https:' && !url.port && !url.username && !url.password;
  return plain && SNS_HOST.test(url.hostname) ? url : null;
}

/** An https URL on an SNS host: the only kind visited to confirm a subscription. */
const isSnsUrl = (value: string): boolean => snsUrl(value) !== null;

/**
 * A signing-certificate URL as SNS gives it, on the SNS host of the topic's own region
 * (`arn:aws:sns:<region>:…`), with no query: checked before anything is fetched.
 */
function isSnsCertificateUrl(value: string, topicArn: string): boolean {
  const url = snsUrl(value);
  const region = topicArn.split(':')[3];
  return (
    url !== null &&
    !url.search &&
    !url.hash &&
    SNS_CERTIFICATE_PATH.test(url.pathname) &&
    SNS_HOST.exec(url.hostname)?.[1] === region
  );
}

/** The network calls SNS needs, injectable so tests use a local certificate and no outside host. */
export type SnsHttp = {
  /** The PEM certificate at an SNS signing-certificate URL. */
  certificate: (url: string) => Promise<string>;
  /** Visits a SubscribeURL to confirm the subscription. */
  confirm: (url: string) => Promise<void>;
};

const FETCH_TIMEOUT_MS = 5_000;
/** A certificate is a few kilobytes; anything much bigger is not one. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;

/** The real calls, with short timeouts (the route keeps the certificates: sns-certificates.ts). */
export function snsHttp(): SnsHttp {
  return {
    async certificate(url) {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) throw new Error(`The signing certificate answered ${response.status}`);
      if (Number(response.headers.get('content-length') ?? 0) > CERTIFICATE_MAX_BYTES)
        throw new Error('The signing certificate is too large');
      const pem = await response.text();
      if (pem.length > CERTIFICATE_MAX_BYTES) throw new Error('The signing certificate is too large');
      return pem;
    },
    async confirm(url) {
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
      if (!response.ok) throw new Error(`The subscription confirmation answered ${response.status}`);
    },
  };
}

const NOTIFICATION_FIELDS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'];
const SUBSCRIPTION_FIELDS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];

/** The string SNS signs: each present field's name and value, one per line, in this order. */
function snsStringToSign(message: Record<string, unknown>): string {
  const fields = message.Type === 'Notification' ? NOTIFICATION_FIELDS : SUBSCRIPTION_FIELDS;
  return fields
    .filter((field) => typeof message[field] === 'string')
    .map((field) => `${field}\n${message[field] as string}\n`)
    .join('');
}

export type SnsOutcome = { events: MailEvent[]; confirmedSubscription: boolean };

/**
 * Amazon SES through SNS: the notification's signature is checked against the certificate of its
 * SigningCertURL (SNS hosts only), and only the configured topics are accepted. A subscription
 * confirmation is then confirmed by visiting its SubscribeURL (SNS hosts only too).
 */
export async function sesEvents(request: EventRequest, topicArns: string[], http: SnsHttp): Promise<SnsOutcome> {
  const message = parseJson(request.rawBody);
  if (!isRecord(message)) throw new MalformedEvent('Expected an SNS message');
  const certUrl = text(message.SigningCertURL);
  const topicArn = text(message.TopicArn);
  if (!topicArns.includes(topicArn)) throw new UnverifiedEvent('Not a configured topic');
  if (!isSnsCertificateUrl(certUrl, topicArn))
    throw new UnverifiedEvent("The signing certificate is not SNS's for the topic's region");
  const algorithm = message.SignatureVersion === '1' ? 'sha1' : message.SignatureVersion === '2' ? 'sha256' : null;
  if (!algorithm || !text(message.Signature)) throw new UnverifiedEvent('The message is not signed');
  let pem: string;
  try {
    pem = await http.certificate(certUrl);
  } catch {
    throw new UnverifiedEvent('The signing certificate could not be fetched');
  }
  let valid: boolean;
  try {
    valid = createVerify(algorithm)
      .update(snsStringToSign(message))
      .verify(pem, Buffer.from(text(message.Signature), 'base64'));
  } catch {
    valid = false;
  }
  if (!valid) throw new UnverifiedEvent('Wrong signature');

  if (message.Type === 'SubscriptionConfirmation') {
    const subscribeUrl = text(message.SubscribeURL);
    if (!isSnsUrl(subscribeUrl)) throw new MalformedEvent('The SubscribeURL is not an SNS address');
    await http.confirm(subscribeUrl);
    return { events: [], confirmedSubscription: true };
  }
  if (message.Type !== 'Notification') return { events: [], confirmedSubscription: false };
  // SNS's MessageId (signed) names the notification: a replay or SNS's own retry has the same one.
  const events = sesNotificationEvents(parseJson(text(message.Message))).map((event) => ({
    ...event,
    eventId: eventIdOf('ses', text(message.MessageId) && `${text(message.MessageId)}/${event.email}`, [
      message,
      event.email,
    ]),
  }));
  return { events, confirmedSubscription: false };
}

function recipients(list: unknown): string[] {
  return Array.isArray(list)
    ? list.map((entry) => (isRecord(entry) ? text(entry.emailAddress) : '')).filter(Boolean)
    : [];
}

/** An SES notification (or event-publishing record): bounces, complaints, deliveries. */
function sesNotificationEvents(notification: unknown): Omit<MailEvent, 'eventId'>[] {
  if (!isRecord(notification)) throw new MalformedEvent('The SES notification is not an object');
  const type = text(notification.notificationType) || text(notification.eventType);
  const mail = isRecord(notification.mail) ? notification.mail : {};
  const common = isRecord(mail.commonHeaders) ? mail.commonHeaders : {};
  const messageId = text(common.messageId) || null;
  if (type === 'Bounce' && isRecord(notification.bounce)) {
    const bounce = notification.bounce;
    // Permanent: the address is gone. Transient and Undetermined may pass.
    const kind = bounce.bounceType === 'Permanent' ? 'hard-bounce' : 'soft-bounce';
    const detail = `SES: ${text(bounce.bounceType)} ${text(bounce.bounceSubType)}`.trim();
    return recipients(bounce.bouncedRecipients).map((email) => ({ email, kind, messageId, detail }));
  }
  if (type === 'Complaint' && isRecord(notification.complaint)) {
    const complaint = notification.complaint;
    const detail = `SES: complaint ${text(complaint.complaintFeedbackType)}`.trim();
    return recipients(complaint.complainedRecipients).map((email) => ({ email, kind: 'complaint', messageId, detail }));
  }
  if (type === 'Delivery' && isRecord(notification.delivery)) {
    const delivered = notification.delivery.recipients;
    return (Array.isArray(delivered) ? delivered : [])
      .map(text)
      .filter(Boolean)
      .map((email) => ({ email, kind: 'delivered', messageId, detail: '' }));
  }
  return [];
}
