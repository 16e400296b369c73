import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { parseBlockTarget } from '../../domain/fediverse.js';
import { fediverseBlockInputSchema } from '../../domain/fediverse.schema.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { addBlock, listBlocks, removeBlock } from './blocks-repository.js';
import { countAcceptedFollowers } from './followers-repository.js';
import { countReactions } from './reactions-repository.js';

/** The admin's side of the fediverse: the Overview's figures, blocks. */
export const fediverseRouter = router({
  summary: adminProcedure.query(async ({ ctx }) => ({
    followers: await countAcceptedFollowers(ctx.db),
    ...(await countReactions(ctx.db)),
  })),
  blocks: adminProcedure.query(({ ctx }) => listBlocks(ctx.db)),
  /** Blocks an account or a server: its activities are dropped, its follows refused, its followers removed. */
  block: adminProcedure.input(fediverseBlockInputSchema).mutation(({ ctx, input }) => addBlock(ctx.db, input.target)),
  unblock: adminProcedure
    .input(z.object({ target: z.string({ error: 'Target is required' }).min(1).max(500) }))
    .mutation(async ({ ctx, input }) => {
      const target = parseBlockTarget(input.target)?.target ?? input.target;
      if (!(await removeBlock(ctx.db, target))) throw new TRPCError({ code: 'NOT_FOUND', message: 'No such block' });
      return { target };
    }),
});
