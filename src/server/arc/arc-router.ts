import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { ARC_RETAILERS, type ArcRetailer } from '../../domain/arc.js';
import {
  arcAddReaderInput,
  arcCampaignIdInput,
  arcCampaignInputSchema,
  arcCampaignUpdateSchema,
  arcSelectBestInput,
  arcSelectInput,
} from '../../domain/arc.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { findBook } from '../content/books/books-repository.js';
import { findEditionFile } from '../sales/copies/edition-files-repository.js';
import { adminProcedure, found, router } from '../trpc/trpc.js';
import { queueArcEmails } from './arc-emails.js';
import { rankApplications } from './arc-ranking.js';
import {
  addSelectedReader,
  createCampaign,
  findCampaign,
  findConfirmedReader,
  listCampaignReviews,
  listCampaigns,
  markDeclined,
  markSelected,
  updateCampaign,
  type ArcCampaign,
} from './arc-repository.js';

type Counts = { applications: number; selected: number; downloaded: number; reviewed: number; steppedBack: number };

/** Each campaign's applicants, chosen, downloads, reviews and step-backs: one grouped query. */
async function countsByCampaign(db: AppDatabase): Promise<Map<string, Counts>> {
  const sum = (condition: ReturnType<typeof sql>) =>
    sql<number | string>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const rows = await db
    .selectFrom('arcApplications')
    .groupBy('campaignId')
    .select([
      'campaignId',
      sql<number | string>`count(*)`.as('applications'),
      sum(sql`state in ('selected', 'stepped-back')`).as('selected'),
      sum(sql`downloaded_at is not null`).as('downloaded'),
      sum(sql`reviewed_at is not null`).as('reviewed'),
      sum(sql`state = 'stepped-back'`).as('steppedBack'),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.campaignId,
      {
        applications: Number(row.applications),
        selected: Number(row.selected),
        downloaded: Number(row.downloaded),
        reviewed: Number(row.reviewed),
        steppedBack: Number(row.steppedBack),
      },
    ]),
  );
}

const NO_COUNTS: Counts = { applications: 0, selected: 0, downloaded: 0, reviewed: 0, steppedBack: 0 };

async function campaignOf(db: AppDatabase, id: string): Promise<ArcCampaign> {
  return found(await findCampaign(db, id), 'Campaign');
}

async function checkEditionFile(db: AppDatabase, bookId: string, editionFileId: string | null | undefined) {
  if (!editionFileId) return;
  const file = await findEditionFile(db, editionFileId);
  if (!file || file.bookId !== bookId)
    throw new TRPCError({ code: 'BAD_REQUEST', message: "Edition file must be one of this book's files" });
}

/** Selected: the chosen readers' emails queued (each once), the queue woken. */
async function select(
  ctx: { db: AppDatabase; siteOrigin: string; mailing: { queueSignal: { notify(): void } } },
  campaign: ArcCampaign,
  ids: string[],
) {
  const selected = await markSelected(ctx.db, campaign.id, ids, ctx.siteOrigin);
  await queueArcEmails(ctx.db, 'selected', campaign.id, selected, ctx.siteOrigin);
  ctx.mailing.queueSignal.notify();
  return { selected: selected.length };
}

/**
 * Admin: the ARC team's campaigns (a book's advance copies), their applicants ranked by their record with this
 * author, selecting (by hand, the best N, or adding any confirmed subscriber to a running campaign), the launch
 * view and the thank-you send.
 */
