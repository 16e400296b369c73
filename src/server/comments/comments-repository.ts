import type { CommentOrigin, CommentStatus, CommentTargetKind } from '../../domain/comments.js';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow, toBoolean, toStoredBoolean } from '../db/row-conversion.js';

/** What a new comment is: the site's own (a reader's), an import's or a fediverse reply (remote author). */
export type NewComment = {
  targetKind: CommentTargetKind;
  targetId: string;
  parentId?: string | null;
  origin: CommentOrigin;
  readerId?: string | null;
  /** A fediverse reply's author, or an imported comment's (its name only). */
  remoteAuthor?: { name: string; server: string | null; url: string | null } | null;
  /** A remote object's id: the same reply lands once. */
  remoteId?: string | null;
  /** The fediverse account that wrote it: only its Update and Delete reach the comment. */
  remoteActorId?: string | null;
  body: string;
  spoiler?: boolean;
  status: CommentStatus;
  createdAt?: string;
};

export type CommentRow = {
  id: string;
  targetKind: CommentTargetKind;
  targetId: string;
  parentId: string | null;
  origin: CommentOrigin;
  readerId: string | null;
  readerName: string | null;
  /** The reader is banned from commenting. */
  readerBanned: boolean;
  remoteAuthorName: string | null;
  remoteAuthorServer: string | null;
  remoteAuthorUrl: string | null;
  body: string;
  status: CommentStatus;
  spoiler: boolean;
  reportCount: number;
  createdAt: string;
  editedAt: string | null;
};

/**
 * Stores one comment and returns its id; the one way in for the site's form and API, imports and,
 * the federation inbox (fediverse/inbox-replies.ts). A `remoteId` already stored returns the existing comment's id.
 */
export async function addComment(db: AppDatabase, input: NewComment): Promise<string> {
  if (input.remoteId) {
    const existing = await db
      .selectFrom('comments')
      .select('id')
      .where('remoteId', '=', input.remoteId)
      .executeTakeFirst();
    if (existing) return existing.id;
  }
  const id = newId();
  await db
    .insertInto('comments')
    .values({
      id,
      targetKind: input.targetKind,
      targetId: input.targetId,
      parentId: input.parentId ?? null,
      origin: input.origin,
      readerId: input.readerId ?? null,
      remoteAuthorName: input.remoteAuthor?.name ?? null,
      remoteAuthorServer: input.remoteAuthor?.server ?? null,
      remoteAuthorUrl: input.remoteAuthor?.url ?? null,
      remoteId: input.remoteId ?? null,
      remoteActorId: input.remoteActorId ?? null,
      body: input.body,
      status: input.status,
      spoiler: toStoredBoolean(input.spoiler ?? false),
      createdAt: input.createdAt ?? timestampNow(),
      editedAt: null,
    })
    .execute();
  return id;
}

function commentQuery(db: AppDatabase) {
  return db
    .selectFrom('comments')
    .leftJoin('commentReaders', 'commentReaders.id', 'comments.readerId')
    .select([
      'comments.id',
      'comments.targetKind',
      'comments.targetId',
      'comments.parentId',
      'comments.origin',
      'comments.readerId',
      'commentReaders.displayName as readerName',
      'commentReaders.bannedAt as readerBannedAt',
      'comments.remoteAuthorName',
      'comments.remoteAuthorServer',
      'comments.remoteAuthorUrl',
      'comments.body',
      'comments.status',
      'comments.spoiler',
      'comments.reportCount',
      'comments.createdAt',
      'comments.editedAt',
    ]);
}

type StoredRow = Awaited<ReturnType<ReturnType<typeof commentQuery>['execute']>>[number];

const toComment = ({ readerBannedAt, ...row }: StoredRow): CommentRow => ({
  ...row,
  readerBanned: readerBannedAt !== null,
  targetKind: row.targetKind as CommentTargetKind,
  origin: row.origin as CommentOrigin,
  status: row.status as CommentStatus,
  spoiler: toBoolean(Number(row.spoiler)),
  reportCount: Number(row.reportCount),
});

export async function findComment(db: AppDatabase, id: string): Promise<CommentRow | undefined> {
  const row = await commentQuery(db).where('comments.id', '=', id).executeTakeFirst();
  return row && toComment(row);
}

/**
 * An item's comments, oldest first: the approved ones and deleted ones (kept as "deleted" while they
 * have replies), plus the viewer's own held comments.
 */
export async function listCommentsOf(
  db: AppDatabase,
  targetKind: CommentTargetKind,
  targetId: string,
  viewerReaderId: string | null,
): Promise<CommentRow[]> {
  const rows = await commentQuery(db)
    .where('comments.targetKind', '=', targetKind)
    .where('comments.targetId', '=', targetId)
    .where((eb) =>
      eb.or([
        eb('comments.status', 'in', ['approved', 'deleted']),
        ...(viewerReaderId
          ? [eb.and([eb('comments.status', '=', 'held'), eb('comments.readerId', '=', viewerReaderId)])]
          : []),
      ]),
    )
    .orderBy('comments.createdAt')
    .orderBy('comments.id')
    .limit(2000)
    .execute();
  return rows.map(toComment);
}

