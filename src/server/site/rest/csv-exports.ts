import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE, type Page } from '../../../domain/admin-lists.schema.js';
import { interestLabel } from '../../../domain/newsletter-interests.js';
import type { ContactSubmission, NewsletterSubscription, Preorder } from '../../../domain/submissions.js';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext } from '../../trpc/context.js';
import type { AppServices } from '../../services.js';
import { toCsv, toCsvRows, type CsvColumn } from '../../../domain/csv.js';
import type { ListedOrder } from '../../sales/orders-repository.js';
import { ORDER_CSV_COLUMNS } from '../../sales/order-csv.js';
import { ARC_RETAILER_LABELS, type ArcRetailer } from '../../../domain/arc.js';

export { csvCellText, csvField, toCsv } from '../../../domain/csv.js';

type Caller = ReturnType<typeof createCaller>;

type CsvExport<T> = {
  /** URL /api/admin/{name}.csv */
  name: string;
  /** File name prefix: {filePrefix}-YYYY-MM-DD.csv */
  filePrefix: string;
  /** Every row, a page at a time (the admin list's own procedure, each page of its largest size). */
  pages: (caller: Caller) => AsyncIterable<T[]>;
  columns: CsvColumn<T>[];
};

/** The largest page an admin list gives: a big list is exported in as few reads as its limit allows. */
const EXPORT_PAGE = { limit: ADMIN_PAGE.maxLimit };

/** Each page of a paged admin procedure, from the first to the last. */
async function* eachPage<T>(read: (cursor: string | null) => Promise<Page<T>>): AsyncGenerator<T[]> {
  let cursor: string | null = null;
  do {
    const page: Page<T> = await read(cursor);
    yield page.items;
    cursor = page.nextCursor;
  } while (cursor !== null);
}

const contactExport: CsvExport<ContactSubmission> = {
  name: 'contact',
  filePrefix: 'contact-submissions',
  pages: (caller) => eachPage((cursor) => caller.admin.contactSubmissions({ ...EXPORT_PAGE, cursor })),
  columns: [
    { header: 'id', value: (row) => row.id },
    { header: 'createdAt', value: (row) => row.createdAt },
    { header: 'name', value: (row) => row.name },
    { header: 'email', value: (row) => row.email },
    { header: 'message', value: (row) => row.message },
  ],
};

/** Interests by name ("The Ashen Road; New releases only"); empty when never chosen. */
type ExportedSubscription = NewsletterSubscription & { interestNames: string };

const newsletterExport: CsvExport<ExportedSubscription> = {
  name: 'newsletter',
  filePrefix: 'newsletter-subscriptions',
  pages: async function* (caller) {
    const subscriptions = eachPage((cursor) => caller.admin.newsletterSubscriptions({ ...EXPORT_PAGE, cursor }));
    let names: Map<string, string> | null = null;
    for await (const page of subscriptions) {
      names ??= new Map((await caller.series.list()).map((entry) => [entry.id, entry.name]));
      const seriesNames = names;
      yield page.map((row) => ({
        ...row,
        interestNames: (row.interests ?? []).map((interest) => interestLabel(interest, seriesNames)).join('; '),
      }));
    }
  },
  columns: [
    { header: 'id', value: (row) => row.id },
    { header: 'createdAt', value: (row) => row.createdAt },
    { header: 'email', value: (row) => row.email },
    { header: 'isActive', value: (row) => row.isActive },
    { header: 'interests', value: (row) => row.interestNames },
  ],
};

const preordersExport: CsvExport<Preorder> = {
  name: 'preorders',
  filePrefix: 'preorders',
  pages: (caller) => eachPage((cursor) => caller.admin.preorders({ ...EXPORT_PAGE, cursor })),
  columns: [
    { header: 'id', value: (row) => row.id },
    { header: 'createdAt', value: (row) => row.createdAt },
    { header: 'bookId', value: (row) => row.bookId },
    { header: 'bookTitle', value: (row) => row.bookTitle },
    { header: 'preferredFormat', value: (row) => row.preferredFormat },
    { header: 'customerName', value: (row) => row.customerName },
    { header: 'customerEmail', value: (row) => row.customerEmail },
    { header: 'phoneNumber', value: (row) => row.phoneNumber },
    { header: 'specialRequests', value: (row) => row.specialRequests },
  ],
};

