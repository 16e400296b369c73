import type { Page } from '../../../domain/admin-lists.schema.js';
import type { NewsletterIssue, NewsletterIssueRow, SendFigures } from '../../../domain/newsletter-issues.js';
import { audienceSchema, EVERYONE, type Audience } from '../../../domain/newsletter-interests.js';
import { defaultWelcomeEmail, FORMER_DEFAULT_WELCOME_BODY } from '../../../domain/welcome-email.js';
import type { AppDatabase } from '../../db/connection.js';
import { figuresByMailing } from '../send-queue/mail-queue-repository.js';
import { storedAudience } from '../audience-repository.js';
import { isUniqueViolation, newId, timestampNow, toDate } from '../../db/row-conversion.js';

type IssueRow = {
  id: string;
  subject: string;
  preheader: string;
  body: string;
  status: string;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  postId: string | null;
  inArchive: number;
  audience: string | null;
  sequenceStep: number | null;
  delayDays: number | null;
  sequenceEnabled: number;
  sendWithPost: number;
};

const ISSUE_COLUMNS = [
  'id',
  'subject',
  'preheader',
  'body',
  'status',
  'createdAt',
  'updatedAt',
  'sentAt',
  'postId',
  'inArchive',
  'audience',
  'sequenceStep',
  'delayDays',
  'sequenceEnabled',
  'sendWithPost',
] as const;

const NOT_IN_SEQUENCE = { audience: null, sequenceStep: null, delayDays: null, sequenceEnabled: 0 };

function parseAudience(stored: string | null): Audience {
  if (!stored) return EVERYONE;
  try {
    const parsed = audienceSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : EVERYONE;
  } catch {
    return EVERYONE;
  }
}

export const NO_FIGURES: SendFigures = { total: 0, sent: 0, failed: 0, remaining: 0, uncertain: 0, skipped: 0 };

function toIssue(
  { sendWithPost, ...row }: IssueRow,
  figures: SendFigures,
  schedules: ReadonlyMap<string, Date> = new Map(),
): NewsletterIssue {
  // Stored: draft, sequence, or sent (once "Send" was pressed); shown as sending while messages wait.
  const status =
    row.status === 'draft' || row.status === 'sequence' ? row.status : figures.remaining > 0 ? 'sending' : 'sent';
  const withPost = row.status === 'draft' && sendWithPost === 1 && row.postId !== null;
  return {
    ...row,
    status,
    scheduledFor: withPost ? (schedules.get(row.postId!) ?? null) : null,
    audience: parseAudience(row.audience),
    sequenceEnabled: row.sequenceEnabled !== 0,
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    sentAt: row.sentAt === null ? null : toDate(row.sentAt),
    figures,
    inArchive: row.inArchive === 1,
  };
}

/** When each scheduled post of these issues (those that go out with their post) is due. */
async function postSchedules(
  db: AppDatabase,
  rows: readonly { postId: string | null; sendWithPost: number }[],
): Promise<Map<string, Date>> {
  const postIds = rows.flatMap((row) => (row.sendWithPost === 1 && row.postId !== null ? [row.postId] : []));
  if (postIds.length === 0) return new Map();
  const posts = await db
    .selectFrom('blogPosts')
    .select(['id', 'publishedAt'])
    .where('id', 'in', postIds)
    .where('status', '=', 'scheduled')
    .execute();
  return new Map(posts.map((post) => [post.id, toDate(post.publishedAt)]));
}

export type IssueDraft = {
  subject: string;
  preheader: string;
  body: string;
  postId?: string | null | undefined;
  inArchive?: boolean | undefined;
};

/** The columns a draft's fields set; absent ones are left as they are. */
function draftColumns({ inArchive, postId, ...texts }: IssueDraft) {
  return {
    ...texts,
    ...(postId !== undefined ? { postId } : {}),
    ...(inArchive !== undefined ? { inArchive: inArchive ? 1 : 0 } : {}),
  };
}

