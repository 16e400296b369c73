import { lastDays, statsRangeInput, type SiteStats } from '../../domain/analytics.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { postViews, siteStats } from './site-stats.js';

const POST_VIEWS_DAYS = 30;

/** The Overview's figures and the per-post views (admin only). Views still buffered are written first. */
export const analyticsRouter = router({
  stats: adminProcedure.input(statsRangeInput).query(async ({ ctx, input }): Promise<SiteStats> => {
    await ctx.analytics.flush();
    return siteStats(ctx.db, input);
  }),
  /** Each post's views in the last 30 days, by post id. */
  postViews: adminProcedure.query(async ({ ctx }): Promise<Record<string, number>> => {
    await ctx.analytics.flush();
    return postViews(ctx.db, lastDays(POST_VIEWS_DAYS));
  }),
});