const ordersExport: CsvExport<ListedOrder> = {
  name: 'orders',
  filePrefix: 'orders',
  pages: (caller) => eachPage((cursor) => caller.sales.orders({ ...EXPORT_PAGE, cursor })),
  columns: ORDER_CSV_COLUMNS,
};

type ExportedFollower = { handle: string; actorId: string; createdAt: string };

/** GET /api/admin/fediverse/followers.csv: the accounts following the site (docs/fediverse.md). */
const fediverseFollowersExport: CsvExport<ExportedFollower> = {
  name: 'fediverse/followers',
  filePrefix: 'fediverse-followers',
  pages: (caller) => eachPage((cursor) => caller.fediverse.followers({ ...EXPORT_PAGE, cursor })),
  columns: [
    { header: 'handle', value: (row) => row.handle },
    { header: 'actorUrl', value: (row) => row.actorId },
    { header: 'followedAt', value: (row) => row.createdAt },
  ],
};

/** The date part of the file name: the UTC day of `now`. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A UTF-8 byte order mark first, so spreadsheet apps (Excel) read accented names correctly. */
const UTF8_BOM = '\uFEFF';

/** The CSV text of the pages after the first (already read), a page at a time. */
async function* csvText<T>(spec: CsvExport<T>, first: T[], rest: AsyncIterator<T[]>): AsyncGenerator<string> {
  yield UTF8_BOM + toCsv(spec.columns, first);
  for (let page = await rest.next(); !page.done; page = await rest.next()) yield toCsvRows(spec.columns, page.value);
}

function registerExport<T>(app: FastifyInstance, services: AppServices, spec: CsvExport<T>): void {
  app.get(`/api/admin/${spec.name}.csv`, async (request, reply) => {
    const pages = spec.pages(createCaller(createRequestContext(services, request)))[Symbol.asyncIterator]();
    // The first page is read before the answer starts, so a missing key is still a 401 with a JSON body.
    const first = await pages.next();
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(spec.filePrefix)}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csvText(spec, first.done ? [] : first.value, pages)));
  });
}

type ArcReviewRow = { name: string; email: string; retailer: string; url: string; submittedAt: string };

const ARC_REVIEW_COLUMNS: CsvColumn<ArcReviewRow>[] = [
  { header: 'retailer', value: (row) => ARC_RETAILER_LABELS[row.retailer as ArcRetailer] ?? row.retailer },
  { header: 'url', value: (row) => row.url },
  { header: 'name', value: (row) => row.name },
  { header: 'email', value: (row) => row.email },
  { header: 'submittedAt', value: (row) => row.submittedAt },
];

/**
 * GET /api/admin/arc/campaigns/:id/reviews.csv — the review links of one ARC campaign for launch day (one row per
 * link, oldest first), through the same admin procedure as the launch view: 401 without the key, 404 for an unknown
 * campaign. Readers' names are theirs to write, so every cell is defused like the other exports'.
 */
function registerArcReviewsExport(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { id: string } }>('/api/admin/arc/campaigns/:id/reviews.csv', async (request, reply) => {
    const caller = createCaller(createRequestContext(services, request));
    const launch = await caller.arc.launch({ campaignId: request.params.id });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(`arc-reviews-${launch.campaign.bookSlug}`)}"`)
      .header('cache-control', 'no-store')
      .send(UTF8_BOM + toCsv(ARC_REVIEW_COLUMNS, launch.reviews));
  });
}

/**
 * GET /api/admin/{orders,contact,newsletter,preorders,fediverse/followers}.csv — admin only. Each calls the same admin
 * procedure as the admin lists through a caller, so authentication lives in one place: a
 * missing or wrong key throws the procedure's TRPCError, which the app's error handler turns
 * into JSON `{ error }` with status 401. The file is streamed a page at a time (500 rows), so a
 * list of any size costs the server one page of memory.
 */
export function registerCsvExports(app: FastifyInstance, services: AppServices): void {
  registerExport(app, services, ordersExport);
  registerExport(app, services, contactExport);
  registerExport(app, services, newsletterExport);
  registerExport(app, services, preordersExport);
  registerExport(app, services, fediverseFollowersExport);
  registerArcReviewsExport(app, services);
}
