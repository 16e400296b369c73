import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import { sql } from 'kysely';
import { z } from 'zod';
import { emailSchema } from '../../domain/fields.schema.js';
import {
  MAPPING_FIELDS,
  type ImportItem,
  type StatusCount,
  type SubscriberMapping,
} from '../../domain/import-export.js';
import { EVERYTHING, NEW_RELEASES, seriesInterest } from '../../domain/newsletter-interests.js';
import { slugify } from '../../domain/slugs.js';
import { TEXT_LIMITS } from '../../domain/limits.js';
import {
  detectMailService,
  detectSubscriberMapping,
  labelsFromCell,
  statusFromCell,
  type ImportedStatus,
} from '../../domain/subscriber-mapping.js';
import type { AppDatabase } from '../db/connection.js';
import { findSuppressed, suppressionKey } from '../deliverability/suppression-list.js';
import { newId, timestampNow, toStoredBoolean } from '../db/row-conversion.js';
import { writeInChunks } from './chunked-writes.js';
import { FORMULA_START, type ConsentStatement } from './consent-statement.js';
import { ImportRefused } from './import-refused.js';
import { NdjsonFile } from './ndjson-file.js';
import type { SummaryRecorder } from './summary-recorder.js';

/** More rows than any author's list: refused before anything is written. */
const MAX_SUBSCRIBER_ROWS = 200_000;
/** Rows of the file whose addresses are looked up on the list at once. */
const EXISTING_BATCH = 500;
/**
 * Subscriber rows written per transaction. They are small, so a chunk of 1,000 still takes a few milliseconds; what
 * a chunk costs on SQLite is mostly its commit, which writes every index page it touched to the WAL (the address
 * index takes rows in no order), and 1,000 rows touch far fewer pages than four chunks of 250 (100,000 rows: 2.9 s
 * of commits in 400 chunks: npm run bench:import, docs/operations.md).
 */
export const SUBSCRIBER_WRITE_CHUNK = 1000;

const NO_EMAIL_COLUMN =
  'No email column found in this CSV: choose which column holds the addresses (mapping), or check it is a subscribers CSV';

/** The `mapping` field: each of the fields, a header of the file or null; unknown keys refused. */
const mappingInputSchema = z
  .object(Object.fromEntries(MAPPING_FIELDS.map((field) => [field, z.string().max(200).nullable().optional()])))
  .strict();

function parseMapping(text: string | undefined): Partial<SubscriberMapping> | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportRefused('The mapping must be JSON, e.g. {"email": "Email Address", "name": "First Name"}');
  }
  const parsed = mappingInputSchema.safeParse(json);
  if (!parsed.success)
    throw new ImportRefused(
      `The mapping may name only the fields ${MAPPING_FIELDS.join(', ')}, each a column header or null`,
    );
  return parsed.data as Partial<SubscriberMapping>;
}

const NEEDS_CONSENT =
  'This file has no status column: say where these people agreed to get your newsletter, or import them as not mailed';
const NEEDS_CONSENT_FIELDS = `${NEEDS_CONSENT} (the fields consent=given with consentSource, or consent=none)`;

/** Distinct status values counted in the summary; further ones are counted together. */
const MAX_STATUS_VALUES = 30;
const MEANING: Record<ImportedStatus, StatusCount['meaning']> = {
  active: 'subscribed',
  unsubscribed: 'unsubscribed',
  pending: 'pending',
  unknown: 'not mailed',
};

/** The site's interests by the names a label may use: a series' name or slug, "new releases", "everything". */
async function interestsByLabel(db: AppDatabase): Promise<Map<string, string>> {
  const byLabel = new Map<string, string>([
    ['new releases', NEW_RELEASES],
    ['new-releases', NEW_RELEASES],
    ['everything', EVERYTHING],
  ]);
  for (const series of await db.selectFrom('series').select(['id', 'name']).execute()) {
    byLabel.set(series.name.trim().toLowerCase(), seriesInterest(series.id));
    byLabel.set(slugify(series.name), seriesInterest(series.id));
  }
  return byLabel;
}

