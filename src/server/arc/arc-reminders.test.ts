import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookInputSchema } from '../../domain/books.schema.js';
import { createBook } from '../content/books/books-repository.js';
import { claimDueMessages } from '../newsletter/send-queue/mail-queue-repository.js';
import { unsubscribeFromNewsletter } from '../newsletter/subscriptions-repository.js';
import { addSubscriber } from '../test-support/arc.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { arcMailingId } from './arc-emails.js';
import { queueDueArcReminders } from './arc-reminders.js';
import { rankApplications } from './arc-ranking.js';
import {
  addSelectedReader,
  applyToCampaign,
  countArcDownload,
  createCampaign,
  findCampaign,
  stepBack,
  submitReviews,
} from './arc-repository.js';

const DAY = 24 * 60 * 60 * 1000;
const ORIGIN = 'https://site.example';
let t: TestApp;
let bookId: string;

beforeAll(async () => {
  t = await createTestApp();
  bookId = (
    await createBook(
      t.services.db,
      bookInputSchema.parse({
        title: 'The Quiet Ember',
        description: 'Coming soon.',
        coverImage: '/objects/c.jpg',
        status: 'coming-soon',
        order: 1,
      }),
    )
  ).id;
});
afterAll(() => t.close());

const campaign = (reviewBy: Date, holdBackNonReviewers = false) =>
  createCampaign(t.services.db, {
    bookId,
    editionFileId: null,
    places: 10,
    reviewBy: reviewBy.toISOString(),
    promise: 'Honest review by release day',
    state: 'open',
    holdBackNonReviewers,
  });

async function chosen(campaignId: string, email: string) {
  const subscriptionId = await addSubscriber(t.services.db, email);
  const id = (await addSelectedReader(t.services.db, campaignId, { subscriptionId, name: email }, ORIGIN))!;
  return { id, subscriptionId };
}

const queued = async (campaignId: string, kind: 'download-reminder' | 'deadline-reminder') =>
  (
    await t.services.db
      .selectFrom('mailQueue')
      .select('recipientId')
      .where('mailingId', '=', arcMailingId(kind, campaignId))
      .execute()
  )
    .map((row) => row.recipientId)
    .sort();

describe('ARC reminders on a fake clock', () => {
  it('sends one a few days after the download and one before the deadline, once each; none after a review, a step back or an unsubscribe', async () => {
    const start = new Date();
    const reviewBy = new Date(start.getTime() + 30 * DAY);
    const campaignId = await campaign(reviewBy);
    const quiet = await chosen(campaignId, 'quiet@readers.example');
    const reviewer = await chosen(campaignId, 'reviewer@readers.example');
    const stepper = await chosen(campaignId, 'stepper@readers.example');
    const leaver = await chosen(campaignId, 'leaver@readers.example');
    for (const reader of [quiet, reviewer, stepper, leaver]) await countArcDownload(t.services.db, reader.id);

    // Two days after the download: nothing yet.
    expect(await queueDueArcReminders(t.services.db, new Date(start.getTime() + 2 * DAY))).toBe(0);

    await submitReviews(
      t.services.db,
      { id: reviewer.id, campaignId },
      { goodreads: 'https://www.goodreads.com/review/show/9' },
    );
    await stepBack(t.services.db, stepper.id);
    await unsubscribeFromNewsletter(t.services.db, leaver.subscriptionId);

    const fiveDays = new Date(start.getTime() + 5 * DAY);
    expect(await queueDueArcReminders(t.services.db, fiveDays)).toBe(1);
    expect(await queued(campaignId, 'download-reminder')).toEqual([quiet.id]);
    // Run again (the job's next hour, another instance): nothing more.
    expect(await queueDueArcReminders(t.services.db, new Date(fiveDays.getTime() + 3_600_000))).toBe(0);

    // Two days before the deadline: the second, once.
    const nearDeadline = new Date(reviewBy.getTime() - 2 * DAY);
    expect(await queueDueArcReminders(t.services.db, nearDeadline)).toBe(1);
    expect(await queued(campaignId, 'deadline-reminder')).toEqual([quiet.id]);
    expect(await queueDueArcReminders(t.services.db, nearDeadline)).toBe(0);
    // After the deadline: none.
    expect(await queueDueArcReminders(t.services.db, new Date(reviewBy.getTime() + DAY))).toBe(0);
  });

  it('skips a queued reminder whose reader reviewed or unsubscribed before its turn', async () => {
    const start = new Date();
    const campaignId = await campaign(new Date(start.getTime() + 20 * DAY));
    const late = await chosen(campaignId, 'late-review@readers.example');
    const gone = await chosen(campaignId, 'gone@readers.example');
    const stays = await chosen(campaignId, 'stays@readers.example');
    for (const reader of [late, gone, stays]) await countArcDownload(t.services.db, reader.id);
    expect(await queueDueArcReminders(t.services.db, new Date(start.getTime() + 5 * DAY))).toBe(3);
    await submitReviews(t.services.db, { id: late.id, campaignId }, { amazon: 'https://www.amazon.de/review/R9' });
    await unsubscribeFromNewsletter(t.services.db, gone.subscriptionId);
    const claimed = await claimDueMessages(t.services.db, new Date(Date.now() + 1000), 50);
    expect(
      claimed
        .filter((message) => message.mailingId === arcMailingId('download-reminder', campaignId))
        .map((message) => message.recipientId),
    ).toEqual([stays.id]);
    const statuses = await t.services.db
      .selectFrom('mailQueue')
      .select(['recipientId', 'status'])
      .where('mailingId', '=', arcMailingId('download-reminder', campaignId))
      .execute();
    expect(Object.fromEntries(statuses.map((row) => [row.recipientId, row.status]))).toEqual({
      [late.id]: 'skipped',
      [gone.id]: 'skipped',
      [stays.id]: 'sending',
    });
  });
});

