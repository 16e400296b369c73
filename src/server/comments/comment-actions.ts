import { TRPCError } from '@trpc/server';
import {
  COMMENT_EDIT_WINDOW_MS,
  COMMENT_MESSAGES,
  type CommentStatus,
  type CommentTargetKind,
  type CommentThread,
  type PublicComment,
} from '../../domain/comments.js';
import { COMMENT_SETTINGS_KEY, commentSettingsSchema, type CommentInput } from '../../domain/comments.schema.js';
import { countReactions } from '../fediverse/reactions-repository.js';
import { readSettings } from '../site/settings/site-settings-repository.js';
import type { RequestContext } from '../trpc/context.js';
import { renderCommentHtml, hasLink } from './comment-markdown.js';
import { findReaderBySubscription, isSubscriptionActive, type CommentReader } from './comment-readers-repository.js';
import { containsBlockedWord, isClosedByAge } from './comment-rules.js';
import { findCommentTarget, type CommentTarget } from './comment-targets.js';
import {
  addComment,
  editComment,
  findComment,
  hasApprovedComment,
  isCommentsOff,
  listCommentsOf,
  markCommentDeleted,
  reportComment,
  type CommentRow,
} from './comments-repository.js';

const refuse = (code: 'BAD_REQUEST' | 'FORBIDDEN' | 'NOT_FOUND', message: string) => new TRPCError({ code, message });

export const readCommentSettings = (ctx: Pick<RequestContext, 'db'>) =>
  readSettings(ctx.db, COMMENT_SETTINGS_KEY, commentSettingsSchema);

async function openTarget(ctx: RequestContext, kind: CommentTargetKind, id: string): Promise<CommentTarget> {
  const target = await findCommentTarget(ctx.db, kind, id);
  if (!target) throw refuse('NOT_FOUND', COMMENT_MESSAGES.targetMissing);
  const settings = await readCommentSettings(ctx);
  if ((await isCommentsOff(ctx.db, kind, id)) || isClosedByAge(target, settings, Date.now()))
    throw refuse('FORBIDDEN', COMMENT_MESSAGES.closed);
  return target;
}

function publicComment(row: CommentRow, viewer: CommentReader | null, now: number): PublicComment {
  const mine = viewer !== null && row.readerId === viewer.id;
  const deleted = row.status === 'deleted';
  const canEdit = mine && !deleted && Date.parse(row.createdAt) + COMMENT_EDIT_WINDOW_MS > now;
  return {
    id: row.id,
    parentId: row.parentId,
    origin: row.origin,
    authorName: deleted ? '' : (row.origin === 'site' ? row.readerName : row.remoteAuthorName) || 'A reader',
    authorServer: deleted ? null : row.remoteAuthorServer,
    authorUrl: deleted ? null : row.remoteAuthorUrl,
    bodyHtml: deleted ? '' : renderCommentHtml(row.body),
    spoiler: row.spoiler,
    createdAt: row.createdAt,
    edited: row.editedAt !== null,
    mine,
    canEdit,
    editableBody: canEdit ? row.body : null,
    held: row.status === 'held',
    deleted,
    replies: [],
  };
}

/** An item's comments as the page shows them to `viewer`: threads one level deep, deleted ones only with replies. */
export async function commentThread(
  ctx: RequestContext,
  kind: CommentTargetKind,
  id: string,
  viewer: { reader: CommentReader | null; signedIn: boolean },
): Promise<CommentThread> {
  const target = await findCommentTarget(ctx.db, kind, id);
  if (!target) throw refuse('NOT_FOUND', COMMENT_MESSAGES.targetMissing);
  const settings = await readCommentSettings(ctx);
  const open = !(await isCommentsOff(ctx.db, kind, id)) && !isClosedByAge(target, settings, Date.now());
  const now = Date.now();
  const rows = await listCommentsOf(ctx.db, kind, id, viewer.reader?.id ?? null);
  const tops: PublicComment[] = [];
  const byId = new Map<string, PublicComment>();
  for (const row of rows) {
    const comment = publicComment(row, viewer.reader, now);
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    if (row.parentId && !parent) continue;
    if (parent) {
      if (!comment.deleted) parent.replies.push(comment);
    } else {
      byId.set(comment.id, comment);
      tops.push(comment);
    }
  }
  const comments = tops.filter((comment) => !comment.deleted || comment.replies.length > 0);
  const count = comments.reduce(
    (sum, comment) => sum + (comment.deleted || comment.held ? 0 : 1) + comment.replies.filter((r) => !r.held).length,
    0,
  );
  return {
    targetKind: kind,
    targetId: id,
    open,
    bookTitle: target.bookTitle,
    count,
    comments,
    reactions: kind === 'post' ? await countReactions(ctx.db, id) : { likes: 0, boosts: 0 },
    viewer:
      viewer.signedIn && viewer.reader
        ? { signedIn: true, displayName: viewer.reader.displayName, banned: viewer.reader.banned }
        : { signedIn: false },
  };
}