function dateOf(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const text = value.trim();
  // "2021-03-04 10:00:00" (Mailchimp, MailerLite) is UTC.
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type NewRow = {
  id: string;
  email: string;
  name: string | null;
  isActive: number;
  createdAt: string;
  confirmedAt: string | null;
  confirmationNonce: null;
  confirmationSentAt: null;
  source: string;
  unsubscribedAt: string | null;
  /** From labels that name an interest (a series, new releases, everything); absent when none do. */
  interests?: string;
};

/** What one row of the file comes to, recorded once its address has been checked against the suppression list. */
type Outcome = { item: ImportItem; row?: NewRow; unsubscribe?: { id: string; at: string } };

/** Rows whose addresses are looked up on the suppression list at once. */
const SUPPRESSION_BATCH = 500;
/**
 * An address on the suppression list (a bounce, a complaint, an unsubscribe, the author's own) is left out rather
 * than imported as unsubscribed: the list keeps it from every mailing anyway, and should the author take it off
 * the suppression list, importing the file again brings it in.
 */
const SUPPRESSED = 'suppressed: on the suppression list (Admin → Mail), so it is never mailed';

function notMailedReason(unconsented: boolean, status: string): string {
  if (unconsented) return 'no status and no consent stated: kept, not mailed';
  return `status "${status.slice(0, 40)}" is not a subscription: kept, not mailed`;
}

/** The rows of a CSV, streamed; a file past MAX_SUBSCRIBER_ROWS or not CSV at all is refused. */
async function* csvRecords(file: string): AsyncGenerator<string[]> {
  const parser = createReadStream(file).pipe(
    parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024, trim: false }),
  );
  let count = 0;
  try {
    for await (const record of parser) {
      count += 1;
      if (count > MAX_SUBSCRIBER_ROWS + 1)
        throw new ImportRefused(
          `This CSV has more than ${MAX_SUBSCRIBER_ROWS.toLocaleString('en')} rows: split it into smaller files`,
          413,
        );
      yield record as string[];
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`The CSV could not be read: ${(error as Error).message}`);
  }
}

/**
 * The records, read a batch ahead: before a batch is handed on, `existing` holds the list's subscriptions for its
 * addresses (by lower-cased address), found through the index on lower(email). The whole list is never read.
 */
async function* withExistingLookedUp(
  db: AppDatabase,
  records: AsyncIterable<string[]>,
  emailColumn: number,
  existing: Map<string, { id: string; isActive: number }>,
): AsyncGenerator<string[]> {
  let batch: string[][] = [];
  const lookUp = async () => {
    existing.clear();
    const keys = [...new Set(batch.map((record) => (record[emailColumn] ?? '').trim().toLowerCase()))];
    const rows = await db
      .selectFrom('newsletterSubscriptions')
      .select(['id', 'email', 'isActive'])
      .where(sql<string>`lower(email)`, 'in', keys)
      .execute();
    for (const row of rows) existing.set(row.email.toLowerCase(), row);
  };
  for await (const record of records) {
    batch.push(record);
    if (batch.length < EXISTING_BATCH) continue;
    await lookUp();
    yield* batch;
    batch = [];
  }
  if (batch.length === 0) return;
  await lookUp();
  yield* batch;
}

/**
 * The header row, trimmed, and the column each field is read from: the one the author mapped, else the one its
 * header names (detected); a mapped column the file does not have is refused.
 */
async function readMapping(
  records: AsyncIterator<string[]>,
  given: Partial<SubscriberMapping> | undefined,
): Promise<{ headers: string[]; mapping: SubscriberMapping }> {
  const first = await records.next();
  if (first.done) throw new ImportRefused('The CSV is empty');
  const headers = first.value.map((header) => header.trim());
  const mapping = { ...detectSubscriberMapping(headers), ...given };
  for (const field of MAPPING_FIELDS) {
    const header = mapping[field];
    if (header && !headers.includes(header))
      throw new ImportRefused(`The mapping names the column "${header}", which this CSV does not have`);
  }
  return { headers, mapping };
}

/** Where each field is in a row: its column's index, -1 when the file has none. */
function columnsOf(headers: string[], mapping: SubscriberMapping): RowContext['at'] {
  const column = (field: keyof SubscriberMapping) => (mapping[field] ? headers.indexOf(mapping[field]) : -1);
  return {
    email: column('email'),
    name: column('name'),
    lastName: column('lastName'),
    status: column('status'),
    subscribedAt: column('subscribedAt'),
    confirmedAt: column('confirmedAt'),
    unsubscribedAt: column('unsubscribedAt'),
    deletedAt: column('deletedAt'),
    labels: column('labels'),
  };
}

/** Where checked rows go: the rows to add (a scratch file; none on a dry run), the unsubscribes, the summary. */
type CheckedRows = {
  inserts: NdjsonFile<NewRow> | null;
  unsubscribes: { id: string; at: string }[];
  recorder: SummaryRecorder;
};

/**
 * Records a batch of outcomes in the file's order, their new subscriptions' addresses looked up on the suppression
 * list together: one there is skipped, the others kept for writing.
 */
