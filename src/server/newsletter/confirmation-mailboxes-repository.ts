import type { AppDatabase } from '../db/connection.js';

/**
 * Claims a mailbox's turn for a confirmation email: granted when none was sent to it within
 * `minimumGapMs`. One upsert decides, so parallel sign-ups of many spellings get one claim.
 */
export async function claimConfirmationMailbox(
  db: AppDatabase,
  mailbox: string,
  sentAt: string,
  minimumGapMs: number,
): Promise<boolean> {
  const lastAllowed = new Date(Date.parse(sentAt) - minimumGapMs).toISOString();
  const claimed = await db
    .insertInto('confirmationMailboxes')
    .values({ mailbox, sentAt })
    .onConflict((conflict) =>
      conflict.column('mailbox').doUpdateSet({ sentAt }).where('confirmationMailboxes.sentAt', '<=', lastAllowed),
    )
    .returning('mailbox')
    .executeTakeFirst();
  // A mailbox is kept no longer than it spaces anything out.
  await db.deleteFrom('confirmationMailboxes').where('sentAt', '<', lastAllowed).execute();
  return claimed !== undefined;
}

/** Gives a claim back (its email could not be sent), unless a later one replaced it. */
export async function releaseConfirmationMailbox(db: AppDatabase, mailbox: string, sentAt: string): Promise<void> {
  await db.deleteFrom('confirmationMailboxes').where('mailbox', '=', mailbox).where('sentAt', '=', sentAt).execute();
}

/** The mailbox's owner confirmed: the confirmation was wanted, so a later sign-up may have one at once. */
export async function forgetConfirmationMailbox(db: AppDatabase, mailbox: string): Promise<void> {
  await db.deleteFrom('confirmationMailboxes').where('mailbox', '=', mailbox).execute();
}

/** A mailbox's confirmation waits in the send queue: its day of spacing starts when it is sent. */
export async function postponeConfirmationMailbox(
  db: AppDatabase,
  mailbox: string,
  claimedAt: string,
  sendAt: string,
): Promise<void> {
  await db
    .updateTable('confirmationMailboxes')
    .set({ sentAt: sendAt })
    .where('mailbox', '=', mailbox)
    .where('sentAt', '=', claimedAt)
    .execute();
}
