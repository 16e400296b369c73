import { adminProcedure, router } from '../trpc/trpc.js';
import { countAcceptedFollowers } from './followers-repository.js';
import { countReactions } from './reactions-repository.js';

/** The admin's side of the fediverse: the Overview's figures. */
export const fediverseRouter = router({
  summary: adminProcedure.query(async ({ ctx }) => ({
    followers: await countAcceptedFollowers(ctx.db),
    ...(await countReactions(ctx.db)),
  })),
});