describe('ranking applicants by their record with this author', () => {
  it('ranks 500 applicants: reviewers on time first, no-shows last, held back only when the setting is on', async () => {
    const now = new Date();
    const past = await campaign(new Date(now.getTime() - 10 * DAY));
    const next = await campaign(new Date(now.getTime() + 30 * DAY));
    const db = t.services.db;
    const ids: string[] = [];
    for (let n = 0; n < 500; n += 1) ids.push(await addSubscriber(db, `rank${n}@readers.example`));
    // Past record: reader 0 reviewed on time, reader 1 stepped back, reader 2 no-show, reader 3 interested in everything.
    for (const n of [0, 1, 2]) await addSelectedReader(db, past, { subscriptionId: ids[n]!, name: `r${n}` }, ORIGIN);
    const pastApps = await db
      .selectFrom('arcApplications')
      .select(['id', 'subscriptionId'])
      .where('campaignId', '=', past)
      .execute();
    const appOf = (n: number) => pastApps.find((row) => row.subscriptionId === ids[n])!.id;
    await countArcDownload(db, appOf(0));
    await submitReviews(db, { id: appOf(0), campaignId: past }, { blog: 'https://r0.blog.example/review' });
    await stepBack(db, appOf(1));
    await db
      .updateTable('newsletterSubscriptions')
      .set({ interests: '["everything"]' })
      .where('id', '=', ids[3]!)
      .execute();
    // Reader 0's review was on time: its time is before the past deadline.
    await db
      .updateTable('arcApplications')
      .set({ reviewedAt: new Date(now.getTime() - 12 * DAY).toISOString() })
      .where('id', '=', appOf(0))
      .execute();
    // Everyone applies to the next campaign, reader 2 (the no-show) first.
    for (const n of [2, ...Array.from({ length: 500 }, (_, i) => i).filter((i) => i !== 2)])
      await applyToCampaign(db, { campaignId: next, subscriptionId: ids[n]!, name: `r${n}`, profiles: {}, genres: [] });

    const ranked = await rankApplications(db, (await findCampaign(db, next))!, now);
    expect(ranked).toHaveLength(500);
    expect(ranked[0]!.email).toBe('rank0@readers.example');
    expect(ranked[0]!.record).toMatchObject({ reviewsOnTime: 1, downloaded: 1 });
    expect(ranked[1]!.email).toBe('rank3@readers.example');
    expect(ranked.at(-2)!.email).toBe('rank1@readers.example');
    expect(ranked.at(-1)!.email).toBe('rank2@readers.example');
    expect(ranked.at(-1)!.record.noShows).toBe(1);
    expect(ranked.every((entry) => entry.heldBack === null)).toBe(true);

    await db.updateTable('arcCampaigns').set({ holdBackNonReviewers: 1 }).where('id', '=', next).execute();
    const held = await rankApplications(db, (await findCampaign(db, next))!, now);
    expect(held.at(-1)).toMatchObject({
      email: 'rank2@readers.example',
      heldBack: 'Held back: chosen 1 time before and never reviewed',
    });
    expect(held.filter((entry) => entry.heldBack !== null)).toHaveLength(1);
  });
});
