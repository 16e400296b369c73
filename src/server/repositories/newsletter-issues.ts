import type { NewsletterIssue, SendFigures } from '../../domain/newsletter-issues.js';
import type { AppDatabase } from '../db/connection.js';
import { figuresByMailing } from './mail-queue.js';
import { newId, timestampNow, toDate } from './row-conversion.js';

type IssueRow = {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  postId: string | null;
  inArchive: number;
};

const ISSUE_COLUMNS = [
  'id',
  'subject',
  'preheader',
  'body',
  'status',
  'createdAt',
  'updatedAt',
  'sentAt',
  'postId',
  'inArchive',
] as const;

export const NO_FIGURES: SendFigures = { total: 0, sent: 0, failed: 0, remaining: 0, uncertain: 0, skipped: 0 };

function toIssue(row: IssueRow, figures: SendFigures): NewsletterIssue {
  // Stored: draft or sent (once "Send" was pressed); shown as sending while messages wait.
  const status = row.status === 'draft' ? 'draft' : figures.remaining > 0 ? 'sending' : 'sent';
  return {
    ...row,
    status,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    sentAt: row.sentAt === null ? null : toDate(row.sentAt),
    figures,
    inArchive: row.inArchive === 1,
  };
}

export type IssueDraft = {
  subject: string;
  preheader: string;
  body: string;
  postId?: string | null | undefined;
  inArchive?: boolean | undefined;
};

/** The columns a draft's fields set; absent ones are left as they are. */
function draftColumns({ inArchive, postId, ...texts }: IssueDraft) {
  return {
    ...texts,
    ...(postId !== undefined ? { postId } : {}),
    ...(inArchive !== undefined ? { inArchive: inArchive ? 1 : 0 } : {}),
  };
}

export async function createIssueDraft(db: AppDatabase, draft: IssueDraft): Promise<NewsletterIssue> {
  const now = timestampNow();
  const row = {
    id: newId(),
    postId: null,
    inArchive: 0,
    ...draftColumns(draft),
    status: 'draft',
    createdAt: now,
    updatedAt: now,
    sentAt: null,
  };
  await db.insertInto('newsletterIssues').values(row).execute();
  return toIssue(row, NO_FIGURES);
}

/** Lists a sent issue in the web archive or takes it out; false when there is no such sent issue. */
export async function setIssueInArchive(db: AppDatabase, id: string, inArchive: boolean): Promise<boolean> {
  const result = await db
    .updateTable('newsletterIssues')
    .set({ inArchive: inArchive ? 1 : 0 })
    .where('id', '=', id)
    .where('status', '!=', 'draft')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export type ArchivedIssueSummary = { id: string; subject: string; preheader: string; sentAt: Date };

/** The web archive: sent issues the author listed there, newest first. */
export async function listArchivedIssues(db: AppDatabase): Promise<ArchivedIssueSummary[]> {
  const rows = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'subject', 'preheader', 'sentAt'])
    .where('inArchive', '=', 1)
    .where('status', '!=', 'draft')
    .orderBy('sentAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, sentAt: toDate(row.sentAt ?? '') }));
}

/** Updates a draft; undefined when there is no such draft (gone, or already sent). */
export async function updateIssueDraft(
  db: AppDatabase,
  id: string,
  draft: IssueDraft,
): Promise<NewsletterIssue | undefined> {
  const row = await db
    .updateTable('newsletterIssues')
    .set({ ...draftColumns(draft), updatedAt: timestampNow() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returning(ISSUE_COLUMNS)
    .executeTakeFirst();
  return row ? toIssue(row, NO_FIGURES) : undefined;
}

/** Deletes a draft (a sent issue stays, with its figures); false when there is no such draft. */
export async function deleteIssueDraft(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletterIssues')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findIssue(db: AppDatabase, id: string): Promise<NewsletterIssue | undefined> {
  const row = await db.selectFrom('newsletterIssues').select(ISSUE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const figures = await figuresByMailing(db, [row.id]);
  return toIssue(row, figures.get(row.id) ?? NO_FIGURES);
}

/** Drafts first (newest edit first), then sent issues, newest first; each with its send figures. */
export async function listIssues(db: AppDatabase): Promise<NewsletterIssue[]> {
  const rows = await db.selectFrom('newsletterIssues').select(ISSUE_COLUMNS).execute();
  const figures = await figuresByMailing(
    db,
    rows.filter((row) => row.status !== 'draft').map((row) => row.id),
  );
  const sortKey = (row: IssueRow) => `${row.status === 'draft' ? 1 : 0}${row.sentAt ?? row.updatedAt}`;
  return rows
    .sort((a, b) => sortKey(b).localeCompare(sortKey(a)))
    .map((row) => toIssue(row, figures.get(row.id) ?? NO_FIGURES));
}
