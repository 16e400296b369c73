import type { Migration } from 'kysely';
import * as m01 from './2026-11-22-01-create-users.js';
import * as m02 from './2026-11-22-02-create-admin-sessions.js';
import * as m03 from './2026-11-22-03-create-contact-submissions.js';
import * as m04 from './2026-11-22-04-create-newsletter-subscriptions.js';
import * as m05 from './2026-11-22-05-index-newsletter-email.js';
import * as m06 from './2026-11-22-06-create-books.js';
import * as m07 from './2026-11-22-07-create-excerpts.js';
import * as m08 from './2026-11-22-08-create-blog-posts.js';
import * as m09 from './2026-11-22-09-create-art-pieces.js';
import * as m10 from './2026-11-22-10-create-playlists.js';
import * as m11 from './2026-11-22-11-create-preorders.js';
import * as m12 from './2026-11-22-12-index-excerpts-book-id.js';
import * as m13 from './2026-11-22-13-index-blog-posts-published-at.js';
import * as m14 from './2026-11-23-01-create-write-probe.js';
import * as m21 from './2026-11-23-21-create-series.js';
import * as m22 from './2026-11-23-22-books-as-products.js';
import * as m23 from './2026-11-23-23-art-book.js';
import * as m31 from './2026-11-23-31-newsletter-double-opt-in.js';
import * as m32 from './2026-11-23-32-create-site-secrets.js';
import * as m41 from './2026-11-23-41-create-images.js';
import * as m2410 from './2026-11-24-10-create-site-settings.js';
import * as m2411 from './2026-11-24-11-create-newsletter-issues.js';
import * as m2412 from './2026-11-24-12-create-mail-queue.js';
import * as m2413 from './2026-11-24-13-mail-bounces-and-preorder-notices.js';
import * as m2430 from './2026-11-24-30-create-search-index.js';
import * as m2440 from './2026-11-24-40-excerpt-positions.js';
import * as m2441 from './2026-11-24-41-create-slug-redirects.js';
import * as m60 from './2026-11-24-60-create-stored-uploads.js';
import * as m61 from './2026-11-24-61-create-login-throttle.js';
import * as m2480 from './2026-11-24-80-writing-posts.js';
import * as m2490 from './2026-11-24-90-create-postgres-search-index.js';
import * as m2510 from './2026-11-25-10-index-mail-queue-by-mailing.js';
import * as m2520 from './2026-11-25-20-search-vectors-stored-inline.js';
import * as m2521 from './2026-11-25-21-index-unpublished-posts.js';
import * as m2529 from './2026-11-25-29-subscriber-source.js';
import * as m2534 from './2026-11-25-34-create-admin-login-addresses.js';
import * as m2538 from './2026-11-25-38-confirmation-mailboxes.js';
import * as m2547 from './2026-11-25-47-issue-post-and-archive.js';
import * as m2552 from './2026-11-25-52-create-imported-items.js';
import * as m2553 from './2026-11-25-53-subscriber-name.js';
import * as m2560 from './2026-11-25-60-create-analytics.js';
import * as m2561 from './2026-11-25-61-create-newsletter-clicks.js';
import * as m2562 from './2026-11-25-62-analytics-event-views.js';
import * as m2563 from './2026-11-25-63-create-shop-clicks.js';
import * as m2570 from './2026-11-25-70-reader-preferences.js';
import * as m2571 from './2026-11-25-71-create-gifts.js';
import * as m2580 from './2026-11-25-80-create-mail-suppressions.js';
import * as m2581 from './2026-11-25-81-create-mail-soft-bounces.js';
import * as m2582 from './2026-11-25-82-create-paused-mailings.js';
import * as m2591 from './2026-11-25-91-create-rate-limit-counts.js';
import * as m26110 from './2026-11-26-10-create-mail-return-paths.js';
import * as m26220 from './2026-11-26-20-create-signup-abuse.js';
import * as m2630 from './2026-11-26-30-image-references.js';
import * as m2730 from './2026-11-27-30-create-download-meters.js';
import * as m2740 from './2026-11-27-40-create-mail-event-ids.js';
import * as m27140 from './2026-11-27-40-index-admin-lists.js';
import * as m27150 from './2026-11-27-50-create-sales.js';
import * as m2750 from './2026-11-27-50-index-subscriber-filters.js';
import * as m2760 from './2026-11-27-60-edition-files.js';
import * as m2770 from './2026-11-27-70-index-mail-queue-lanes.js';
import * as m27701 from './2026-11-27-70-index-sale-orders.js';
import * as m27702 from './2026-11-27-70-reader-changes.js';
import * as m2771 from './2026-11-27-71-sale-orders-erased.js';
import * as m2780 from './2026-11-27-80-create-arc-team.js';
import * as m2785 from './2026-11-27-85-create-blog-categories.js';
import * as m2786 from './2026-11-27-86-create-blog-tags.js';
import * as m2790 from './2026-11-27-90-create-comments.js';
import * as m2797 from './2026-11-27-97-issue-sends-with-post.js';
import * as m2798 from './2026-11-27-98-excerpt-slugs.js';
import * as m2830 from './2026-11-28-30-create-fediverse.js';
import * as m2840 from './2026-11-28-40-create-site-pages.js';
import * as m2850 from './2026-11-28-50-search-post-tags.js';
import * as m2870 from './2026-11-28-70-fediverse-replies.js';
import * as m2880 from './2026-11-28-80-fediverse-objects.js';

