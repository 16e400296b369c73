import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Table interfaces as stored. Columns are snake_case in SQL and camelCase here (CamelCasePlugin).
 * Timestamps are ISO-8601 text (they sort correctly); booleans are 0/1; lists are JSON text.
 * Repositories convert these at their edge, so the same queries could run on PostgreSQL.
 */
interface UsersTable {
  id: string;
  username: string;
  password: string;
}

interface AdminSessionsTable {
  id: string;
  tokenHash: string;
  createdAt: string;
  expiresAt: string;
}

interface ContactSubmissionsTable {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  isActive: number;
  createdAt: string;
  /** Null until the confirmation link is followed. */
  confirmedAt: string | null;
  /** Part of the pending confirmation link; cleared once used, so a link works once. */
  confirmationNonce: string | null;
  /** When the last confirmation email was claimed for sending (resends are spaced). */
  confirmationSentAt: string | null;
  /** Set when the relay refused the address permanently (5xx): nothing is sent to it again. */
  bouncedAt: Generated<string | null>;
  /** Where the subscriber came from: `form:<page path>`, `api` or `import:<service>`; null before it was recorded. */
  source: Generated<string | null>;
  /** When the address stopped receiving the newsletter (unsubscribed); null while subscribed. */
  unsubscribedAt: Generated<string | null>;
  /** The name a mailing-list service exported with the address; null when unknown. */
  name: Generated<string | null>;
  /** JSON list of interests (`everything`, `new-releases`, `series:<id>`); null when never chosen. */
  interests: Generated<string | null>;
  /** Issues are held back until then (the preferences page's "pause for a month"). */
  pausedUntil: Generated<string | null>;
}

interface BooksTable {
  id: string;
  title: string;
  description: string;
  coverImage: string;
  /** The processed upload `coverImage` shows (images.name), if it is one. */
  coverImageId: Generated<string | null>;
  status: string;
  price: string | null;
  order: number;
  slug: Generated<string>;
  seriesId: string | null;
  seriesNumber: number | null;
  /** JSON list of editions. */
  editions: Generated<string>;
  /** JSON list of shop links for the book as a whole. */
  retailerLinks: Generated<string>;
}

interface SeriesTable {
  id: string;
  name: string;
  description: string;
  readingOrderNote: string;
}

interface ExcerptsTable {
  id: string;
  bookId: string;
  title: string;
  description: string;
  content: string;
  readTime: string;
  spoilerLevel: string;
  contentFormat: Generated<string>;
  /** 1, 2, 3… within the book: the reading order the author sets (opening pages first). */
  position: Generated<number>;
  /** The page's address, /excerpts/<slug> (unique; made from the title). */
  slug: string;
}

/**
 * An old address of an item (kind 'book': /books/<oldSlug>; 'post': /blog/<oldSlug>; 'excerpt': /excerpts/<oldSlug>)
 * that now redirects to it.
 */
interface SlugRedirectsTable {
  kind: string;
  oldSlug: string;
  targetId: string;
  createdAt: string;
}

/** The blog's categories, the author's own (posts name theirs by slug). */
interface BlogCategoriesTable {
  id: string;
  slug: string;
  label: string;
  color: string;
  /** The order of the blog's filters and the editor's choices, 0 first. */
  position: number;
}

/** A post's tags, in the order the author gave them. */
interface BlogTagsTable {
  id: string;
  slug: string;
  label: string;
}

interface BlogPostTagsTable {
  postId: string;
  tagId: string;
  position: number;
}

/** The author's pages (/<slug>, or under a parent page). */
interface SitePagesTable {
  id: string;
  /** '' for a top-level page. */
  parentId: Generated<string>;
  slug: string;
  title: string;
  content: string;
  contentFormat: Generated<string>;
  /** 'draft', 'scheduled' or 'published'. */
  status: Generated<string>;
  /** Published: when; scheduled: when it will be; draft: when it was last saved. */
  publishedAt: string;
  metaDescription: Generated<string>;
  socialImage: Generated<string>;
  updatedAt: string;
}