export async function createIssueDraft(db: AppDatabase, draft: IssueDraft): Promise<NewsletterIssue> {
  const now = timestampNow();
  const row = {
    id: newId(),
    postId: null,
    inArchive: 0,
    ...draftColumns(draft),
    status: 'draft',
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    ...NOT_IN_SEQUENCE,
    sendWithPost: 0,
  };
  await db.insertInto('newsletterIssues').values(row).execute();
  return toIssue(row, NO_FIGURES);
}

/** Lists a sent issue in the web archive or takes it out; false when there is no such sent issue. */
export async function setIssueInArchive(db: AppDatabase, id: string, inArchive: boolean): Promise<boolean> {
  const result = await db
    .updateTable('newsletterIssues')
    .set({ inArchive: inArchive ? 1 : 0 })
    .where('id', '=', id)
    .where('status', 'not in', ['draft', 'sequence'])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export type ArchivedIssueSummary = { id: string; subject: string; preheader: string; sentAt: Date };

/** The web archive: sent issues the author listed there, newest first. */
export async function listArchivedIssues(db: AppDatabase): Promise<ArchivedIssueSummary[]> {
  const rows = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'subject', 'preheader', 'sentAt'])
    .where('inArchive', '=', 1)
    .where('status', 'not in', ['draft', 'sequence'])
    .orderBy('sentAt', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, sentAt: toDate(row.sentAt ?? '') }));
}

/** Updates a draft; undefined when there is no such draft (gone, or already sent). */
export async function updateIssueDraft(
  db: AppDatabase,
  id: string,
  draft: IssueDraft,
): Promise<NewsletterIssue | undefined> {
  const row = await db
    .updateTable('newsletterIssues')
    .set({ ...draftColumns(draft), updatedAt: timestampNow() })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .returning(ISSUE_COLUMNS)
    .executeTakeFirst();
  return row ? toIssue(row, NO_FIGURES, await postSchedules(db, [row])) : undefined;
}

/** Deletes a draft (a sent issue stays, with its figures); false when there is no such draft. */
export async function deleteIssueDraft(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('newsletterIssues')
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export async function findIssue(db: AppDatabase, id: string): Promise<NewsletterIssue | undefined> {
  const row = await db.selectFrom('newsletterIssues').select(ISSUE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const figures = await figuresByMailing(db, [row.id]);
  return toIssue(row, figures.get(row.id) ?? NO_FIGURES, await postSchedules(db, [row]));
}

/**
 * One page of the issues, drafts first (newest edit first), then sent issues, newest first; each without its body
 * (the composer reads the issue it opens) and with its send figures (read for the page's issues only). `cursor` is
 * the id of the last issue of the page before; undefined when no issue has that id.
 */
export async function listIssuePage(
  db: AppDatabase,
  page: { limit: number; cursor: string | null },
): Promise<Page<NewsletterIssueRow> | undefined> {
  // The order needs only these small columns of every issue (an author's issues number hundreds at most).
  const keys = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'status', 'updatedAt', 'sentAt'])
    .where('sequenceStep', 'is', null)
    .execute();
  const sortKey = (row: (typeof keys)[number]) => `${row.status === 'draft' ? 1 : 0}${row.sentAt ?? row.updatedAt}`;
  const ordered = keys.sort((a, b) => sortKey(b).localeCompare(sortKey(a)) || b.id.localeCompare(a.id));
  const start = page.cursor === null ? 0 : ordered.findIndex((row) => row.id === page.cursor) + 1;
  if (start === 0 && page.cursor !== null) return undefined;
  const ids = ordered.slice(start, start + page.limit).map((row) => row.id);
  if (ids.length === 0) return { items: [], nextCursor: null };
  const rows = await db
    .selectFrom('newsletterIssues')
    .select(ISSUE_COLUMNS.filter((column) => column !== 'body'))
    .where('id', 'in', ids)
    .execute();
  const figures = await figuresByMailing(
    db,
    rows.filter((row) => row.status !== 'draft').map((row) => row.id),
  );
  const schedules = await postSchedules(db, rows);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { body: _body, ...issue } = toIssue({ ...row, body: '' }, figures.get(row.id) ?? NO_FIGURES, schedules);
    return [issue];
  });
  return { items, nextCursor: start + page.limit < ordered.length ? ids.at(-1)! : null };
}