async function settleOutcomes(db: AppDatabase, waiting: Outcome[], checked: CheckedRows): Promise<void> {
  const subscribing = waiting.filter((outcome) => outcome.row?.isActive);
  const suppressed = await findSuppressed(
    db,
    subscribing.map((outcome) => outcome.row!.email),
  );
  for (const outcome of waiting) {
    if (outcome.row?.isActive && suppressed.has(suppressionKey(outcome.row.email))) {
      checked.recorder.record(
        { item: outcome.item.item, kind: 'subscriber', action: 'skip', reason: SUPPRESSED },
        false,
      );
      continue;
    }
    if (outcome.row) await checked.inserts?.write(outcome.row);
    if (outcome.unsubscribe) checked.unsubscribes.push(outcome.unsubscribe);
    checked.recorder.record(outcome.item, false);
  }
}

/** What checking the rows counted for the summary. */
type RowTotals = {
  rowsRead: number;
  /** Rows with no status column and no confirmation date: only the author can say they agreed. */
  withoutConsent: number;
  statuses: StatusCount[];
};

/**
 * Every row of the file judged (the list's own rows for their addresses looked up a batch ahead, not the whole
 * list), then settled SUPPRESSION_BATCH at a time: those to add kept in the scratch file.
 */
async function checkRows(
  db: AppDatabase,
  records: AsyncIterable<string[]>,
  context: RowContext,
  checked: CheckedRows,
): Promise<RowTotals> {
  const statuses = new StatusTally(context.at.status >= 0);
  let rowsRead = 0;
  let withoutConsent = 0;
  // Rows wait here, in the file's order, until their addresses are looked up on the suppression list together.
  let waiting: Outcome[] = [];
  for await (const record of withExistingLookedUp(db, records, context.at.email, context.existing)) {
    rowsRead += 1;
    if (waiting.length >= SUPPRESSION_BATCH) {
      await settleOutcomes(db, waiting, checked);
      waiting = [];
    }
    // The header is line 1.
    const judged = judgeRecord(record, rowsRead + 1, context);
    if (judged.status) statuses.count(judged.statusCell, judged.status);
    if (judged.unconsented) withoutConsent += 1;
    waiting.push(judged.outcome);
  }
  await settleOutcomes(db, waiting, checked);
  return { rowsRead, withoutConsent, statuses: statuses.sorted() };
}

/** What was said of consent, in the summary; rows no one said agreed are refused unless it is a dry run. */
function recordConsent(
  recorder: SummaryRecorder,
  withoutConsent: number,
  consent: ConsentStatement | undefined,
  writing: boolean,
): void {
  if (withoutConsent === 0 && !consent) return;
  const required = withoutConsent > 0 && !consent;
  recorder.summary.consent = {
    required,
    rows: withoutConsent,
    choice: consent?.choice ?? null,
    source: consent?.source ?? null,
  };
  if (required) recorder.warn('file', NEEDS_CONSENT);
  if (required && writing) throw new ImportRefused(NEEDS_CONSENT_FIELDS);
}

/**
 * A subscribers CSV (Mailchimp, MailerLite, Kit, Substack or any with an email column) into the list. Consent is
 * kept: active rows count as confirmed (no confirmation mail is sent), unsubscribed or cleaned ones are kept as
 * unsubscribed, never mailed; pending ones never confirmed and are left out; an address on the suppression list
 * is left out too (unless the file has it unsubscribed). Each row records its service and its dates. Everything is
 * checked first, the rows to add kept in a scratch file (in `scratch`) rather than in memory; they are then written
 * in chunks of SUBSCRIBER_WRITE_CHUNK rows, each its own transaction, the site serving other requests between two.
 */
