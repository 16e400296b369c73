import { MAPPING_FIELDS, type MappingField, type SubscriberMapping } from './import-export.js';

/** Header names (lowercase, spaces and underscores as one) each service uses for a field, most likely first. */
const HEADER_PATTERNS: Record<MappingField, RegExp[]> = {
  email: [/^e-?mail( address)?$/, /^email address$/, /^subscriber( email)?$/, /e-?mail/],
  name: [/^(first name|firstname|fname|name|full name)$/],
  lastName: [/^(last name|lastname|lname|surname)$/],
  status: [/^(status|state|subscriber status|member status|email disabled)$/],
  subscribedAt: [/^(optin time|subscribed at|subscribed|date subscribed|created at|created|date added|signup date)$/],
  confirmedAt: [/^(confirm time|confirmed at|confirmed|date confirmed)$/],
  unsubscribedAt: [/^(unsub time|unsubscribed at|clean time|date unsubscribed)$/],
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
  if (has('member rating') || has('optin time') || has('leid')) return 'mailchimp';
  if (has('active subscription') || has('email disabled')) return 'substack';
  if (has('email address') && has('state')) return 'kit';
  if (has('subscribed') || has('subscribed at') || has('groups')) return 'mailerlite';
  return 'csv';
}

export type ImportedStatus = 'active' | 'unsubscribed' | 'pending';

const UNSUBSCRIBED = /unsub|cancel|inactive|clean|bounce|complain|spam|block|deleted|disabled|opted out/;
const PENDING = /pending|unconfirmed|not confirmed/;

/**
 * The state a status cell means. A column that says whether mail is *disabled* (Substack's email_disabled)
 * reads the other way round: true there means unsubscribed.
 */
export function statusFromCell(value: string, header: string | null): ImportedStatus {
  const cell = value.trim().toLowerCase();
  if (header && /disabled/.test(normalised(header)))
    return cell === 'true' || cell === '1' || cell === 'yes' ? 'unsubscribed' : 'active';
  if (cell === 'false' || cell === 'no' || cell === '0') return 'unsubscribed';
  if (UNSUBSCRIBED.test(cell)) return 'unsubscribed';
  if (PENDING.test(cell)) return 'pending';
  return 'active';
}
