import { sql } from 'kysely';
import { arcScore, isNonReviewer, type ArcRecord } from '../../domain/arc.js';
import type { AppDatabase } from '../db/connection.js';
import { parseInterests } from '../newsletter/subscriptions-repository.js';
import { applications, toApplication, type ArcApplication, type ArcCampaign } from './arc-repository.js';

export type RankedApplication = ArcApplication & {
  record: ArcRecord;
  interested: boolean;
  score: number;
  /** Set when the campaign holds back readers who never reviewed: the reason the author sees. */
  heldBack: string | null;
};

const EMPTY_RECORD: ArcRecord = {
  campaigns: 0,
  downloaded: 0,
  reviewsOnTime: 0,
  reviewsLate: 0,
  steppedBack: 0,
  noShows: 0,
};

/** SQLite and PostgreSQL sum to a number or a bigint's text. */
const count = (expression: ReturnType<typeof sql>) =>
  sql<number | string>`coalesce(sum(case when ${expression} then 1 else 0 end), 0)`;

/**
 * Readers' records with this author over every other campaign: chosen, downloaded, reviewed on time or late,
 * stepped back, no-shows (chosen, deadline passed, neither review nor step back). One grouped query for any
 * number of readers (the ids are the campaign's applicants: one query, not one per reader).
 */
async function recordsOf(db: AppDatabase, campaignId: string, now: Date): Promise<Map<string, ArcRecord>> {
  const nowText = now.toISOString();
  const rows = await db
    .selectFrom('arcApplications as a')
    .innerJoin('arcCampaigns as c', 'c.id', 'a.campaignId')
    .where('a.campaignId', '<>', campaignId)
    .where('a.state', 'in', ['selected', 'stepped-back'])
    .where('a.subscriptionId', 'in', (eb) =>
      eb.selectFrom('arcApplications as mine').select('mine.subscriptionId').where('mine.campaignId', '=', campaignId),
    )
    .groupBy('a.subscriptionId')
    .select([
      'a.subscriptionId',
      sql<number | string>`count(*)`.as('campaigns'),
      count(sql`a.downloaded_at is not null`).as('downloaded'),
      count(sql`a.reviewed_at is not null and a.reviewed_at <= c.review_by`).as('reviewsOnTime'),
      count(sql`a.reviewed_at is not null and a.reviewed_at > c.review_by`).as('reviewsLate'),
      count(sql`a.state = 'stepped-back'`).as('steppedBack'),
      count(sql`a.state = 'selected' and a.reviewed_at is null and c.review_by < ${nowText}`).as('noShows'),
    ])
    .execute();
  return new Map(
    rows.map((row) => [
      row.subscriptionId,
      {
        campaigns: Number(row.campaigns),
        downloaded: Number(row.downloaded),
        reviewsOnTime: Number(row.reviewsOnTime),
        reviewsLate: Number(row.reviewsLate),
        steppedBack: Number(row.steppedBack),
        noShows: Number(row.noShows),
      },
    ]),
  );
}

/**
 * A campaign's applications ranked by the reader's record with this author and their interest in the book
 * (its series, or everything): best first, ties by who applied first; readers held back (the campaign's
 * setting, off by default) last, with the reason. Two queries whatever the number of applicants.
 */
export async function rankApplications(
  db: AppDatabase,
  campaign: Pick<ArcCampaign, 'id' | 'seriesId' | 'holdBackNonReviewers'>,
  now = new Date(),
): Promise<RankedApplication[]> {
  const [rows, records] = await Promise.all([
    applications(db)
      .select('s.interests')
      .where('a.campaignId', '=', campaign.id)
      .orderBy('a.createdAt')
      .orderBy('a.id')
      .execute(),
    recordsOf(db, campaign.id, now),
  ]);
  const ranked = rows.map((row): RankedApplication => {
    const record = records.get(row.subscriptionId) ?? EMPTY_RECORD;
    const interests = parseInterests(row.interests) ?? [];
    const interested =
      interests.includes('everything') ||
      (campaign.seriesId !== null && interests.includes(`series:${campaign.seriesId}`));
    const heldBack =
      campaign.holdBackNonReviewers && isNonReviewer(record)
        ? `Held back: chosen ${record.noShows} time${record.noShows === 1 ? '' : 's'} before and never reviewed`
        : null;
    return { ...toApplication(row), record, interested, score: arcScore(record, interested), heldBack };
  });
  // Stable: equal scores keep the order of application.
  return ranked.sort((a, b) => Number(a.heldBack !== null) - Number(b.heldBack !== null) || b.score - a.score);
}
