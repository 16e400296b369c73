import { sql } from 'kysely';
import type { ArcApplicationState, ArcCampaignState, ArcRetailer } from '../../domain/arc.js';
import type { ArcCampaignInput, ArcLinks } from '../../domain/arc.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { isUniqueViolation, newId, timestampNow, toBoolean, toStoredBoolean } from '../db/row-conversion.js';
import { newFingerprint } from '../sales/copies/personal-copy.js';

export type ArcCampaign = {
  id: string;
  bookId: string;
  bookTitle: string;
  bookSlug: string;
  bookStatus: string;
  seriesId: string | null;
  editionFileId: string | null;
  places: number;
  reviewBy: string;
  promise: string;
  state: ArcCampaignState;
  holdBackNonReviewers: boolean;
  createdAt: string;
  updatedAt: string;
};

const CAMPAIGN_COLUMNS = [
  'c.id',
  'c.bookId',
  'b.title as bookTitle',
  'b.slug as bookSlug',
  'b.status as bookStatus',
  'b.seriesId',
  'c.editionFileId',
  'c.places',
  'c.reviewBy',
  'c.promise',
  'c.state',
  'c.holdBackNonReviewers',
  'c.createdAt',
  'c.updatedAt',
] as const;

const campaigns = (db: AppDatabase) =>
  db.selectFrom('arcCampaigns as c').innerJoin('books as b', 'b.id', 'c.bookId').select(CAMPAIGN_COLUMNS);

type CampaignRow = Awaited<ReturnType<ReturnType<typeof campaigns>['executeTakeFirstOrThrow']>>;
const toCampaign = (row: CampaignRow): ArcCampaign => ({
  ...row,
  places: Number(row.places),
  state: row.state as ArcCampaignState,
  holdBackNonReviewers: toBoolean(Number(row.holdBackNonReviewers)),
});

