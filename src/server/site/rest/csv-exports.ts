import type { FastifyInstance } from 'fastify';
import { interestLabel } from '../../../domain/newsletter-interests.js';
import type { ContactSubmission, NewsletterSubscription, Preorder } from '../../../domain/submissions.js';
import { createCaller } from '../../trpc/app-router.js';
import { createRequestContext, type AppServices } from '../../trpc/context.js';
import { toCsv, type CsvColumn } from '../../../domain/csv.js';
import type { ListedOrder } from '../../sales/orders-repository.js';

export { csvCellText, csvField, toCsv } from '../../../domain/csv.js';

type Caller = ReturnType<typeof createCaller>;

type CsvExport<T> = {
  /** URL /api/admin/{name}.csv */
  name: string;
  /** File name prefix: {filePrefix}-YYYY-MM-DD.csv */
  filePrefix: string;
  load: (caller: Caller) => Promise<T[]>;
  columns: CsvColumn<T>[];
};

const contactExport: CsvExport<ContactSubmission> = {
  name: 'contact',
  filePrefix: 'contact-submissions',
  load: (caller) => caller.admin.contactSubmissions(),
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
  load: async (caller) => {
    const [subscriptions, series] = await Promise.all([caller.admin.newsletterSubscriptions(), caller.series.list()]);
    const names = new Map(series.map((entry) => [entry.id, entry.name]));
    return subscriptions.map((row) => ({
      ...row,
      interestNames: (row.interests ?? []).map((interest) => interestLabel(interest, names)).join('; '),
    }));
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
  load: (caller) => caller.admin.preorders(),
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
  load: (caller) => caller.sales.ordersExport(),
  columns: [
    { header: 'reference', value: (row) => row.reference },
    { header: 'createdAt', value: (row) => row.createdAt },
    { header: 'state', value: (row) => row.state },
    { header: 'heldReason', value: (row) => row.heldReason ?? '' },
    { header: 'buyerEmail', value: (row) => row.buyerEmail },
    { header: 'buyerName', value: (row) => row.buyerName },
    { header: 'bookTitle', value: (row) => row.bookTitle ?? '' },
    { header: 'format', value: (row) => row.format ?? '' },
    { header: 'amount', value: (row) => (row.amount === null ? '' : (row.amount / 100).toFixed(2)) },
    { header: 'currency', value: (row) => row.currency?.toUpperCase() ?? '' },
    { header: 'provider', value: (row) => row.provider },
    { header: 'providerOrderId', value: (row) => row.providerOrderId },
    { header: 'downloads', value: (row) => row.downloads },
    { header: 'marketingConsent', value: (row) => row.marketingConsent },
    { header: 'refundedAt', value: (row) => row.refundedAt ?? '' },
  ],
};

/** The date part of the file name: the UTC day of `now`. */
export function csvFileName(prefix: string, now: Date = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A UTF-8 byte order mark first, so spreadsheet apps (Excel) read accented names correctly. */
const UTF8_BOM = '\uFEFF';

function registerExport<T>(app: FastifyInstance, services: AppServices, spec: CsvExport<T>): void {
  app.get(`/api/admin/${spec.name}.csv`, async (request, reply) => {
    const rows = await spec.load(createCaller(createRequestContext(services, request)));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(spec.filePrefix)}"`)
      .header('cache-control', 'no-store')
      .send(UTF8_BOM + toCsv(spec.columns, rows));
  });
}

/**
 * GET /api/admin/{contact,newsletter,preorders}.csv — admin only. Each calls the same admin
 * procedure as the admin lists through a caller, so authentication lives in one place: a
 * missing or wrong key throws the procedure's TRPCError, which the app's error handler turns
 * into JSON `{ error }` with status 401.
 */
export function registerCsvExports(app: FastifyInstance, services: AppServices): void {
  registerExport(app, services, ordersExport);
  registerExport(app, services, contactExport);
  registerExport(app, services, newsletterExport);
  registerExport(app, services, preordersExport);
}
