import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { adminPageInputSchema } from '../../domain/admin-lists.schema.js';
import { enumField } from '../../domain/fields.schema.js';
import { parseBlockTarget } from '../../domain/fediverse.js';
import { fediverseBlockInputSchema, fediverseMoveInputSchema } from '../../domain/fediverse.schema.js';
import { toPageBy } from '../db/keyset-page.js';
import { pageKeyOf } from '../trpc/page-cursor.js';
import { adminProcedure, contentWriteProcedure, router } from '../trpc/trpc.js';
import { cancelMove, movedTo } from './account-move.js';
import { addBlock, listBlocks, removeBlock } from './blocks-repository.js';
import { loadFedifySide } from './fedify-loader.js';
import { countAcceptedFollowers, followerPage } from './followers-repository.js';
import { countReactions } from './reactions-repository.js';

/** The admin's side of the fediverse: the Overview's figures, blocks. */
export const fediverseRouter = router({
  summary: adminProcedure.query(async ({ ctx }) => ({
    followers: await countAcceptedFollowers(ctx.db),
    ...(await countReactions(ctx.db)),
  })),
  /** The followers (accepted by default, or those waiting for approval), in the order they came; the CSV's pages. */
  followers: adminProcedure
    .input(
      adminPageInputSchema
        .unwrap()
        .extend({ status: enumField('Status', ['accepted', 'pending']).default('accepted') }),
    )
    .query(async ({ ctx, input }) => {
      const key = pageKeyOf(input.cursor);
      const rows = await followerPage(ctx.db, {
        status: input.status,
        limit: input.limit + 1,
        after: key && { createdAt: key.createdAt, actorId: key.id },
      });
      return toPageBy(
        rows,
        input.limit,
        (row) => ({ createdAt: row.createdAt, id: row.actorId }),
        (row) => ({ handle: row.handle, actorId: row.actorId, createdAt: row.createdAt }),
      );
    }),
  /** A follow held for approval: approved (Accept sent) or rejected (Reject sent). */
  answerFollow: adminProcedure
    .input(
      z.object({
        actorId: z.string({ error: 'Actor is required' }).min(1).max(2048),
        approve: z.boolean({ error: 'Approve must be true or false' }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const origin = (await ctx.fediverse.knownOrigin()) ?? ctx.siteOrigin;
      const { answerFollowRequest } = await loadFedifySide();
      if (!(await answerFollowRequest(ctx.db, ctx.fediverse.federation, origin, input)))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'No follow from this account is waiting' });
      return input;
    }),
  /** Where the account moved (its `movedTo`), or null. */
  moveStatus: adminProcedure.query(async ({ ctx }) => ({ movedTo: await movedTo(ctx.db) })),
  /** Moves the account to a new actor that lists this one in its aliases; a signed Move goes to every follower. */
  move: adminProcedure.input(fediverseMoveInputSchema).mutation(async ({ ctx, input }) => {
    const origin = (await ctx.fediverse.knownOrigin()) ?? ctx.siteOrigin;
    const { moveAccount } = await loadFedifySide();
    const outcome = await moveAccount(ctx.db, await ctx.fediverse.federation(), origin, input.target);
    if (!outcome.moved) throw new TRPCError({ code: 'BAD_REQUEST', message: outcome.reason });
    return { movedTo: outcome.movedTo };
  }),
  /** The move undone: the actor no longer shows `movedTo`, and its followers are sent the actor as it now is. */
  cancelMove: adminProcedure.mutation(async ({ ctx }) => {
    const origin = await ctx.fediverse.knownOrigin();
    // No origin yet: nothing was ever federated, so there is no follower to tell.
    if (!origin) await cancelMove(ctx.db);
    else await (await loadFedifySide()).undoAccountMove(ctx.db, await ctx.fediverse.federation(), origin);
    return { movedTo: null };
  }),
  blocks: adminProcedure.query(({ ctx }) => listBlocks(ctx.db)),
  /**
   * Blocks an account or a server: its activities are dropped, its follows refused, its followers removed, its likes
   * and boosts removed and its replies hidden (a content write: the public pages show the counts and replies).
   */
  block: contentWriteProcedure
    .input(fediverseBlockInputSchema)
    .mutation(({ ctx, input }) => addBlock(ctx.db, input.target)),
  unblock: adminProcedure
    .input(z.object({ target: z.string({ error: 'Target is required' }).min(1).max(500) }))
    .mutation(async ({ ctx, input }) => {
      const target = parseBlockTarget(input.target)?.target ?? input.target;
      if (!(await removeBlock(ctx.db, target))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such block' });
      return { target };
    }),
});
