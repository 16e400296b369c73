/** Domains that are one mailbox service: their addresses are grouped under the first. */
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/** Providers that ignore dots in the local part (a.b.c@gmail.com is abc@gmail.com). */
const DOTS_IGNORED = new Set(['gmail.com']);

/**
 * The mailbox an address delivers to, for spacing out confirmation emails: lower case, the
 * sub-address tag (`+…`, RFC 5233, honoured by nearly every provider) taken out, and the dots of
 * a provider that ignores them. Only for grouping: mail always goes to the address as given.
 * Grouping two real mailboxes too eagerly costs at most a delayed confirmation; missing a
 * spelling would let a stranger mail one inbox once per spelling.
 */
export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const domainPart = address.slice(at + 1).replace(/\.$/, '');
  const domain = DOMAIN_ALIASES[domainPart] ?? domainPart;
  let local = address.slice(0, at);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTS_IGNORED.has(domain)) local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}
