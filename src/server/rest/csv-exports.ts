import type { FastifyInstance } from 'fastify';
import { interestLabel } from '../../domain/newsletter-interests.js';
import type { ContactSubmission, NewsletterSubscription, Preorder } from '../../domain/submissions.js';
import { createCaller } from '../trpc/app-router.js';
import { createRequestContext, type AppServices } from '../trpc/context.js';

type Caller = ReturnType<typeof createCaller>;

type CsvCell = string | number | boolean | Date | null | undefined;

/** One column: its header and how a row gives its cell. */
type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

type CsvExport<T> = {
  /** URL /api/admin/{name}.csv */
  name: string;
  /** File name prefix: {filePrefix}-YYYY-MM-DD.csv */
  filePrefix: string;
  load: (caller: Caller) => Promise<T[]>;
  columns: CsvColumn<T>[];
};

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);

/** Text of one cell: ISO dates, true/false, empty for missing values, formulas defused. */
export function csvCellText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  const text = String(value);
  return typeof value === 'string' && FORMULA_TRIGGERS.has(text.charAt(0)) ? `'${text}` : text;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV document: header row, one row per item, CRLF line breaks (RFC 4180). */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvField(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvField(csvCellText(column.value(row)))));
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

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
  registerExport(app, services, contactExport);
  registerExport(app, services, newsletterExport);
  registerExport(app, services, preordersExport);
}
