import { lastDays, statsRangeInput, type SiteStats } from '../../domain/analytics.js';
import { adminProcedure, router } from '../trpc/trpc.js';
import { contentViews, siteStats } from './site-stats.js';

const CONTENT_VIEWS_DAYS = 30;

/** The Overview's figures and the per-post views (admin only). Views still buffered are written first. */
export const analyticsRouter = router({
  stats: adminProcedure.input(statsRangeInput).query(async ({ ctx, input }): Promise<SiteStats> => {
    await ctx.analytics.flush();
    return siteStats(ctx.db, input);
  }),
  /** Each post's and each book page's views in the last 30 days, by id. */
  contentViews: adminProcedure.query(async ({ ctx }) => {
    await ctx.analytics.flush();
    return contentViews(ctx.db, lastDays(CONTENT_VIEWS_DAYS));
  }),
});