/** Every migration, by its date-prefixed name (applied in name order). Add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '2026-11-22-01-create-users': m01,
  '2026-11-22-02-create-admin-sessions': m02,
  '2026-11-22-03-create-contact-submissions': m03,
  '2026-11-22-04-create-newsletter-subscriptions': m04,
  '2026-11-22-05-index-newsletter-email': m05,
  '2026-11-22-06-create-books': m06,
  '2026-11-22-07-create-excerpts': m07,
  '2026-11-22-08-create-blog-posts': m08,
  '2026-11-22-09-create-art-pieces': m09,
  '2026-11-22-10-create-playlists': m10,
  '2026-11-22-11-create-preorders': m11,
  '2026-11-22-12-index-excerpts-book-id': m12,
  '2026-11-22-13-index-blog-posts-published-at': m13,
  '2026-11-23-01-create-write-probe': m14,
  '2026-11-23-21-create-series': m21,
  '2026-11-23-22-books-as-products': m22,
  '2026-11-23-23-art-book': m23,
  '2026-11-23-31-newsletter-double-opt-in': m31,
  '2026-11-23-32-create-site-secrets': m32,
  '2026-11-23-41-create-images': m41,
  '2026-11-24-10-create-site-settings': m2410,
  '2026-11-24-11-create-newsletter-issues': m2411,
  '2026-11-24-12-create-mail-queue': m2412,
  '2026-11-24-13-mail-bounces-and-preorder-notices': m2413,
  '2026-11-24-30-create-search-index': m2430,
  '2026-11-24-40-excerpt-positions': m2440,
  '2026-11-24-41-create-slug-redirects': m2441,
  '2026-11-24-60-create-stored-uploads': m60,
  '2026-11-24-61-create-login-throttle': m61,
  '2026-11-24-80-writing-posts': m2480,
  '2026-11-24-90-create-postgres-search-index': m2490,
  '2026-11-25-10-index-mail-queue-by-mailing': m2510,
  '2026-11-25-20-search-vectors-stored-inline': m2520,
  '2026-11-25-21-index-unpublished-posts': m2521,
  '2026-11-25-29-subscriber-source': m2529,
  '2026-11-25-34-create-admin-login-addresses': m2534,
  '2026-11-25-38-confirmation-mailboxes': m2538,
  '2026-11-25-47-issue-post-and-archive': m2547,
  '2026-11-25-52-create-imported-items': m2552,
  '2026-11-25-53-subscriber-name': m2553,
  '2026-11-25-60-create-analytics': m2560,
  '2026-11-25-61-create-newsletter-clicks': m2561,
  '2026-11-25-62-analytics-event-views': m2562,
  '2026-11-25-63-create-shop-clicks': m2563,
  '2026-11-25-70-reader-preferences': m2570,
  '2026-11-25-71-create-gifts': m2571,
  '2026-11-25-80-create-mail-suppressions': m2580,
  '2026-11-25-81-create-mail-soft-bounces': m2581,
  '2026-11-25-82-create-paused-mailings': m2582,
  '2026-11-25-91-create-rate-limit-counts': m2591,
  '2026-11-26-10-create-mail-return-paths': m26110,
  '2026-11-26-20-create-signup-abuse': m26220,
  '2026-11-26-30-image-references': m2630,
  '2026-11-27-30-create-download-meters': m2730,
  '2026-11-27-40-create-mail-event-ids': m2740,
  '2026-11-27-40-index-admin-lists': m27140,
  '2026-11-27-50-create-sales': m27150,
  '2026-11-27-50-index-subscriber-filters': m2750,
  '2026-11-27-60-edition-files': m2760,
  '2026-11-27-70-index-mail-queue-lanes': m2770,
  '2026-11-27-70-index-sale-orders': m27701,
  '2026-11-27-70-reader-changes': m27702,
  '2026-11-27-71-sale-orders-erased': m2771,
  '2026-11-27-80-create-arc-team': m2780,
  '2026-11-27-85-create-blog-categories': m2785,
  '2026-11-27-86-create-blog-tags': m2786,
  '2026-11-27-90-create-comments': m2790,
  '2026-11-27-97-issue-sends-with-post': m2797,
  '2026-11-27-98-excerpt-slugs': m2798,
  '2026-11-28-30-create-fediverse': m2830,
  '2026-11-28-40-create-site-pages': m2840,
  '2026-11-28-50-search-post-tags': m2850,
  '2026-11-28-70-fediverse-replies': m2870,
  '2026-11-28-80-fediverse-objects': m2880,
};
