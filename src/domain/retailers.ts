/** Shops a link is recognised from (by host): their name and icon are shown. */
const KNOWN_SHOPS = [
  { id: 'amazon', name: 'Amazon', hosts: ['amazon.com', 'amazon.co.uk', 'amazon.ca', 'amazon.de', 'amzn.to'] },
  { id: 'apple-books', name: 'Apple Books', hosts: ['books.apple.com'] },
  { id: 'barnes-noble', name: 'Barnes & Noble', hosts: ['barnesandnoble.com'] },
  { id: 'bookshop', name: 'Bookshop.org', hosts: ['bookshop.org'] },
  { id: 'kobo', name: 'Kobo', hosts: ['kobo.com'] },
  { id: 'waterstones', name: 'Waterstones', hosts: ['waterstones.com'] },
  { id: 'audible', name: 'Audible', hosts: ['audible.com', 'audible.co.uk'] },
  { id: 'google-play', name: 'Google Play', hosts: ['play.google.com'] },
] as const;

export type ShopId = (typeof KNOWN_SHOPS)[number]['id'];
export type KnownShop = (typeof KNOWN_SHOPS)[number];

export const MAX_RETAILER_LINKS = 12;
export const HTTPS_LINK_MESSAGE = 'Shop link must be an https:// address';
export const LINK_LABEL_MESSAGE = 'Give this shop link a label (the shop is not one the site knows)';

/** True for a well-formed https URL (with a host). */
export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The known shop a link goes to (its host or a subdomain of it), or null. */
export function shopForUrl(value: string): KnownShop | null {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return null;
  }
  return (
    KNOWN_SHOPS.find((shop) => shop.hosts.some((known: string) => host === known || host.endsWith(`.${known}`))) ?? null
  );
}
