import { TRPCError } from '@trpc/server';
import { COMMENT_MESSAGES, isCommentPagePath } from '../../domain/comments.js';
import {
  commentByIdSchema,
  commentEditSchema,
  commentInputSchema,
  commentQueueSchema,
  COMMENT_SETTINGS_KEY,
  commentSettingsSchema,
  commentSettingsUpdateSchema,
  commentTargetSchema,
  commentTargetSwitchSchema,
  commentSignInSchema,
  displayNameSchema,
  moderateCommentSchema,
} from '../../domain/comments.schema.js';
import { updateSettings } from '../site/settings/site-settings-repository.js';
import {
  adminProcedure,
  commenterProcedure,
  commentPostProcedure,
  contentWriteProcedure,
  formProcedure,
  found,
  publicProcedure,
  router,
} from '../trpc/trpc.js';
import {
  commentThread,
  deleteOwnComment,
  editOwnComment,
  postComment,
  readCommentSettings,
  reportOthersComment,
  signedInCommenter,
} from './comment-actions.js';
import { renderCommentHtml } from './comment-markdown.js';
import {
  banReader,
  countCommentSignIns,
  findConfirmedSubscriptionId,
  findReader,
  queueCommentSignIn,
  saveReaderName,
  type CommentReader,
} from './comment-readers-repository.js';
import { findCommentTarget } from './comment-targets.js';
import {
  findComment,
  hideHeldCommentsOf,
  isCommentsOff,
  listCommentQueue,
  markCommentDeleted,
  setCommentSpoiler,
  setCommentStatus,
  setCommentsOff,
} from './comments-repository.js';

function named(reader: CommentReader | null): CommentReader {
  if (!reader) throw new TRPCError({ code: 'FORBIDDEN', message: COMMENT_MESSAGES.needName });
  return reader;
}

/** Sign-in links one subscription may be sent an hour. */
const SIGN_INS_PER_HOUR = 5;