export async function importSubscribers(
  db: AppDatabase,
  file: string,
  options: {
    dryRun: boolean;
    scratch: string;
    mappingJson?: string;
    recorder: SummaryRecorder;
    service?: string;
    consent?: ConsentStatement;
  },
): Promise<void> {
  const { recorder } = options;
  const summary = recorder.summary;
  const given = parseMapping(options.mappingJson);
  const records = csvRecords(file);
  const { headers, mapping } = await readMapping(records, given);
  summary.headers = headers;
  summary.mapping = mapping;
  const service = options.service ?? detectMailService(headers);
  summary.service = service;
  if (!mapping.email) {
    // The dry run still answers, with the headers, so the author can say which column holds the addresses.
    if (!options.dryRun) throw new ImportRefused(NO_EMAIL_COLUMN);
    recorder.warn('file', NO_EMAIL_COLUMN);
    return;
  }
  const at = columnsOf(headers, mapping);
  const context: RowContext = {
    at,
    mapping,
    service,
    consent: options.consent,
    interestOf: at.labels >= 0 ? await interestsByLabel(db) : new Map<string, string>(),
    existing: new Map(),
    seen: new Set(),
    now: timestampNow(),
  };
  const inserts = options.dryRun ? null : new NdjsonFile<NewRow>(path.join(options.scratch, 'subscribers.ndjson'));
  const checked: CheckedRows = { inserts, unsubscribes: [], recorder };
  let totals: RowTotals;
  try {
    totals = await checkRows(db, records, context, checked);
  } finally {
    await inserts?.close();
  }
  if (totals.rowsRead === 0) throw new ImportRefused('The CSV has a header row but no subscribers');
  summary.statuses = totals.statuses;
  recordConsent(recorder, totals.withoutConsent, options.consent, inserts !== null);
  if (!inserts) return;

  await writeImportedRows(db, inserts.read(), checked.unsubscribes, recorder);
}

/** What the import needs to judge one row. */
type RowContext = {
  at: Record<
    | 'email'
    | 'name'
    | 'lastName'
    | 'status'
    | 'subscribedAt'
    | 'confirmedAt'
    | 'unsubscribedAt'
    | 'deletedAt'
    | 'labels',
    number
  >;
  mapping: SubscriberMapping;
  service: string;
  consent: ConsentStatement | undefined;
  interestOf: Map<string, string>;
  /** The list's subscriptions for the addresses of the batch being read. */
  existing: Map<string, { id: string; isActive: number }>;
  /** Addresses met earlier in the file. */
  seen: Set<string>;
  now: string;
};

/** A row's outcome, and what it counts for the summary: its status (none when skipped before it was read). */
type Judged = { outcome: Outcome; status?: ImportedStatus; statusCell: string; unconsented: boolean };

/** A row's cell in a column (trimmed); '' for a column the file does not have. */
type Cell = (index: number) => string;

/** What a row says of its subscription: its status, and whether only the author's word would give it consent. */
type RowStatus = { status: ImportedStatus; unconsented: boolean; unsubscribedAt: string | null };

/** A row's status: its status cell, else its confirmation date, else what the author said of consent. */
function statusOfRow(cell: Cell, { at, mapping, consent }: RowContext): RowStatus {
  const unsubscribedAt = dateOf(cell(at.unsubscribedAt));
  let status: ImportedStatus;
  let unconsented = false;
  if (at.status >= 0) status = statusFromCell(cell(at.status), mapping.status);
  else if (dateOf(cell(at.confirmedAt))) status = 'active';
  else {
    unconsented = true;
    status = consent?.choice === 'given' ? 'active' : 'unknown';
  }
  if (unsubscribedAt) status = 'unsubscribed';
  return { status, unconsented, unsubscribedAt };
}

/** A row to add to the list (its name, interests and dates from the file), and its item in the summary. */
function newSubscriber(email: string, label: string, cell: Cell, judged: RowStatus, context: RowContext): Outcome {
  const { at, service, interestOf, now } = context;
  const { status, unconsented, unsubscribedAt } = judged;
  const warnings: string[] = [];
  let name = [cell(at.name), cell(at.lastName)].filter(Boolean).join(' ').slice(0, TEXT_LIMITS.name) || null;
  if (name && FORMULA_START.test(name)) {
    warnings.push('the name looked like a spreadsheet formula: kept as plain text');
    name = name.replace(/^[=+\-@\t\r]+/, '').trim() || null;
  }
  const interests = [
    ...new Set(labelsFromCell(cell(at.labels)).flatMap((label) => interestOf.get(label.toLowerCase()) ?? [])),
  ].sort();
  const subscribedAt = dateOf(cell(at.subscribedAt)) ?? dateOf(cell(at.confirmedAt)) ?? now;
  const confirmedAt = dateOf(cell(at.confirmedAt)) ?? subscribedAt;
  return {
    item: {
      item: label,
      kind: 'subscriber',
      action: 'create',
      warnings,
      ...(status === 'unsubscribed' ? { reason: 'kept as unsubscribed' } : {}),
      ...(status === 'unknown' ? { reason: notMailedReason(unconsented, cell(at.status)) } : {}),
    },
    row: {
      id: newId(),
      email,
      name,
      isActive: toStoredBoolean(status === 'active'),
      createdAt: subscribedAt,
      confirmedAt: status === 'active' ? confirmedAt : (dateOf(cell(at.confirmedAt)) ?? null),
      confirmationNonce: null,
      confirmationSentAt: null,
      source: `import:${service}`,
      unsubscribedAt: status === 'active' ? null : (unsubscribedAt ?? now),
      ...(interests.length > 0 ? { interests: JSON.stringify(interests) } : {}),
    },
  };
}