export const arcRouter = router({
  campaigns: adminProcedure.query(async ({ ctx }) => {
    const [list, counts] = await Promise.all([listCampaigns(ctx.db), countsByCampaign(ctx.db)]);
    return list.map((campaign) => ({ ...campaign, ...(counts.get(campaign.id) ?? NO_COUNTS) }));
  }),
  createCampaign: adminProcedure.input(arcCampaignInputSchema).mutation(async ({ ctx, input }) => {
    found(await findBook(ctx.db, input.bookId), 'Book');
    await checkEditionFile(ctx.db, input.bookId, input.editionFileId);
    const id = await createCampaign(ctx.db, input);
    ctx.cache.clear();
    return { ...(await campaignOf(ctx.db, id)), ...NO_COUNTS };
  }),
  updateCampaign: adminProcedure.input(arcCampaignUpdateSchema).mutation(async ({ ctx, input }) => {
    const { id, ...patch } = input;
    const campaign = await campaignOf(ctx.db, id);
    await checkEditionFile(ctx.db, campaign.bookId, patch.editionFileId);
    await updateCampaign(ctx.db, id, patch);
    ctx.cache.clear();
    return campaignOf(ctx.db, id);
  }),
  /** Ranked best first; each with the reader's record, score and (when held back) the reason. */
  applications: adminProcedure.input(arcCampaignIdInput).query(async ({ ctx, input }) => {
    const campaign = await campaignOf(ctx.db, input.campaignId);
    return rankApplications(ctx.db, campaign);
  }),
  select: adminProcedure
    .input(arcSelectInput)
    .mutation(async ({ ctx, input }) => select(ctx, await campaignOf(ctx.db, input.campaignId), input.applicationIds)),
  decline: adminProcedure.input(arcSelectInput).mutation(async ({ ctx, input }) => {
    await campaignOf(ctx.db, input.campaignId);
    return { declined: await markDeclined(ctx.db, input.campaignId, input.applicationIds) };
  }),
  /** The best `count` applicants not yet chosen (readers held back are skipped). */
  selectBest: adminProcedure.input(arcSelectBestInput).mutation(async ({ ctx, input }) => {
    const campaign = await campaignOf(ctx.db, input.campaignId);
    const ranked = await rankApplications(ctx.db, campaign);
    const best = ranked
      .filter((entry) => entry.state === 'applied' && entry.heldBack === null)
      .slice(0, input.count)
      .map((entry) => entry.id);
    return select(ctx, campaign, best);
  }),
  /** Adds a confirmed subscriber to a running campaign as chosen (BookFunnel cannot), the email queued. */
  addReader: adminProcedure.input(arcAddReaderInput).mutation(async ({ ctx, input }) => {
    const campaign = await campaignOf(ctx.db, input.campaignId);
    const reader = await findConfirmedReader(ctx.db, input.email);
    if (!reader)
      throw new TRPCError({
        code: 'BAD_REQUEST',
        message: 'Only a confirmed subscriber can be added: this address is not one (or unsubscribed)',
      });
    const id = await addSelectedReader(
      ctx.db,
      campaign.id,
      { subscriptionId: reader.id, name: input.name || reader.name || reader.email },
      ctx.siteOrigin,
    );
    if (!id) throw new TRPCError({ code: 'CONFLICT', message: 'This reader stepped back from this campaign' });
    await queueArcEmails(ctx.db, 'selected', campaign.id, [id], ctx.siteOrigin);
    ctx.mailing.queueSignal.notify();
    return { applicationId: id };
  }),
  /** Copies sent, downloaded, reviews in per retailer, overdue (deadline passed, no review, not stepped back). */
  launch: adminProcedure.input(arcCampaignIdInput).query(async ({ ctx, input }) => {
    const campaign = await campaignOf(ctx.db, input.campaignId);
    const [counts, reviews] = await Promise.all([countsByCampaign(ctx.db), listCampaignReviews(ctx.db, campaign.id)]);
    const perRetailer = Object.fromEntries(ARC_RETAILERS.map((retailer) => [retailer, 0])) as Record<
      ArcRetailer,
      number
    >;
    for (const review of reviews) perRetailer[review.retailer as ArcRetailer] += 1;
    const overdue =
      new Date(campaign.reviewBy) < new Date()
        ? Number(
            (
              await ctx.db
                .selectFrom('arcApplications')
                .select((eb) => eb.fn.countAll<number>().as('count'))
                .where('campaignId', '=', campaign.id)
                .where('state', '=', 'selected')
                .where('reviewedAt', 'is', null)
                .executeTakeFirstOrThrow()
            ).count,
          )
        : 0;
    const totals = counts.get(campaign.id) ?? NO_COUNTS;
    return { campaign, sent: totals.selected, ...totals, reviewsPerRetailer: perRetailer, overdue, reviews };
  }),
  /** Queues a thank-you to every reader who submitted a review link (once each). */
  thankReviewers: adminProcedure.input(arcCampaignIdInput).mutation(async ({ ctx, input }) => {
    const campaign = await campaignOf(ctx.db, input.campaignId);
    const ids = (
      await ctx.db
        .selectFrom('arcApplications')
        .select('id')
        .where('campaignId', '=', campaign.id)
        .where('reviewedAt', 'is not', null)
        .execute()
    ).map((row) => row.id);
    const queued = await queueArcEmails(ctx.db, 'thanks', campaign.id, ids, ctx.siteOrigin);
    ctx.mailing.queueSignal.notify();
    return { queued };
  }),
});