/** The reader's edit: one UPDATE, only while the comment is theirs, not deleted, and inside the window. */
export async function editComment(
  db: AppDatabase,
  edit: { id: string; readerId: string; body: string; spoiler: boolean; editableSince: string; status: CommentStatus },
): Promise<boolean> {
  const result = await db
    .updateTable('comments')
    .set({ body: edit.body, spoiler: toStoredBoolean(edit.spoiler), editedAt: timestampNow(), status: edit.status })
    .where('id', '=', edit.id)
    .where('readerId', '=', edit.readerId)
    .where('status', 'in', ['approved', 'held'])
    .where('createdAt', '>', edit.editableSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A fediverse reply edited by its author (an `Update` of its Note): only the account that wrote it, never a deleted
 * one. Returns the comment's status, or null when there is no such comment of that account.
 */
export async function editRemoteComment(
  db: AppDatabase,
  edit: { remoteId: string; remoteActorId: string; body: string },
): Promise<CommentStatus | null> {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'status'])
    .where('remoteId', '=', edit.remoteId)
    .where('remoteActorId', '=', edit.remoteActorId)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  if (!row) return null;
  await db
    .updateTable('comments')
    .set({ body: edit.body, editedAt: timestampNow() })
    .where('id', '=', row.id)
    .execute();
  return row.status as CommentStatus;
}

/**
 * A fediverse reply deleted by its author (a `Delete` of its Note): marked deleted like a reader's own delete.
 * Returns the status it had, or null when there is no such comment of that account.
 */
export async function deleteRemoteComment(
  db: AppDatabase,
  remoteId: string,
  remoteActorId: string,
): Promise<CommentStatus | null> {
  const row = await db
    .selectFrom('comments')
    .select(['id', 'status'])
    .where('remoteId', '=', remoteId)
    .where('remoteActorId', '=', remoteActorId)
    .where('status', '!=', 'deleted')
    .executeTakeFirst();
  if (!row) return null;
  await markCommentDeleted(db, row.id);
  return row.status as CommentStatus;
}

/** A deleted comment keeps its row (its replies stay under it) but not its words. */
export async function markCommentDeleted(db: AppDatabase, id: string): Promise<void> {
  await db.updateTable('comments').set({ status: 'deleted', body: '' }).where('id', '=', id).execute();
}

export async function setCommentStatus(db: AppDatabase, id: string, status: CommentStatus): Promise<void> {
  await db.updateTable('comments').set({ status }).where('id', '=', id).execute();
}

export async function setCommentSpoiler(db: AppDatabase, id: string, spoiler: boolean): Promise<void> {
  await db
    .updateTable('comments')
    .set({ spoiler: toStoredBoolean(spoiler) })
    .where('id', '=', id)
    .execute();
}

/** One report per reader and comment; returns whether this one counted. */
export async function reportComment(db: AppDatabase, commentId: string, readerId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('commentReports')
      .values({ commentId, readerId, createdAt: timestampNow() })
      .onConflict((conflict) => conflict.columns(['commentId', 'readerId']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await trx
      .updateTable('comments')
      .set((eb) => ({ reportCount: eb('reportCount', '+', 1) }))
      .where('id', '=', commentId)
      .execute();
    return true;
  });
}

export async function hasApprovedComment(db: AppDatabase, readerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('comments')
    .select('id')
    .where('readerId', '=', readerId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  return row !== undefined;
}

/** The moderation queue: newest first, by state, or the reported ones. */
export async function listCommentQueue(
  db: AppDatabase,
  filter: {
    status?: CommentStatus;
    reported?: boolean;
    target?: { kind: CommentTargetKind; id: string };
    limit: number;
  },
): Promise<CommentRow[]> {
  let query = commentQuery(db);
  if (filter.status) query = query.where('comments.status', '=', filter.status);
  if (filter.reported) query = query.where('comments.reportCount', '>', 0);
  if (filter.target)
    query = query
      .where('comments.targetKind', '=', filter.target.kind)
      .where('comments.targetId', '=', filter.target.id);
  const rows = await query.orderBy('comments.createdAt', 'desc').orderBy('comments.id').limit(filter.limit).execute();
  return rows.map(toComment);
}

/** The items with comments (any state), the most commented first: the admin's filter by post. */
export async function listCommentedTargets(
  db: AppDatabase,
): Promise<Array<{ targetKind: CommentTargetKind; targetId: string; count: number }>> {
  const rows = await db
    .selectFrom('comments')
    .select(['targetKind', 'targetId', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['targetKind', 'targetId'])
    .orderBy('count', 'desc')
    .orderBy('targetId')
    .limit(500)
    .execute();
  return rows.map((row) => ({
    targetKind: row.targetKind as CommentTargetKind,
    targetId: row.targetId,
    count: Number(row.count),
  }));
}

/** Every comment, oldest first (the export). */
export async function listAllComments(db: AppDatabase): Promise<CommentRow[]> {
  const rows = await commentQuery(db).orderBy('comments.createdAt').orderBy('comments.id').execute();
  return rows.map(toComment);
}

/** Hides every comment of a banned reader that is still waiting. */
export async function hideHeldCommentsOf(db: AppDatabase, readerId: string): Promise<void> {
  await db
    .updateTable('comments')
    .set({ status: 'hidden' })
    .where('readerId', '=', readerId)
    .where('status', '=', 'held')
    .execute();
}

export async function isCommentsOff(
  db: AppDatabase,
  targetKind: CommentTargetKind,
  targetId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('commentTargets')
    .select('commentsOff')
    .where('targetKind', '=', targetKind)
    .where('targetId', '=', targetId)
    .executeTakeFirst();
  return row !== undefined && toBoolean(Number(row.commentsOff));
}

export async function setCommentsOff(
  db: AppDatabase,
  targetKind: CommentTargetKind,
  targetId: string,
  commentsOff: boolean,
): Promise<void> {
  const value = toStoredBoolean(commentsOff);
  await db
    .insertInto('commentTargets')
    .values({ targetKind, targetId, commentsOff: value })
    .onConflict((conflict) => conflict.columns(['targetKind', 'targetId']).doUpdateSet({ commentsOff: value }))
    .execute();
}
