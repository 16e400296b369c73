import type { AppDatabase } from '../db/connection.js';
import type { RenderedEmail } from '../newsletter/mail/email-layout.js';
import type { NewsletterTokens } from '../newsletter/newsletter-tokens.js';
import { newId } from '../db/row-conversion.js';

/** Tracked links: `/r/<signed token>`, answered with 302 to the address stored for it (redirect-links.ts). */
export const REDIRECT_PATH = '/r/';

const HREF = /href="(https?:\/\/[^"]+)"/g;
const TEXT_URL = /https?:\/\/[^\s\])>"]+/g;
const MAX_TRACKED_URL_LENGTH = 2000;

/** Links that are the reader's own (unsubscribe, confirm, preferences): never rewritten. */
function isTracked(url: string, siteOrigin: string): boolean {
  if (url.length > MAX_TRACKED_URL_LENGTH) return false;
  try {
    const parsed = new URL(url);
    if (parsed.hostname.endsWith('.invalid')) return false;
    return !(parsed.origin === siteOrigin && parsed.pathname.startsWith('/newsletter/'));
  } catch {
    return false;
  }
}

const decodeHtml = (value: string) => value.replace(/&amp;/g, '&');

/** The issue's links by address, each with the id its /r/ links carry (made once per issue and link). */
export async function issueLinkIds(
  db: AppDatabase,
  issueId: string,
  html: string,
  siteOrigin: string,
): Promise<Map<string, string>> {
  const urls = [...new Set([...html.matchAll(HREF)].map((match) => decodeHtml(match[1]!)))].filter((url) =>
    isTracked(url, siteOrigin),
  );
  if (urls.length === 0) return new Map();
  await db
    .insertInto('newsletterLinks')
    .values(urls.map((url) => ({ id: newId(), issueId, url })))
    .onConflict((conflict) => conflict.columns(['issueId', 'url']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('newsletterLinks')
    .select(['id', 'url'])
    .where('issueId', '=', issueId)
    .where('url', 'in', urls)
    .execute();
  return new Map(rows.map((row) => [row.url, row.id]));
}

/**
 * One recipient's copy of an issue with every tracked link replaced by its signed `/r/` address
 * (in the HTML and the plain text), so a click is counted per recipient and link.
 */
export function withTrackedLinks(
  email: RenderedEmail,
  links: Map<string, string>,
  recipientId: string,
  siteOrigin: string,
  tokens: NewsletterTokens,
): RenderedEmail {
  if (links.size === 0) return email;
  const redirectOf = (url: string) => {
    const linkId = links.get(url);
    return linkId ? `${siteOrigin}${REDIRECT_PATH}${tokens.redirectToken(['l', linkId, recipientId])}` : null;
  };
  const html = email.html.replace(HREF, (match, url: string) => {
    const redirect = redirectOf(decodeHtml(url));
    return redirect ? `href="${redirect}"` : match;
  });
  // Whole addresses only: the site's own address must not be replaced inside the unsubscribe link.
  const text = email.text.replace(TEXT_URL, (url) => redirectOf(url) ?? url);
  return { html, text };
}