/** One row of the file (line `line`): skipped with its reason, added, or an unsubscribe of an address on the list. */
function judgeRecord(record: string[], line: number, context: RowContext): Judged {
  const { at, service, existing, seen, now } = context;
  const cell: Cell = (index) => (index >= 0 ? (record[index] ?? '').trim() : '');
  const rawEmail = cell(at.email);
  const label = rawEmail ? `${rawEmail.slice(0, TEXT_LIMITS.email)} (line ${line})` : `line ${line}`;
  const skip = (reason: string): Judged => ({
    outcome: { item: { item: label, kind: 'subscriber', action: 'skip', reason } },
    statusCell: '',
    unconsented: false,
  });
  const checked = emailSchema.safeParse(rawEmail);
  if (!checked.success) {
    return skip(rawEmail ? 'not a valid email address' : 'no email address');
  }
  const email = checked.data;
  const key = email.toLowerCase();
  if (seen.has(key)) {
    return skip('duplicate in the file');
  }
  seen.add(key);
  if (cell(at.deletedAt)) {
    return skip(`deleted at ${service}: not imported`);
  }
  const rowStatus = statusOfRow(cell, context);
  const { status, unconsented, unsubscribedAt } = rowStatus;
  const judged = (outcome: Outcome): Judged => ({
    outcome,
    status,
    statusCell: cell(at.status),
    unconsented: unconsented && status !== 'unsubscribed',
  });
  const current = existing.get(key);
  if (current) {
    if (status === 'unsubscribed' && current.isActive)
      return judged({
        item: {
          item: label,
          kind: 'subscriber',
          action: 'update',
          reason: `unsubscribed at ${service}: unsubscribed here too`,
        },
        unsubscribe: { id: current.id, at: unsubscribedAt ?? now },
      });
    return judged(skip('already on the list').outcome);
  }
  if (status === 'pending')
    return judged(
      skip(`never confirmed at ${service} (pending): not imported, so no one is mailed without consent`).outcome,
    );
  return judged(newSubscriber(email, label, cell, rowStatus, context));
}

/** How many rows had each status cell, by what each became (at most MAX_STATUS_VALUES distinct cells). */
class StatusTally {
  private readonly counts = new Map<string, StatusCount>();

  constructor(private readonly hasStatusColumn: boolean) {}

  /** Counted by the cell and what it became (an unsubscribe date or a confirmation date can change that). */
  count(cell: string, status: ImportedStatus): void {
    let label = this.hasStatusColumn ? cell.trim().toLowerCase().slice(0, 40) || '(empty)' : '(no status column)';
    let key = `${label}\u0000${status}`;
    if (!this.counts.has(key) && this.counts.size >= MAX_STATUS_VALUES) {
      label = '(other values)';
      key = `${label}\u0000${status}`;
    }
    const entry = this.counts.get(key) ?? { status: label, count: 0, meaning: MEANING[status] };
    entry.count += 1;
    this.counts.set(key, entry);
  }

  sorted(): StatusCount[] {
    return [...this.counts.values()].sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
  }
}

/**
 * The checked rows written in chunks (each its own transaction), then the unsubscribes. Addresses that signed up
 * on the site while the file was imported keep the subscription they made.
 */
async function writeImportedRows(
  db: AppDatabase,
  rows: AsyncIterable<NewRow>,
  unsubscribes: { id: string; at: string }[],
  recorder: SummaryRecorder,
): Promise<void> {
  let inserted = 0;
  let planned = 0;
  await writeInChunks(
    db,
    rows,
    async (trx, rows) => {
      planned += rows.length;
      const added = await trx
        .insertInto('newsletterSubscriptions')
        .values(rows)
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .execute();
      inserted += added.length;
    },
    SUBSCRIBER_WRITE_CHUNK,
  );
  if (inserted < planned)
    recorder.warn(
      'file',
      `${planned - inserted} of these addresses signed up on the site while the file was imported: kept as they signed up`,
    );
  await writeInChunks(
    db,
    unsubscribes,
    async (trx, chunk) => {
      for (const { id, at: when } of chunk)
        await trx
          .updateTable('newsletterSubscriptions')
          .set({ isActive: toStoredBoolean(false), confirmationNonce: null, unsubscribedAt: when })
          .where('id', '=', id)
          .execute();
    },
    SUBSCRIBER_WRITE_CHUNK,
  );
}