/** A reader's new comment: checked against every rule, then stored approved or held. */
export async function postComment(
  ctx: RequestContext,
  reader: CommentReader,
  input: CommentInput,
): Promise<{ id: string; status: CommentStatus; path: string }> {
  if (reader.banned) throw refuse('FORBIDDEN', COMMENT_MESSAGES.banned);
  const target = await openTarget(ctx, input.targetKind, input.targetId);
  if (input.parentId) {
    const parent = await findComment(ctx.db, input.parentId);
    if (
      !parent ||
      parent.targetKind !== input.targetKind ||
      parent.targetId !== input.targetId ||
      parent.status !== 'approved'
    )
      throw refuse('BAD_REQUEST', COMMENT_MESSAGES.notFound);
    if (parent.parentId) throw refuse('BAD_REQUEST', COMMENT_MESSAGES.parent);
  }
  const approvedBefore = await hasApprovedComment(ctx.db, reader.id);
  if (!approvedBefore && hasLink(input.body)) throw refuse('BAD_REQUEST', COMMENT_MESSAGES.noLinks);
  const settings = await readCommentSettings(ctx);
  const held =
    (settings.holdFirstComments && !approvedBefore) || containsBlockedWord(input.body, settings.blockedWords);
  const status: CommentStatus = held ? 'held' : 'approved';
  const id = await addComment(ctx.db, {
    targetKind: input.targetKind,
    targetId: input.targetId,
    parentId: input.parentId ?? null,
    origin: 'site',
    readerId: reader.id,
    body: input.body,
    spoiler: input.spoiler,
    status,
  });
  if (held)
    ctx.mailing.authorNotices.commentHeld(
      { authorName: reader.displayName, targetTitle: target.title, body: input.body },
      ctx.mailLinkOrigin,
    );
  else ctx.cache.clear();
  return { id, status, path: target.path };
}

async function ownComment(ctx: RequestContext, reader: CommentReader, id: string): Promise<CommentRow> {
  const comment = await findComment(ctx.db, id);
  if (!comment || comment.status === 'deleted' || comment.status === 'hidden')
    throw refuse('NOT_FOUND', COMMENT_MESSAGES.notFound);
  if (comment.readerId !== reader.id) throw refuse('FORBIDDEN', COMMENT_MESSAGES.notYours);
  return comment;
}

/** The reader's edit, within 10 minutes of posting; a new word of the list or a new link is checked again. */
export async function editOwnComment(
  ctx: RequestContext,
  reader: CommentReader,
  input: { id: string; body: string; spoiler: boolean },
): Promise<{ id: string; status: CommentStatus; path: string }> {
  if (reader.banned) throw refuse('FORBIDDEN', COMMENT_MESSAGES.banned);
  const comment = await ownComment(ctx, reader, input.id);
  const editableSince = new Date(Date.now() - COMMENT_EDIT_WINDOW_MS).toISOString();
  if (comment.createdAt <= editableSince) throw refuse('FORBIDDEN', COMMENT_MESSAGES.editWindow);
  if (!(await hasApprovedComment(ctx.db, reader.id)) && hasLink(input.body))
    throw refuse('BAD_REQUEST', COMMENT_MESSAGES.noLinks);
  const settings = await readCommentSettings(ctx);
  const status: CommentStatus = containsBlockedWord(input.body, settings.blockedWords) ? 'held' : comment.status;
  if (!(await editComment(ctx.db, { ...input, readerId: reader.id, editableSince, status })))
    throw refuse('FORBIDDEN', COMMENT_MESSAGES.editWindow);
  if (comment.status === 'approved') ctx.cache.clear();
  const target = await findCommentTarget(ctx.db, comment.targetKind, comment.targetId);
  return { id: comment.id, status, path: target?.path ?? '/' };
}

export async function deleteOwnComment(ctx: RequestContext, reader: CommentReader, id: string) {
  const comment = await ownComment(ctx, reader, id);
  await markCommentDeleted(ctx.db, id);
  if (comment.status === 'approved') ctx.cache.clear();
  const target = await findCommentTarget(ctx.db, comment.targetKind, comment.targetId);
  return { id, path: target?.path ?? '/' };
}

export async function reportOthersComment(ctx: RequestContext, reader: CommentReader, id: string) {
  const comment = await findComment(ctx.db, id);
  if (!comment || comment.status !== 'approved') throw refuse('NOT_FOUND', COMMENT_MESSAGES.notFound);
  const counted = await reportComment(ctx.db, id, reader.id);
  const target = await findCommentTarget(ctx.db, comment.targetKind, comment.targetId);
  return { id, counted, path: target?.path ?? '/' };
}

/** The signed-in commenter of a request: the subscription its cookie names (still active) and its reader row. */
export async function signedInCommenter(
  ctx: RequestContext,
): Promise<{ subscriptionId: string; reader: CommentReader | null } | null> {
  const subscriptionId = ctx.commentSessions.subscriptionOf(ctx.commentCookie);
  if (!subscriptionId || !(await isSubscriptionActive(ctx.db, subscriptionId))) return null;
  return { subscriptionId, reader: (await findReaderBySubscription(ctx.db, subscriptionId)) ?? null };
}