interface BlogPostsTable {
  id: string;
  title: string;
  summary: string;
  content: string;
  category: string;
  coverImage: string;
  /** The processed upload `coverImage` shows (images.name), if it is one. */
  coverImageId: Generated<string | null>;
  /** Published: when it was published; scheduled: when it will be; draft: when it was last saved. */
  publishedAt: string;
  contentFormat: Generated<string>;
  /** 'draft', 'scheduled' or 'published'. */
  status: Generated<string>;
  slug: string;
  metaDescription: Generated<string>;
  socialImage: Generated<string>;
}

/** The earlier slugs of posts whose slug was edited: their addresses answer 301 to the post. */
interface ArtPiecesTable {
  id: string;
  title: string;
  imageUrl: string;
  /** The processed upload `imageUrl` shows (images.name), if it is one. */
  imageId: Generated<string | null>;
  artist: string;
  type: string;
  description: string;
  /** The book the piece belongs to, if any. */
  bookId: string | null;
}

interface ImagesTable {
  /** The upload's file name in DATA_DIR/uploads. */
  name: string;
  width: number;
  height: number;
  /** A CSS colour shown until the image arrives. */
  placeholder: string;
  /** JSON list of StoredVariant. */
  variants: string;
  createdAt: string;
}

/** Upload bytes when the site runs on PostgreSQL (see content/uploads/upload-store.ts); empty on SQLite. */
interface StoredUploadsTable {
  name: string;
  data: Buffer;
  bytes: number;
  storedAt: string;
}

/** The last confirmation email per mailbox (see newsletter/mailbox-key.ts). */
interface ConfirmationMailboxesTable {
  mailbox: string;
  sentAt: string;
}

/** Confirmation emails of one clock hour in one lane of the hourly caps (migration 2026-11-26-20). */
interface ConfirmationSendCountsTable {
  /**
   * `*` (the open share of every confirmation), `*reserved` (the share kept for a network's first),
   * `domain:<destination domain>`, `unverified` (no solved challenge), `network:<a /24 or /48>`, or
   * `asked-network:<…>` (what a network asked for in the hour, wherever it was booked).
   */
  lane: string;
  /** Hours since the epoch (UTC). */
  hour: number;
  sent: number;
  /** When a confirmation last found this hour full (the global lane's switches the challenge on). */
  fullAt: string | null;
}

/** What a download allowance has used, in thousandths of a whole file (migration 2026-11-27-30). */
interface DownloadMetersTable {
  /** The allowance's owner: `gift-link:<gift_links.id>`. */
  meter: string;
  used: number;
}

/** Proof-of-work challenges already used (each works once), kept until they expire. */
interface SignupChallengeUsesTable {
  signature: string;
  expiresAt: string;
}

/** Addresses the admin has logged in from (digests; see migration 2026-11-25-34). */
interface AdminLoginAddressesTable {
  addressDigest: string;
  lastLoginAt: string;
}

/** Failed password attempts per address, shared by instances on one PostgreSQL (see auth/database-guess-throttle.ts). */
interface LoginThrottleTable {
  address: string;
  failures: number;
  lastAttemptAt: string;
  /** Set while a check of this address runs; ISO text. */
  checkStartedAt: string | null;
}

/** Hits per limit and address in the current window, shared by instances on one PostgreSQL (see rate-limit/). */
interface RateLimitCountsTable {
  limitName: string;
  key: string;
  count: number;
  /** When the window ends; ISO text. */
  resetAt: string;
}

interface PlaylistsTable {
  id: string;
  title: string;
  description: string;
  tracks: string;
  spotifyUrl: string | null;
  appleMusicUrl: string | null;
  createdAt: string;
}

