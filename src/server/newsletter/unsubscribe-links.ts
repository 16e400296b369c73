import type { MailSender } from './mail/mail-config.js';

export const UNSUBSCRIBE_PATH = '/newsletter/unsubscribe';
export const CONFIRM_PATH = '/newsletter/confirm';
/** The confirmation email's "this wasn't me" link (src/server/newsletter/signup-abuse/not-me-page.ts). */
export const NOT_ME_PATH = '/newsletter/not-me';

export function linkWithToken(origin: string, pathname: string, token: string): string {
  const url = new URL(pathname, origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** Domains no mailbox answers on: a mailto unsubscribe there would go nowhere. */
const UNREACHABLE_DOMAIN = /(^|\.)(localhost|local|invalid|test|example)$|^[^.]+$/i;
const NO_REPLY = /^no-?reply/i;

/** The sender's address, when a reader's "unsubscribe" email to it would reach someone. */
function unsubscribeMailbox(from: MailSender): string | null {
  const [local = '', domain = ''] = from.address.split('@');
  return UNREACHABLE_DOMAIN.test(domain) || NO_REPLY.test(local) ? null : from.address;
}

export type UnsubscribeLink = { url: string; headers: Record<string, string> };

/**
 * The per-recipient unsubscribe URL and the headers that let mail clients offer it: the URL
 * (plus a mailto when the sender's mailbox is real) and RFC 8058 one-click, which POSTs
 * `List-Unsubscribe=One-Click` to that URL.
 */
export function unsubscribeLinkFor(origin: string, token: string, from: MailSender): UnsubscribeLink {
  const url = linkWithToken(origin, UNSUBSCRIBE_PATH, token);
  const targets = [`<${url}>`];
  const mailbox = unsubscribeMailbox(from);
  if (mailbox) targets.push(`<mailto:${mailbox}?subject=unsubscribe>`);
  return {
    url,
    headers: { 'List-Unsubscribe': targets.join(', '), 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