export async function createCampaign(db: AppDatabase, input: ArcCampaignInput): Promise<string> {
  const id = newId();
  const now = timestampNow();
  await db
    .insertInto('arcCampaigns')
    .values({
      id,
      bookId: input.bookId,
      editionFileId: input.editionFileId,
      places: input.places,
      reviewBy: new Date(input.reviewBy).toISOString(),
      promise: input.promise,
      state: input.state,
      holdBackNonReviewers: toStoredBoolean(input.holdBackNonReviewers),
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  return id;
}

export async function updateCampaign(
  db: AppDatabase,
  id: string,
  patch: Partial<Omit<ArcCampaignInput, 'bookId'>>,
): Promise<void> {
  await db
    .updateTable('arcCampaigns')
    .set({
      ...(patch.editionFileId !== undefined ? { editionFileId: patch.editionFileId } : {}),
      ...(patch.places !== undefined ? { places: patch.places } : {}),
      ...(patch.reviewBy !== undefined ? { reviewBy: new Date(patch.reviewBy).toISOString() } : {}),
      ...(patch.promise !== undefined ? { promise: patch.promise } : {}),
      ...(patch.state !== undefined ? { state: patch.state } : {}),
      ...(patch.holdBackNonReviewers !== undefined
        ? { holdBackNonReviewers: toStoredBoolean(patch.holdBackNonReviewers) }
        : {}),
      updatedAt: timestampNow(),
    })
    .where('id', '=', id)
    .execute();
}

export async function findCampaign(db: AppDatabase, id: string): Promise<ArcCampaign | undefined> {
  const row = await campaigns(db).where('c.id', '=', id).executeTakeFirst();
  return row && toCampaign(row);
}

/** Every campaign, newest first (an author runs a few a year). */
export async function listCampaigns(db: AppDatabase): Promise<ArcCampaign[]> {
  return (await campaigns(db).orderBy('c.createdAt', 'desc').orderBy('c.id').limit(500).execute()).map(toCampaign);
}

/** The open campaigns (the /arc page), or one book's (/arc/<slug>). */
export async function listOpenCampaigns(db: AppDatabase, bookSlug?: string): Promise<ArcCampaign[]> {
  let query = campaigns(db).where('c.state', '=', 'open');
  if (bookSlug !== undefined) query = query.where('b.slug', '=', bookSlug);
  return (await query.orderBy('c.reviewBy').orderBy('c.id').limit(50).execute()).map(toCampaign);
}

export type ArcApplication = {
  id: string;
  campaignId: string;
  subscriptionId: string;
  email: string;
  name: string;
  profiles: ArcLinks;
  genres: string[];
  state: ArcApplicationState;
  fingerprint: string;
  copyFileId: string | null;
  siteOrigin: string | null;
  selectedAt: string | null;
  downloadedAt: string | null;
  downloads: number;
  steppedBackAt: string | null;
  reviewedAt: string | null;
  createdAt: string;
};

const APPLICATION_COLUMNS = [
  'a.id',
  'a.campaignId',
  'a.subscriptionId',
  's.email',
  'a.name',
  'a.profiles',
  'a.genres',
  'a.state',
  'a.fingerprint',
  'a.copyFileId',
  'a.siteOrigin',
  'a.selectedAt',
  'a.downloadedAt',
  'a.downloads',
  'a.steppedBackAt',
  'a.reviewedAt',
  'a.createdAt',
] as const;

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export const applications = (db: AppDatabase) =>
  db
    .selectFrom('arcApplications as a')
    .innerJoin('newsletterSubscriptions as s', 's.id', 'a.subscriptionId')
    .select(APPLICATION_COLUMNS);

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applications>['executeTakeFirstOrThrow']>>;
export const toApplication = (row: ApplicationRow): ArcApplication => ({
  ...row,
  profiles: parseJson<ArcLinks>(row.profiles, {}),
  genres: parseJson<string[]>(row.genres, []),
  state: row.state as ArcApplicationState,
  downloads: Number(row.downloads),
});

export async function findApplication(db: AppDatabase, id: string): Promise<ArcApplication | undefined> {
  const row = await applications(db).where('a.id', '=', id).executeTakeFirst();
  return row && toApplication(row);
}

/** The application a leaked copy's fingerprint was made for (Find a copy's reader). */
export async function findApplicationByFingerprint(
  db: AppDatabase,
  fingerprint: string,
): Promise<ArcApplication | undefined> {
  const row = await applications(db).where('a.fingerprint', '=', fingerprint).executeTakeFirst();
  return row && toApplication(row);
}

/** A confirmed, active, never-bounced subscriber with this address (applying needs one). */
export async function findConfirmedReader(db: AppDatabase, email: string) {
  return db
    .selectFrom('newsletterSubscriptions')
    .select(['id', 'email', 'name'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('isActive', '=', toStoredBoolean(true))
    .where('confirmedAt', 'is not', null)
    .where('bouncedAt', 'is', null)
    .executeTakeFirst();
}

/** Records an application; a second one from the same reader updates the first while it is still `applied`. */
export async function applyToCampaign(
  db: AppDatabase,
  application: { campaignId: string; subscriptionId: string; name: string; profiles: ArcLinks; genres: string[] },
): Promise<'applied' | 'updated' | 'already-chosen'> {
  const values = {
    name: application.name,
    profiles: JSON.stringify(application.profiles),
    genres: JSON.stringify(application.genres),
  };
  try {
    await db
      .insertInto('arcApplications')
      .values({
        id: newId(),
        campaignId: application.campaignId,
        subscriptionId: application.subscriptionId,
        ...values,
        state: 'applied',
        fingerprint: newFingerprint(),
        createdAt: timestampNow(),
      })
      .execute();
    return 'applied';
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const updated = await db
    .updateTable('arcApplications')
    .set(values)
    .where('campaignId', '=', application.campaignId)
    .where('subscriptionId', '=', application.subscriptionId)
    .where('state', '=', 'applied')
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n ? 'updated' : 'already-chosen';
}

/**
 * Adds a reader to a campaign as selected (a running campaign takes readers at any time), or selects their
 * application; returns the application id, or null when they stepped back (their choice stands).
 */
export async function addSelectedReader(
  db: AppDatabase,
  campaignId: string,
  reader: { subscriptionId: string; name: string },
  siteOrigin: string,
): Promise<string | null> {
  try {
    const id = newId();
    await db
      .insertInto('arcApplications')
      .values({
        id,
        campaignId,
        subscriptionId: reader.subscriptionId,
        name: reader.name,
        profiles: '{}',
        genres: '[]',
        state: 'applied',
        fingerprint: newFingerprint(),
        createdAt: timestampNow(),
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const row = await db
    .selectFrom('arcApplications')
    .select(['id', 'state'])
    .where('campaignId', '=', campaignId)
    .where('subscriptionId', '=', reader.subscriptionId)
    .executeTakeFirstOrThrow();
  if (row.state === 'stepped-back') return null;
  const [selected] = await markSelected(db, campaignId, [row.id], siteOrigin);
  return selected ?? row.id;
}

/** Marks applications selected (only those applied or declined); returns the ids newly selected. */
export async function markSelected(
  db: AppDatabase,
  campaignId: string,
  ids: string[],
  siteOrigin: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const now = timestampNow();
  const rows = await db
    .updateTable('arcApplications')
    .set({ state: 'selected', selectedAt: now, siteOrigin })
    .where('campaignId', '=', campaignId)
    .where('id', 'in', ids)
    .where('state', 'in', ['applied', 'declined'])
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function markDeclined(db: AppDatabase, campaignId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('arcApplications')
    .set({ state: 'declined' })
    .where('campaignId', '=', campaignId)
    .where('id', 'in', ids)
    .where('state', '=', 'applied')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The copy made for the application (kept: a re-download sends it again). */
export async function setApplicationCopy(db: AppDatabase, id: string, copyFileId: string): Promise<void> {
  await db.updateTable('arcApplications').set({ copyFileId }).where('id', '=', id).execute();
}

/** A download begun (from the first byte): counted, the first one's time kept. */
export async function countArcDownload(db: AppDatabase, id: string): Promise<void> {
  await db
    .updateTable('arcApplications')
    .set((eb) => ({
      downloads: eb('downloads', '+', 1),
      downloadedAt: sql<string>`COALESCE(downloaded_at, ${timestampNow()})`,
    }))
    .where('id', '=', id)
    .execute();
}

export async function stepBack(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db
    .updateTable('arcApplications')
    .set({ state: 'stepped-back', steppedBackAt: timestampNow() })
    .where('id', '=', id)
    .where('state', '=', 'selected')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export type ArcReview = { applicationId: string; retailer: ArcRetailer; url: string; submittedAt: string };

export async function listReviewsOf(db: AppDatabase, applicationId: string): Promise<ArcReview[]> {
  const rows = await db
    .selectFrom('arcReviews')
    .select(['applicationId', 'retailer', 'url', 'submittedAt'])
    .where('applicationId', '=', applicationId)
    .execute();
  return rows.map((row) => ({ ...row, retailer: row.retailer as ArcRetailer }));
}

/**
 * Saves a reader's review links (one per retailer: a new one replaces theirs). A link another reader of the
 * campaign already submitted is refused whole ('taken'), nothing saved.
 */
export async function submitReviews(
  db: AppDatabase,
  application: { id: string; campaignId: string },
  links: ArcLinks,
): Promise<'saved' | 'taken'> {
  const entries = Object.entries(links).filter((entry): entry is [ArcRetailer, string] => Boolean(entry[1]));
  return db.transaction().execute(async (trx) => {
    const taken = await trx
      .selectFrom('arcReviews')
      .select('url')
      .where('campaignId', '=', application.campaignId)
      .where(
        'url',
        'in',
        entries.map(([, url]) => url),
      )
      .where('applicationId', '<>', application.id)
      .executeTakeFirst();
    if (taken) return 'taken';
    const now = timestampNow();
    for (const [retailer, url] of entries) {
      await trx
        .deleteFrom('arcReviews')
        .where('applicationId', '=', application.id)
        .where('retailer', '=', retailer)
        .execute();
      try {
        await trx
          .insertInto('arcReviews')
          .values({
            applicationId: application.id,
            campaignId: application.campaignId,
            retailer,
            url,
            submittedAt: now,
          })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new ReviewLinkTaken();
        throw error;
      }
    }
    await trx
      .updateTable('arcApplications')
      .set({ reviewedAt: sql<string>`COALESCE(reviewed_at, ${now})` })
      .where('id', '=', application.id)
      .execute();
    return 'saved';
  });
}

/** The same link submitted twice by two readers at once: the database's unique index decides. */
export class ReviewLinkTaken extends Error {}

/** Every review link of a campaign, for the launch-day export. */
export async function listCampaignReviews(db: AppDatabase, campaignId: string) {
  return db
    .selectFrom('arcReviews as r')
    .innerJoin('arcApplications as a', 'a.id', 'r.applicationId')
    .innerJoin('newsletterSubscriptions as s', 's.id', 'a.subscriptionId')
    .select(['a.name', 's.email', 'r.retailer', 'r.url', 'r.submittedAt'])
    .where('r.campaignId', '=', campaignId)
    .orderBy('r.submittedAt')
    .orderBy('r.retailer')
    .execute();
}
