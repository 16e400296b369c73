import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow, toStoredBoolean } from '../db/row-conversion.js';

export type CommentReader = { id: string; subscriptionId: string; displayName: string; banned: boolean };

const toReader = (row: { id: string; subscriptionId: string; displayName: string; bannedAt: string | null }) => ({
  id: row.id,
  subscriptionId: row.subscriptionId,
  displayName: row.displayName,
  banned: row.bannedAt !== null,
});

/** The confirmed, active newsletter subscription of an address (the only readers who may comment). */
export async function findConfirmedSubscriptionId(db: AppDatabase, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email.toLowerCase()))
    .where('isActive', '=', toStoredBoolean(true))
    .where('confirmedAt', 'is not', null)
    .executeTakeFirst();
  return row?.id;
}

export async function isSubscriptionActive(db: AppDatabase, subscriptionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('id')
    .where('id', '=', subscriptionId)
    .where('isActive', '=', toStoredBoolean(true))
    .executeTakeFirst();
  return row !== undefined;
}

const COMMENT_SIGN_IN_MAILING_ID = 'comment-sign-in';

/** A sign-in link to send: its row, and its message queued in the send queue's transactional lane. */
export async function queueCommentSignIn(
  db: AppDatabase,
  request: { subscriptionId: string; email: string; returnPath: string; siteOrigin: string },
): Promise<string> {
  const id = newId();
  const now = timestampNow();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('commentSignIns')
      .values({ id, subscriptionId: request.subscriptionId, returnPath: request.returnPath, createdAt: now })
      .execute();
    await trx
      .insertInto('mailQueue')
      .values({
        mailingId: COMMENT_SIGN_IN_MAILING_ID,
        recipientId: id,
        kind: 'comment-sign-in',
        email: request.email,
        siteOrigin: request.siteOrigin,
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: now,
        claimedAt: null,
        sentAt: null,
        createdAt: now,
      })
      .execute();
  });
  return id;
}

export async function findCommentSignIn(db: AppDatabase, id: string) {
  return db
    .selectFrom('commentSignIns')
    .select(['id', 'subscriptionId', 'returnPath', 'createdAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countCommentSignIns(db: AppDatabase, subscriptionId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('commentSignIns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('subscriptionId', '=', subscriptionId)
    .where('createdAt', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findReaderBySubscription(db: AppDatabase, subscriptionId: string) {
  const row = await db
    .selectFrom('commentReaders')
    .select(['id', 'subscriptionId', 'displayName', 'bannedAt'])
    .where('subscriptionId', '=', subscriptionId)
    .executeTakeFirst();
  return row && toReader(row);
}

export async function findReader(db: AppDatabase, id: string): Promise<CommentReader | undefined> {
  const row = await db
    .selectFrom('commentReaders')
    .select(['id', 'subscriptionId', 'displayName', 'bannedAt'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toReader(row);
}

/** The reader of a subscription with the name they chose (created on first choice, renamed after). */
export async function saveReaderName(db: AppDatabase, subscriptionId: string, displayName: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('commentReaders')
    .values({ id, subscriptionId, displayName, bannedAt: null, createdAt: timestampNow() })
    .onConflict((conflict) => conflict.column('subscriptionId').doUpdateSet({ displayName }))
    .execute();
  return (await findReaderBySubscription(db, subscriptionId))!.id;
}

export async function banReader(db: AppDatabase, readerId: string): Promise<void> {
  await db.updateTable('commentReaders').set({ bannedAt: timestampNow() }).where('id', '=', readerId).execute();
}
