import { TRPCError } from '@trpc/server';
import { COMMENT_MESSAGES, isCommentPagePath, type CommentTargetKind } from '../../domain/comments.js';
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
import type { AppDatabase } from '../db/connection.js';
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
  listCommentedTargets,
  listCommentQueue,
  markCommentDeleted,
  setCommentSpoiler,
  setCommentStatus,
  setCommentsOff,
} from './comments-repository.js';

/** Titles and pages of the items comments hang under (drafts too), each looked up once per request. */
class TargetTitles {
  private readonly known = new Map<string, Promise<{ title: string; path: string } | null>>();
  constructor(private readonly db: AppDatabase) {}

  of(kind: CommentTargetKind, id: string): Promise<{ title: string; path: string } | null> {
    const key = `${kind}:${id}`;
    let title = this.known.get(key);
    if (!title) {
      title = findCommentTarget(this.db, kind, id, { anyState: true }).then((target) =>
        target ? { title: target.title, path: target.path } : null,
      );
      this.known.set(key, title);
    }
    return title;
  }
}

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
    const status = input.status ?? (input.reported ? 'all' : 'held');
    const rows = await listCommentQueue(ctx.db, {
      status: status === 'all' ? undefined : status,
      reported: input.reported,
      target: input.targetKind && input.targetId ? { kind: input.targetKind, id: input.targetId } : undefined,
      limit: input.limit,
    });
    const titles = new TargetTitles(ctx.db);
    return Promise.all(
      rows.map(async (row) => {
        return {
          id: row.id,
          targetKind: row.targetKind,
          targetId: row.targetId,
          target: await titles.of(row.targetKind, row.targetId),
          parentId: row.parentId,
          origin: row.origin,
          readerId: row.readerId,
          authorName: row.readerName ?? row.remoteAuthorName ?? '',
          authorServer: row.remoteAuthorServer,
          readerBanned: row.readerBanned,
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

  /** The posts and excerpts with comments (any state), the most commented first: the queue's filter by post. */
  targets: adminProcedure.query(async ({ ctx }) => {
    const titles = new TargetTitles(ctx.db);
    return Promise.all(
      (await listCommentedTargets(ctx.db)).map(async (row) => ({
        ...row,
        target: await titles.of(row.targetKind, row.targetId),
      })),
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
    found(await findCommentTarget(ctx.db, input.targetKind, input.targetId, { anyState: true }), 'Post or excerpt');
    await setCommentsOff(ctx.db, input.targetKind, input.targetId, input.commentsOff);
    return input;
  }),
});