interface PreordersTable {
  id: string;
  bookId: string;
  bookTitle: string;
  customerName: string;
  customerEmail: string;
  preferredFormat: string;
  phoneNumber: string | null;
  specialRequests: string | null;
  createdAt: string;
  /** When the customer was told the book is out; a preorder is notified once. */
  notifiedAt: Generated<string | null>;
}

interface SiteSecretsTable {
  name: string;
  value: string;
  createdAt: string;
}

interface SiteSettingsTable {
  key: string;
  /** JSON text. */
  value: string;
  updatedAt: string;
}

interface NewsletterIssuesTable {
  id: string;
  subject: string;
  preheader: string;
  /** Markdown. */
  body: string;
  /** 'draft' | 'sending' | 'sent' */
  status: string;
  createdAt: string;
  updatedAt: string;
  /** When "Send" was pressed. */
  sentAt: string | null;
  /** The blog post it was sent for ("Publish and send to subscribers"). */
  postId: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: listed in the public web archive (/newsletter/archive). */
  inArchive: ColumnType<number, number | undefined, number>;
  /** JSON audience the issue was sent to; null for everyone. */
  audience: Generated<string | null>;
  /** 0: the welcome email, 1–3: follow-ups; null for an ordinary issue. */
  sequenceStep: Generated<number | null>;
  /** Follow-ups: days after confirmation. */
  delayDays: Generated<number | null>;
  sequenceEnabled: Generated<number>;
  /** 1: a draft that goes out when its post (`postId`), scheduled, is published. */
  sendWithPost: Generated<number>;
  /** The site origin the links of an issue sent with its post use. */
  sendOrigin: Generated<string | null>;
}

interface GiftsTable {
  id: string;
  title: string;
  description: string;
  coverImage: string;
  isActive: number;
  createdAt: string;
  updatedAt: string;
}

interface GiftFilesTable {
  id: string;
  giftId: string;
  /** epub | pdf | mobi | azw3 | mp3 | m4b */
  format: string;
  filename: string;
  bytes: number;
  createdAt: string;
}

/** A gift file's bytes on PostgreSQL, in 1 MB pieces (SQLite keeps files in DATA_DIR/gift-files). */
interface GiftFileChunksTable {
  fileId: string;
  seq: number;
  data: Buffer;
}

/** A file the author delivers for a book's edition (src/server/sales/copies). */
interface EditionFilesTable {
  id: string;
  bookId: string;
  /** The edition's format: ebook | audiobook (its files), see src/domain/editions.ts. */
  editionFormat: string;
  /** epub | pdf | mobi | azw3 | mp3 | m4b */
  kind: string;
  filename: string;
  /** bigint on PostgreSQL (read as a string there). */
  bytes: number | string;
  /** The order of an audiobook's chapters. */
  position: number;
  /** JSON: what the upload check found (EditionFileCheck). */
  checked: string;
  createdAt: string;
}

