import { MAPPING_FIELDS, type MappingField, type SubscriberMapping } from './import-export.js';

/** Header names (lowercase, spaces and underscores as one) each service uses for a field, most likely first. */
const HEADER_PATTERNS: Record<MappingField, RegExp[]> = {
  email: [/^e-?mail( address)?$/, /^email address$/, /^subscriber( email)?$/, /e-?mail/],
  name: [/^(first name|firstname|fname|name|full name)$/],
  lastName: [/^(last name|lastname|lname|surname)$/],
  status: [/^(status|state|subscriber status|member status|email disabled|subscribed to emails)$/],
  subscribedAt: [/^(optin time|subscribed at|subscribed|date subscribed|created at|created|date added|signup date)$/],
  confirmedAt: [/^(confirm time|confirmed at|confirmed|date confirmed)$/],
  unsubscribedAt: [/^(unsub time|unsubscribed at|clean time|date unsubscribed)$/],
  deletedAt: [/^(deleted at|date deleted)$/],
  labels: [/^(labels|tags|groups|interests)$/],
};

const normalised = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, ' ');

/** The columns a subscribers CSV's headers most likely hold (the author can change each). */
export function detectSubscriberMapping(headers: readonly string[]): SubscriberMapping {
  const taken = new Set<string>();
  const mapping = Object.fromEntries(MAPPING_FIELDS.map((field) => [field, null])) as SubscriberMapping;
  for (const field of MAPPING_FIELDS) {
    for (const pattern of HEADER_PATTERNS[field]) {
      const header = headers.find((candidate) => !taken.has(candidate) && pattern.test(normalised(candidate)));
      if (header !== undefined) {
        mapping[field] = header;
        taken.add(header);
        break;
      }
    }
  }
  return mapping;
}

/** Which service a subscribers CSV came from, by the headers only it writes; `csv` for any other. */
export function detectMailService(headers: readonly string[]): string {
  const has = (name: string) => headers.some((header) => normalised(header) === name);
  if (has('subscribed to emails') && (has('complimentary plan') || has('stripe customer id'))) return 'ghost';
  if (has('member rating') || has('optin time') || has('leid')) return 'mailchimp';
  if (has('active subscription') || has('email disabled')) return 'substack';
  if (has('email address') && has('state')) return 'kit';
  if (has('subscribed') || has('subscribed at') || has('groups')) return 'mailerlite';
  return 'csv';
}

/** `unknown`: a status this mapping does not know (transactional, archived, …): not consent, so never mailed. */
export type ImportedStatus = 'active' | 'unsubscribed' | 'pending' | 'unknown';

/** The cells that mean subscribed, exactly: anything else is not consent. */
const ACTIVE = new Set(['active', 'subscribed', 'confirmed', 'opted in', 'opt in', 'true', 'yes', '1']);
const UNSUBSCRIBED =
  /^(unsub|unsubscribed|cancel|cancelled|canceled|inactive|cleaned|clean|bounced|hard bounce|soft bounce|bounce|complained|complaint|spam|spam complaint|blocked|blocklisted|deleted|disabled|opted out|opt out|false|no|0)$/;
const PENDING = /^(pending|unconfirmed|not confirmed|awaiting confirmation)$/;

/**
 * The state a status cell means. Unknown means not subscribed: only the values services write for a subscribed
 * person count as consent. A column that says whether mail is *disabled* (Substack's email_disabled) reads the
 * other way round: true there means unsubscribed.
 */
export function statusFromCell(value: string, header: string | null): ImportedStatus {
  const cell = value
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  if (header && /disabled/.test(normalised(header))) {
    if (cell === 'true' || cell === '1' || cell === 'yes') return 'unsubscribed';
    return cell === 'false' || cell === '0' || cell === 'no' ? 'active' : 'unknown';
  }
  if (ACTIVE.has(cell)) return 'active';
  if (UNSUBSCRIBED.test(cell)) return 'unsubscribed';
  if (PENDING.test(cell)) return 'pending';
  return 'unknown';
}

/** A labels/tags/groups cell's names: split on commas, semicolons or bars, quotes taken off. */
export function labelsFromCell(value: string): string[] {
  return value
    .split(/[,;|]/)
    .map((label) =>
      label
        .trim()
        .replace(/^["']+|["']+$/g, '')
        .trim(),
    )
    .filter(Boolean);
}