export type ScheduleWithPostResult = 'scheduled' | 'not-a-draft' | 'no-post' | 'post-not-scheduled';

/**
 * Sets a draft to go out with its post, scheduled (to `audience`, links on `siteOrigin`): the job that publishes
 * the post sends it. A second call changes the audience.
 */
export async function scheduleIssueWithPost(
  db: AppDatabase,
  id: string,
  options: { audience: Audience; siteOrigin: string },
): Promise<ScheduleWithPostResult> {
  return db.transaction().execute(async (trx) => {
    const issue = await trx
      .selectFrom('newsletterIssues')
      .select(['status', 'postId'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!issue || issue.status !== 'draft') return 'not-a-draft';
    if (issue.postId === null) return 'no-post';
    const post = await trx.selectFrom('blogPosts').select('status').where('id', '=', issue.postId).executeTakeFirst();
    if (post?.status !== 'scheduled') return 'post-not-scheduled';
    await trx
      .updateTable('newsletterIssues')
      .set({ sendWithPost: 1, sendOrigin: options.siteOrigin, audience: storedAudience(options.audience) })
      .where('id', '=', id)
      .where('status', '=', 'draft')
      .execute();
    return 'scheduled';
  });
}

/** A draft no longer goes out with its post; false when it was not set to. */
export async function unscheduleIssueWithPost(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletterIssues')
    .set({ sendWithPost: 0, sendOrigin: null, audience: null })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .where('sendWithPost', '=', 1)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Drafts set to go out with a post that is now published: due to be sent. */
export async function issuesDueWithPosts(
  db: AppDatabase,
): Promise<{ id: string; audience: Audience; siteOrigin: string | null }[]> {
  const rows = await db
    .selectFrom('newsletterIssues')
    .innerJoin('blogPosts', 'blogPosts.id', 'newsletterIssues.postId')
    .select(['newsletterIssues.id', 'newsletterIssues.audience', 'newsletterIssues.sendOrigin'])
    .where('newsletterIssues.status', '=', 'draft')
    .where('newsletterIssues.sendWithPost', '=', 1)
    .where('blogPosts.status', '=', 'published')
    .execute();
  return rows.map((row) => ({ id: row.id, audience: parseAudience(row.audience), siteOrigin: row.sendOrigin }));
}

/**
 * Drafts set to go out with a post taken back to a draft or deleted become plain drafts again: a post published
 * by hand later does not send them unasked. Returns how many.
 */
export async function releaseIssuesOfUnscheduledPosts(db: AppDatabase): Promise<number> {
  const result = await db
    .updateTable('newsletterIssues')
    .set({ sendWithPost: 0, sendOrigin: null, audience: null })
    .where('status', '=', 'draft')
    .where('sendWithPost', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blogPosts')
            .select('blogPosts.id')
            .whereRef('blogPosts.id', '=', 'newsletterIssues.postId')
            .where('blogPosts.status', 'in', ['scheduled', 'published']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export const WELCOME_STEP = 0;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The ready-made welcome email, pointing at the site's first book. */
async function readyMadeWelcomeEmail(db: AppDatabase) {
  const firstBook = await db
    .selectFrom('books')
    .select(['title', 'slug'])
    .orderBy('order')
    .orderBy('title')
    .limit(1)
    .executeTakeFirst();
  return defaultWelcomeEmail(firstBook);
}

/**
 * Creates the welcome email (on, with the ready-made text) unless the site has one already; one still holding
 * the former ready-made text, never edited, gets the current one.
 */
async function ensureWelcomeEmail(db: AppDatabase): Promise<void> {
  const exists = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'body'])
    .where('sequenceStep', '=', WELCOME_STEP)
    .executeTakeFirst();
  if (exists) {
    if (exists.body !== FORMER_DEFAULT_WELCOME_BODY) return;
    await db
      .updateTable('newsletterIssues')
      .set({ body: (await readyMadeWelcomeEmail(db)).body, updatedAt: timestampNow() })
      .where('id', '=', exists.id)
      .where('body', '=', FORMER_DEFAULT_WELCOME_BODY)
      .execute();
    return;
  }
  const now = timestampNow();
  try {
    await db
      .insertInto('newsletterIssues')
      .values({
        id: newId(),
        ...(await readyMadeWelcomeEmail(db)),
        status: 'sequence',
        createdAt: now,
        updatedAt: now,
        sentAt: null,
        audience: null,
        sequenceStep: WELCOME_STEP,
        delayDays: 0,
        sequenceEnabled: 1,
      })
      .execute();
  } catch (error) {
    // Another request (or instance) created it first.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The welcome email and its follow-ups, in order, each with its send figures. */
export async function listSequence(db: AppDatabase): Promise<NewsletterIssue[]> {
  await ensureWelcomeEmail(db);
  const rows = await db
    .selectFrom('newsletterIssues')
    .select(ISSUE_COLUMNS)
    .where('sequenceStep', 'is not', null)
    .orderBy('sequenceStep')
    .execute();
  const figures = await figuresByMailing(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toIssue(row, figures.get(row.id) ?? NO_FIGURES));
}

export type SequenceEmail = IssueDraft & { step: number; delayDays: number; enabled: boolean };

/** Saves the email of a step (creating it the first time); the welcome email always goes out at once. */
export async function saveSequenceEmail(db: AppDatabase, email: SequenceEmail): Promise<NewsletterIssue> {
  await ensureWelcomeEmail(db);
  const fields = {
    subject: email.subject,
    preheader: email.preheader,
    body: email.body,
    delayDays: email.step === WELCOME_STEP ? 0 : email.delayDays,
    sequenceEnabled: email.enabled ? 1 : 0,
    updatedAt: timestampNow(),
  };
  const updated = await db
    .updateTable('newsletterIssues')
    .set(fields)
    .where('sequenceStep', '=', email.step)
    .returning(ISSUE_COLUMNS)
    .executeTakeFirst();
  if (!updated) {
    try {
      await db
        .insertInto('newsletterIssues')
        .values({
          id: newId(),
          ...fields,
          status: 'sequence',
          createdAt: fields.updatedAt,
          sentAt: null,
          audience: null,
          sequenceStep: email.step,
        })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return saveSequenceEmail(db, email);
    }
  }
  return (await listSequence(db)).find((issue) => issue.sequenceStep === email.step)!;
}

/**
 * Queues the enabled sequence emails for a subscriber who just confirmed: the welcome email now,
 * each follow-up its delay later. The queue's key (mailing, recipient) makes a second copy of
 * any of them impossible, even if the address confirms again after unsubscribing.
 */
export async function enqueueSequence(
  db: AppDatabase,
  subscriber: { id: string; email: string },
  confirmedAt: Date,
  siteOrigin: string,
): Promise<number> {
  await ensureWelcomeEmail(db);
  const steps = await db
    .selectFrom('newsletterIssues')
    .select(['id', 'delayDays'])
    .where('sequenceStep', 'is not', null)
    .where('sequenceEnabled', '=', 1)
    .execute();
  if (steps.length === 0) return 0;
  const now = timestampNow();
  const result = await db
    .insertInto('mailQueue')
    .values(
      steps.map((step) => ({
        mailingId: step.id,
        recipientId: subscriber.id,
        kind: 'issue',
        email: subscriber.email,
        siteOrigin,
        status: 'pending',
        nextAttemptAt: new Date(confirmedAt.getTime() + (step.delayDays ?? 0) * DAY_MS).toISOString(),
        createdAt: now,
      })),
    )
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}
