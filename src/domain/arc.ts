/** The ARC team (issue 34): advance reader copies, zod-free (the reader pages and the admin share it). */

export const ARC_PATH = '/arc';

/** Where a reader reviews; the order the forms show them. */
export const ARC_RETAILERS = ['amazon', 'goodreads', 'bookbub', 'storygraph', 'blog'] as const;
export type ArcRetailer = (typeof ARC_RETAILERS)[number];

export const ARC_RETAILER_LABELS: Record<ArcRetailer, string> = {
  amazon: 'Amazon',
  goodreads: 'Goodreads',
  bookbub: 'BookBub',
  storygraph: 'The StoryGraph',
  blog: 'Blog',
};

/** Where each retailer's links live: examples shown beside the field and in its refusal. */
const RETAILER_HOSTS: Record<Exclude<ArcRetailer, 'blog'>, { test: (host: string) => boolean; example: string }> = {
  // amazon.com, amazon.co.uk, amazon.com.au, amazon.de … with or without www.
  amazon: {
    test: (host) => /^(www\.)?amazon\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host),
    example: 'https://www.amazon.com/…',
  },
  goodreads: {
    test: (host) => host === 'goodreads.com' || host === 'www.goodreads.com',
    example: 'https://www.goodreads.com/…',
  },
  bookbub: {
    test: (host) => host === 'bookbub.com' || host === 'www.bookbub.com',
    example: 'https://www.bookbub.com/…',
  },
  storygraph: { test: (host) => host === 'app.thestorygraph.com', example: 'https://app.thestorygraph.com/…' },
};

const ARC_LINK_MAX = 2000;

/**
 * Why a link is not the right shape for this retailer (null when it is): https only (no javascript:, data:,
 * http:), no user name or password, the retailer's own host (a blog: any https host), at most 2,000 characters.
 * Only the shape is checked: the site never fetches the page.
 */
export function arcLinkProblem(retailer: ArcRetailer, value: string): string | null {
  const label = ARC_RETAILER_LABELS[retailer];
  if (value.length > ARC_LINK_MAX)
    return `${label} link must be at most ${ARC_LINK_MAX.toLocaleString('en-US')} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${label} link must be a full https:// address`;
  }
  if (url.protocol !== 'https:' || !url.hostname) return `${label} link must be a full https:// address`;
  if (url.username || url.password) return `${label} link must not carry a user name or password`;
  if (retailer === 'blog') return url.hostname.includes('.') ? null : 'Blog link must be a public https:// address';
  const host = RETAILER_HOSTS[retailer];
  return host.test(url.hostname.toLowerCase())
    ? null
    : `${label} link must be on ${new URL(host.example.replace('…', '')).hostname} (${host.example})`;
}

export const ARC_GENRES = [
  'Epic fantasy',
  'Dark fantasy',
  'Romantasy',
  'Science fiction',
  'Mystery',
  'Historical',
  'Horror',
  'Literary',
] as const;

export const ARC_CAMPAIGN_STATES = ['open', 'closed'] as const;
export type ArcCampaignState = (typeof ARC_CAMPAIGN_STATES)[number];
export type ArcApplicationState = 'applied' | 'selected' | 'declined' | 'stepped-back';

/** A reader's record with this author, over every campaign: what the ranking reads. */
export type ArcRecord = {
  campaigns: number;
  downloaded: number;
  reviewsOnTime: number;
  reviewsLate: number;
  steppedBack: number;
  /** Selected, deadline passed, no review and no step back. */
  noShows: number;
};

/**
 * The ranking score: reviews on time count most, a late one less, a step back is fair (a small minus),
 * a no-show costs most; a copy downloaded counts a little; an interest in this book's series or in
 * everything adds one. New readers start at 0 (ahead of readers with no-shows).
 */
export function arcScore(record: ArcRecord, interested: boolean): number {
  return (
    record.reviewsOnTime * 10 +
    record.reviewsLate * 4 +
    record.downloaded -
    record.steppedBack * 2 -
    record.noShows * 12 +
    (interested ? 1 : 0)
  );
}

/** Held back by the campaign's setting: selected before and never reviewed (no review, no step back). */
export const isNonReviewer = (record: ArcRecord) =>
  record.noShows > 0 && record.reviewsOnTime + record.reviewsLate === 0;

/** The retailers' and the FTC's rules, in the selection email and the review page. */
export const ARC_HONEST_REVIEWS =
  'Please post an honest review by the date above, whether or not you enjoyed the book: this free copy does not ask for a positive review.';
export const ARC_DISCLOSURE = 'I received a free advance copy of this book and am leaving this review voluntarily.';
