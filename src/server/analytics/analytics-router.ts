import { lastDays, statsRangeInput, type SiteStats } from '../../domain/analytics.js';
import { contentViewsInputSchema } from '../../domain/admin-lists.schema.js';
import { byIdInput } from '../../domain/fields.schema.js';
import { TRPCError } from '@trpc/server';
import { adminProcedure, router } from '../trpc/trpc.js';
import { issueLinkReport } from './issue-link-report.js';
import { contentViews, siteStats } from './site-stats.js';

const CONTENT_VIEWS_DAYS = 30;

/** The Overview's figures and the per-post views (admin only). Views still buffered are written first. */
export const analyticsRouter = router({
  stats: adminProcedure.input(statsRangeInput).query(async ({ ctx, input }): Promise<SiteStats> => {
    await ctx.analytics.flush();
    return siteStats(ctx.db, input);
  }),
  /** The views in the last 30 days of the posts and book pages asked for (at most 500 of each), by id. */
  contentViews: adminProcedure.input(contentViewsInputSchema).query(async ({ ctx, input }) => {
    await ctx.analytics.flush();
    return contentViews(ctx.db, lastDays(CONTENT_VIEWS_DAYS), input);
  }),
  /** One issue's clicks per link, in unique readers. */
  issueLinks: adminProcedure.input(byIdInput).query(async ({ ctx, input }) => {
    const report = await issueLinkReport(ctx.db, input.id);
    if (!report) throw new TRPCError({ code: 'NOT_FOUND', message: 'Issue not found' });
    return report;
  }),
});