export const commentsRouter = router({
  /**
   * Emails a sign-in link to a confirmed subscriber (through the send queue's transactional lane). The answer is
   * the same whoever asks: it tells nobody who subscribes.
   */
  requestSignIn: formProcedure.input(commentSignInSchema).mutation(async ({ ctx, input }) => {
    const returnPath = input.return && isCommentPagePath(input.return) ? input.return : '/';
    const subscriptionId = await findConfirmedSubscriptionId(ctx.db, input.email);
    if (
      subscriptionId &&
      ctx.mailLinkOrigin !== null &&
      (await countCommentSignIns(ctx.db, subscriptionId, new Date(Date.now() - 3_600_000))) < SIGN_INS_PER_HOUR
    ) {
      await queueCommentSignIn(ctx.db, {
        subscriptionId,
        email: input.email.toLowerCase(),
        returnPath,
        siteOrigin: ctx.mailLinkOrigin,
      });
      ctx.mailing.queueSignal.notify();
    }
    return { email: input.email.toLowerCase() };
  }),

  /** An item's comments as the request's reader sees them (their own held ones too). */
  thread: publicProcedure.input(commentTargetSchema).query(async ({ ctx, input }) => {
    const commenter = await signedInCommenter(ctx);
    return commentThread(ctx, input.targetKind, input.targetId, {
      reader: commenter?.reader ?? null,
      signedIn: commenter !== null,
    });
  }),

  /** The signed-in reader: whether a name is chosen yet. */
  me: commenterProcedure.query(({ ctx }) => ({
    displayName: ctx.commenter.reader?.displayName ?? null,
    banned: ctx.commenter.reader?.banned ?? false,
  })),

  setName: commenterProcedure.input(displayNameSchema).mutation(async ({ ctx, input }) => {
    await saveReaderName(ctx.db, ctx.commenter.subscriptionId, input.displayName);
    ctx.cache.clear();
    return { displayName: input.displayName };
  }),

  post: commentPostProcedure
    .input(commentInputSchema)
    .mutation(({ ctx, input }) => postComment(ctx, named(ctx.commenter.reader), input)),

  edit: commenterProcedure
    .input(commentEditSchema)
    .mutation(({ ctx, input }) => editOwnComment(ctx, named(ctx.commenter.reader), input)),

  remove: commenterProcedure
    .input(commentByIdSchema)
    .mutation(({ ctx, input }) => deleteOwnComment(ctx, named(ctx.commenter.reader), input.id)),

  report: commenterProcedure
    .input(commentByIdSchema)
    .mutation(({ ctx, input }) => reportOthersComment(ctx, named(ctx.commenter.reader), input.id)),

  /** The admin's queue: held first by default, or any state, or the reported ones. */
  queue: adminProcedure.input(commentQueueSchema).query(async ({ ctx, input }) => {
    const rows = await listCommentQueue(ctx.db, {
      ...input,
      status: input.status ?? (input.reported ? undefined : 'held'),
    });
    const titles = new Map<string, { title: string; path: string } | null>();
    return Promise.all(
      rows.map(async (row) => {
        const key = `${row.targetKind}:${row.targetId}`;
        if (!titles.has(key)) {
          const target = await findCommentTarget(ctx.db, row.targetKind, row.targetId);
          titles.set(key, target ? { title: target.title, path: target.path } : null);
        }
        return {
          id: row.id,
          targetKind: row.targetKind,
          targetId: row.targetId,
          target: titles.get(key) ?? null,
          parentId: row.parentId,
          origin: row.origin,
          readerId: row.readerId,
          authorName: row.readerName ?? row.remoteAuthorName ?? '',
          body: row.body,
          bodyHtml: renderCommentHtml(row.body),
          status: row.status,
          spoiler: row.spoiler,
          reportCount: row.reportCount,
          createdAt: row.createdAt,
        };
      }),
    );
  }),

  /** Approve, hide, delete, ban the writer (their waiting comments hidden too), or mark as a spoiler. */
  moderate: contentWriteProcedure.input(moderateCommentSchema).mutation(async ({ ctx, input }) => {
    const comment = found(await findComment(ctx.db, input.id), 'Comment');
    switch (input.action) {
      case 'approve':
        await setCommentStatus(ctx.db, comment.id, 'approved');
        break;
      case 'hide':
        await setCommentStatus(ctx.db, comment.id, 'hidden');
        break;
      case 'delete':
        await markCommentDeleted(ctx.db, comment.id);
        break;
      case 'spoiler':
      case 'unspoiler':
        await setCommentSpoiler(ctx.db, comment.id, input.action === 'spoiler');
        break;
      case 'ban': {
        const reader = comment.readerId ? await findReader(ctx.db, comment.readerId) : undefined;
        if (!reader) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Only a reader of this site can be banned' });
        await banReader(ctx.db, reader.id);
        await hideHeldCommentsOf(ctx.db, reader.id);
        await setCommentStatus(ctx.db, comment.id, 'hidden');
        break;
      }
    }
    return { id: comment.id, action: input.action };
  }),

  settings: adminProcedure.query(({ ctx }) => readCommentSettings(ctx)),

  updateSettings: contentWriteProcedure
    .input(commentSettingsUpdateSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.db, COMMENT_SETTINGS_KEY, commentSettingsSchema, input)),

  targetState: adminProcedure
    .input(commentTargetSchema)
    .query(async ({ ctx, input }) => ({ commentsOff: await isCommentsOff(ctx.db, input.targetKind, input.targetId) })),

  /** Comments off (or on again) for one post or excerpt. */
  setTargetOff: contentWriteProcedure.input(commentTargetSwitchSchema).mutation(async ({ ctx, input }) => {
    found(await findCommentTarget(ctx.db, input.targetKind, input.targetId), 'Post or excerpt');
    await setCommentsOff(ctx.db, input.targetKind, input.targetId, input.commentsOff);
    return input;
  }),
});