/** A buyer's personal copy of an edition file, made once per purchase and kept. */
/** The ARC team (issue 34): a book's advance-copy campaign. */
interface ArcCampaignsTable {
  id: string;
  bookId: string;
  editionFileId: string | null;
  places: number;
  /** The review deadline (ISO timestamp; release day). */
  reviewBy: string;
  promise: string;
  /** `open` (taking applications) or `closed`. */
  state: string;
  holdBackNonReviewers: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

interface ArcApplicationsTable {
  id: string;
  campaignId: string;
  subscriptionId: string;
  name: string;
  /** JSON object: retailer → profile link. */
  profiles: string;
  /** JSON list of genres. */
  genres: string;
  /** `applied`, `selected`, `declined`, `stepped-back`. */
  state: string;
  fingerprint: string;
  copyFileId: string | null;
  /** The site's address when selected: the reminders' links use it. */
  siteOrigin: string | null;
  selectedAt: string | null;
  downloadedAt: string | null;
  downloads: Generated<number>;
  steppedBackAt: string | null;
  reviewedAt: string | null;
  downloadReminderAt: string | null;
  deadlineReminderAt: string | null;
  createdAt: string;
}

interface ArcReviewsTable {
  applicationId: string;
  campaignId: string;
  retailer: string;
  url: string;
  submittedAt: string;
}

interface PersonalCopiesTable {
  id: string;
  editionFileId: string;
  orderRef: string;
  fingerprint: string;
  buyerName: string;
  fileName: string;
  contentType: string;
  bytes: number | string;
  madeAt: string;
}

/** Edition files' and personal copies' bytes on PostgreSQL, in 1 MB pieces (SQLite: DATA_DIR/sales-files). */
interface SalesFileChunksTable {
  fileId: string;
  seq: number;
  data: Buffer;
}

interface GiftLinksTable {
  id: string;
  subscriptionId: string;
  /** Whole downloads as counted before download_meters (2026-11-27-30); no longer written. */
  downloads: Generated<number>;
  createdAt: string;
  resentAt: string | null;
}

/** An edition's "Sell direct" settings (see src/server/sales). */
interface SaleEditionsTable {
  id: string;
  bookId: string;
  /** ebook | audiobook */
  format: string;
  /** stripe | lemonsqueezy | payhip | shopify */
  provider: string;
  /** Stripe Payment Link id, Lemon Squeezy variant/product id, Payhip product key, Shopify product id. */
  productId: string;
  checkoutUrl: string;
  /** The expected price in minor units (499 = 4.99). */
  amount: number;
  /** Lower-case ISO code: usd, eur… */
  currency: string;
  isActive: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

/** One order per provider order; unique on (provider, providerOrderId). */
interface SaleOrdersTable {
  id: string;
  /** Short, shown to the buyer and the author (e.g. "A7K3Q9ZD"). */
  reference: string;
  provider: string;
  /** Stripe: the payment intent (else the session); Lemon Squeezy, Shopify: the order id; Payhip: the transaction id. */
  providerOrderId: string;
  /** Stripe's checkout session id (the thank-you page's key). */
  checkoutSessionId: string | null;
  saleEditionId: string | null;
  bookId: string | null;
  format: string | null;
  /** The product the provider named (kept when it matched no edition). */
  productRef: string | null;
  /** Lower-cased; empty for a refund seen before its payment. */
  buyerEmail: Generated<string>;
  buyerName: Generated<string>;
  amount: number | null;
  currency: string | null;
  /** pending | paid | delivered | refunded | held */
  state: string;
  heldReason: string | null;
  marketingConsent: Generated<number>;
  downloads: Generated<number>;
  /** The copy's invisible per-purchase mark. */
  fingerprint: string;
  /** The stored personal copy (made once, then re-sent as a plain file). */
  copyFileId: string | null;
  paidAt: string | null;
  deliveredAt: string | null;
  refundedAt: string | null;
  resentAt: string | null;
  /** The buyer was erased at their request: name and email gone, links refused, amounts kept. */
  erasedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Every provider event id seen: its primary key makes a replay (or a second instance) change nothing. */
interface SaleEventsTable {
  provider: string;
  eventId: string;
  kind: string;
  orderId: string | null;
  receivedAt: string;
}

interface LibrarySignInsTable {
  id: string;
  email: string;
  createdAt: string;
}

interface MailQueueTable {
  /** A newsletter issue's id, or `book:<id>` for the notice of a published book to its preorders. */
  mailingId: string;
  /** The subscription (issue) or the preorder (book notice). */
  recipientId: string;
  /** 'issue' | 'preorder' | 'confirmation' (held back by the hourly caps; mailing `confirmation`) | 'purchase' (an order's download email; mailing `purchase`) | 'comment-sign-in' (a commenter's sign-in link; mailing `comment-sign-in`, recipient the sign-in row) */
  kind: string;
  email: string;
  /** The origin of every link in the message (PUBLIC_URL, or the admin's when it was queued). */
  siteOrigin: string;
  /** pending | sending | sent | failed | uncertain | skipped */
  status: string;
  attempts: Generated<number>;
  lastError: string | null;
  nextAttemptAt: string;
  /** When the worker took the row to hand it to the relay. */
  claimedAt: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** Items an import brought in (see import-export/). */
interface ImportedItemsTable {
  source: string;
  kind: string;
  sourceId: string;
  targetId: string;
  importedAt: string;
}

/** Old addresses on the service a post came from, answered with 301 to the post. */
interface LegacyPathsTable {
  path: string;
  kind: string;
  targetId: string;
}

/** See src/server/deliverability/README.md. */
interface MailSuppressionsTable {
  /** Lower-cased. */
  email: string;
  /** bounce | complaint | unsubscribed | manual */
  reason: string;
  createdAt: string;
  /** The newsletter issue whose send revealed it, when one did. */
  issueId: string | null;
  note: string | null;
}

interface MailSuppressionRemovalsTable {
  id: string;
  email: string;
  suppressedReason: string;
  suppressedAt: string;
  removalReason: string;
  removedAt: string;
}

interface MailSoftBouncesTable {
  email: string;
  /** Soft bounces in a row (a delivery resets it). */
  bounces: number;
  lastAt: string;
}

/** Provider mail events already recorded, by `provider:id` (deliverability/seen-mail-events.ts). */
interface MailEventIdsTable {
  eventId: string;
  seenAt: string;
}

/** The VERP token of each message sent (deliverability/return-paths.ts). */
interface MailReturnPathsTable {
  token: string;
  email: string;
  messageId: string;
  createdAt: string;
}

interface PausedMailingsTable {
  mailingId: string;
  pausedAt: string;
  reason: string;
  /** Set when the author resumed the send; it is then never paused automatically again. */
  resumedAt: string | null;
}

interface WriteProbeTable {
  id: number;
  checkedAt: string;
}

/** Analytics (src/server/analytics): raw page views (30 days) and their daily/hourly roll-ups. */
interface AnalyticsEventsTable {
  day: string;
  hour: number;
  path: string;
  source: string | null;
  campaign: string | null;
  device: string;
  /** A hash of address and user agent with the day's salt; never the address. */
  visitor: string;
  /** Identical views written as one row (see 2026-11-25-62-analytics-event-views). */
  views: Generated<number>;
}
interface AnalyticsDailyTotalsTable {
  day: string;
  views: number;
  visitors: number;
}
interface AnalyticsHourlyTable {
  day: string;
  hour: number;
  views: number;
  visitors: number;
}
interface AnalyticsDailyPagesTable {
  day: string;
  path: string;
  views: number;
  visitors: number;
}
interface AnalyticsDailySourcesTable {
  day: string;
  /** '' for direct visits. */
  source: string;
  /** '' without a campaign. */
  campaign: string;
  views: number;
  visitors: number;
}
interface AnalyticsDailyDevicesTable {
  day: string;
  device: string;
  views: number;
  visitors: number;
}
interface AnalyticsSaltsTable {
  day: string;
  salt: string;
}
interface AnalyticsAdminVisitorsTable {
  day: string;
  visitor: string;
}
interface NewsletterLinksTable {
  id: string;
  issueId: string;
  url: string;
}
interface NewsletterLinkClicksTable {
  linkId: string;
  subscriberId: string;
  clickedAt: string;
}
/** The author's changes to a reader, with the reason (migration 2026-11-27-70). */
interface ReaderChangesTable {
  id: string;
  subscriptionId: string;
  /** In words: "Unsubscribed by the author", "Name set to …", "Interests: …". */
  change: string;
  reason: string | null;
  changedAt: string;
}
interface ShopClicksTable {
  bookId: string;
  shop: string;
  day: string;
  clicks: number;
}

/** A reader who signs in to comment: a confirmed newsletter subscription and the name shown (src/server/comments). */
interface CommentReadersTable {
  id: string;
  subscriptionId: string;
  displayName: string;
  bannedAt: string | null;
  createdAt: string;
}

/** A comment sign-in link sent: the emailed token names the row, never the address. */
interface CommentSignInsTable {
  id: string;
  subscriptionId: string;
  /** The page the reader came from (a post or excerpt path), where the link brings them back. */
  returnPath: string;
  createdAt: string;
}

/** A comment under a post or an excerpt: a reader's (origin 'site') or a fediverse reply. */
interface CommentsTable {
  id: string;
  /** 'post' | 'excerpt' */
  targetKind: string;
  targetId: string;
  /** The top-level comment this one replies to (one level deep). */
  parentId: string | null;
  /** 'site' | 'fediverse' */
  origin: Generated<string>;
  readerId: string | null;
  remoteAuthorName: string | null;
  remoteAuthorServer: string | null;
  remoteAuthorUrl: string | null;
  /** A remote object's id (a fediverse reply lands once). */
  remoteId: string | null;
  /** The fediverse account that wrote the reply: only it may edit or delete it. */
  remoteActorId: string | null;
  /** The Markdown subset as written. */
  body: string;
  /** 'held' | 'approved' | 'hidden' | 'deleted' */
  status: string;
  spoiler: Generated<number>;
  reportCount: Generated<number>;
  createdAt: string;
  editedAt: string | null;
}

interface CommentReportsTable {
  commentId: string;
  readerId: string;
  createdAt: string;
}

/** Items whose comments the author turned off. */
interface CommentTargetsTable {
  targetKind: string;
  targetId: string;
  commentsOff: number;
}

/** The site actor's key pairs (src/server/fediverse), one per algorithm, as JWK. */
interface FediverseKeysTable {
  /** 'RSASSA-PKCS1-v1_5' | 'Ed25519' */
  algorithm: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: string;
}

/** Fedify's key–value store: the key is the JSON of Fedify's key parts. */
interface FediverseKvTable {
  key: string;
  /** JSON */
  value: string;
  expiresAt: string | null;
}

/** Fedify's durable message queue (outgoing deliveries, their retries). */
interface FediverseQueueTable {
  id: string;
  /** JSON of Fedify's message */
  message: string;
  runAt: string;
  createdAt: string;
}

/** An account following the site. */
interface FediverseFollowersTable {
  actorId: string;
  /** @name@server */
  handle: string;
  server: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
  /** 'accepted' | 'pending' */
  status: string;
  createdAt: string;
}

/** A like or boost of a post, counted once per account (and kept under its activity's id, for its Undo). */
interface FediverseReactionsTable {
  activityId: string;
  postId: string;
  /** 'like' | 'boost' */
  kind: string;
  actorId: string;
  createdAt: string;
}

/** A post sent to the followers as `Create`; `edited` until its `Update` goes out. */
/** A post or excerpt the followers were sent (or, `shared` 0, an excerpt seen while sharing them was off). */
interface FediverseObjectsTable {
  objectId: string;
  /** 'post' | 'excerpt' */
  kind: string;
  shared: Generated<number>;
  /** 1 once edited since it was sent: an `Update` goes out. */
  edited: Generated<number>;
  federatedAt: string;
}

/** An account (its actor id) or a server (its host name) the site refuses. */
interface FediverseBlocksTable {
  target: string;
  /** 'account' | 'server' */
  kind: string;
  createdAt: string;
}

export interface Database {
  users: UsersTable;
  adminSessions: AdminSessionsTable;
  contactSubmissions: ContactSubmissionsTable;
  newsletterSubscriptions: NewsletterSubscriptionsTable;
  books: BooksTable;
  series: SeriesTable;
  excerpts: ExcerptsTable;
  blogPosts: BlogPostsTable;
  sitePages: SitePagesTable;
  blogCategories: BlogCategoriesTable;
  blogTags: BlogTagsTable;
  blogPostTags: BlogPostTagsTable;
  artPieces: ArtPiecesTable;
  images: ImagesTable;
  storedUploads: StoredUploadsTable;
  loginThrottle: LoginThrottleTable;
  rateLimitCounts: RateLimitCountsTable;
  confirmationMailboxes: ConfirmationMailboxesTable;
  confirmationSendCounts: ConfirmationSendCountsTable;
  downloadMeters: DownloadMetersTable;
  signupChallengeUses: SignupChallengeUsesTable;
  adminLoginAddresses: AdminLoginAddressesTable;
  slugRedirects: SlugRedirectsTable;
  playlists: PlaylistsTable;
  preorders: PreordersTable;
  writeProbe: WriteProbeTable;
  siteSecrets: SiteSecretsTable;
  siteSettings: SiteSettingsTable;
  newsletterIssues: NewsletterIssuesTable;
  mailQueue: MailQueueTable;
  importedItems: ImportedItemsTable;
  legacyPaths: LegacyPathsTable;
  analyticsEvents: AnalyticsEventsTable;
  analyticsDailyTotals: AnalyticsDailyTotalsTable;
  analyticsHourly: AnalyticsHourlyTable;
  analyticsDailyPages: AnalyticsDailyPagesTable;
  analyticsDailySources: AnalyticsDailySourcesTable;
  analyticsDailyDevices: AnalyticsDailyDevicesTable;
  analyticsSalts: AnalyticsSaltsTable;
  analyticsAdminVisitors: AnalyticsAdminVisitorsTable;
  newsletterLinks: NewsletterLinksTable;
  newsletterLinkClicks: NewsletterLinkClicksTable;
  gifts: GiftsTable;
  giftFiles: GiftFilesTable;
  giftFileChunks: GiftFileChunksTable;
  giftLinks: GiftLinksTable;
  editionFiles: EditionFilesTable;
  personalCopies: PersonalCopiesTable;
  salesFileChunks: SalesFileChunksTable;
  mailSuppressions: MailSuppressionsTable;
  mailSuppressionRemovals: MailSuppressionRemovalsTable;
  mailSoftBounces: MailSoftBouncesTable;
  pausedMailings: PausedMailingsTable;
  mailReturnPaths: MailReturnPathsTable;
  mailEventIds: MailEventIdsTable;
  shopClicks: ShopClicksTable;
  readerChanges: ReaderChangesTable;
  saleEditions: SaleEditionsTable;
  saleOrders: SaleOrdersTable;
  saleEvents: SaleEventsTable;
  librarySignIns: LibrarySignInsTable;
  arcCampaigns: ArcCampaignsTable;
  arcApplications: ArcApplicationsTable;
  arcReviews: ArcReviewsTable;
  commentReaders: CommentReadersTable;
  commentSignIns: CommentSignInsTable;
  comments: CommentsTable;
  commentReports: CommentReportsTable;
  commentTargets: CommentTargetsTable;
  fediverseKeys: FediverseKeysTable;
  fediverseKv: FediverseKvTable;
  fediverseQueue: FediverseQueueTable;
  fediverseFollowers: FediverseFollowersTable;
  fediverseReactions: FediverseReactionsTable;
  fediverseBlocks: FediverseBlocksTable;
  fediverseObjects: FediverseObjectsTable;
}

export type ExcerptRow = Selectable<ExcerptsTable>;
export type BlogPostRow = Selectable<BlogPostsTable>;
export type SitePageRow = Selectable<SitePagesTable>;
export type ArtPieceRow = Selectable<ArtPiecesTable>;
export type PlaylistRow = Selectable<PlaylistsTable>;
export type PreorderRow = Selectable<PreordersTable>;
