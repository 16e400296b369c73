import { sql } from 'kysely';
import { EVERYTHING } from '../../../domain/newsletter-interests.js';
import type {
  BulkReaderInput,
  BulkReaderResult,
  ReaderListItem,
  UpdateReaderInput,
} from '../../../domain/readers.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { inTransaction } from '../../db/in-transaction.js';
import { newId, timestampNow, toStoredBoolean } from '../../db/row-conversion.js';
import { suppressAddress } from '../../deliverability/suppression-list.js';
import { parseInterests, unsubscribeFromNewsletter } from '../subscriptions-repository.js';
import { findReader } from './readers-repository.js';

/**
 * The author's changes to readers: one reader's name, interests and status (the profile), and the list's bulk
 * actions. Each change is logged with its reason in `reader_changes` (the reader's history). An unsubscribe by the
 * author does what the reader's own does (inactive, on the suppression list, reason `unsubscribed`); a suppression
 * by hand is reason `manual`. Each runs in one transaction (on PostgreSQL under the content-writes lock), so bulk
 * actions sent in parallel neither lose an interest nor count a reader twice.
 */

/** The suppression note of an unsubscribe by the author (the reason follows). */
const AUTHOR_UNSUBSCRIBE = 'Unsubscribed by the author';
const AUTHOR_SUPPRESSION = 'Suppressed by the author';

async function logChanges(
  db: AppDatabase,
  entries: { subscriptionId: string; change: string; reason: string | null }[],
): Promise<void> {
  const changedAt = timestampNow();
  for (let start = 0; start < entries.length; start += 200)
    await db
      .insertInto('readerChanges')
      .values(entries.slice(start, start + 200).map((entry) => ({ id: newId(), changedAt, ...entry })))
      .execute();
}

const interestsText = (interests: readonly string[]) =>
  interests.length === 0 ? 'Interests cleared (everything)' : `Interests set to ${interests.join(', ')}`;

/** Changes one reader; undefined when there is none. */
export async function updateReader(db: AppDatabase, input: UpdateReaderInput): Promise<ReaderListItem | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('newsletterSubscriptions')
      .select(['id', 'email', 'name', 'interests', 'isActive'])
      .where('id', '=', input.id)
      .executeTakeFirst();
    if (!current) return undefined;
    const reason = input.reason ?? null;
    const log: { subscriptionId: string; change: string; reason: string | null }[] = [];
    if (input.name !== undefined && input.name !== current.name) {
      await trx.updateTable('newsletterSubscriptions').set({ name: input.name }).where('id', '=', input.id).execute();
      log.push({
        subscriptionId: input.id,
        change: input.name === null ? 'Name cleared' : `Name set to “${input.name}”`,
        reason,
      });
    }
    if (input.interests !== undefined && JSON.stringify(input.interests) !== (current.interests ?? 'null')) {
      await trx
        .updateTable('newsletterSubscriptions')
        .set({ interests: JSON.stringify(input.interests) })
        .where('id', '=', input.id)
        .execute();
      log.push({ subscriptionId: input.id, change: interestsText(input.interests), reason });
    }
    if (input.status === 'unsubscribed') {
      await unsubscribeFromNewsletter(trx, input.id, `${AUTHOR_UNSUBSCRIBE}: ${reason}`);
      log.push({ subscriptionId: input.id, change: AUTHOR_UNSUBSCRIBE, reason });
    } else if (input.status === 'suppressed') {
      await suppressAddress(trx, { email: current.email, reason: 'manual', note: `${AUTHOR_SUPPRESSION}: ${reason}` });
      log.push({ subscriptionId: input.id, change: AUTHOR_SUPPRESSION, reason });
    }
    await logChanges(trx, log);
    return findReader(trx, input.id);
  });
}

/** Bound of one `in (…)` list. */
const CHUNK = 250;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) result.push(items.slice(start, start + CHUNK));
  return result;
}

/** The interests after adding or removing one. A reader who never chose gets everything, and keeps it. */
function changedInterests(stored: string | null, action: 'add-interest' | 'remove-interest', interest: string) {
  const current = parseInterests(stored);
  if (action === 'add-interest') {
    const base = current ?? [EVERYTHING];
    return base.includes(interest) ? null : [...base, interest].sort();
  }
  if (!current || !current.includes(interest)) return null;
  return current.filter((item) => item !== interest);
}

/** One bulk action on the chosen readers; ids of readers who are gone are left out of the count. */
export async function bulkChangeReaders(db: AppDatabase, input: BulkReaderInput): Promise<BulkReaderResult> {
  const ids = [...new Set(input.ids)];
  return inTransaction(db, async (trx) => {
    let changed = 0;
    for (const part of chunks(ids)) {
      if (input.action === 'delete') {
        const deleted = await trx.deleteFrom('newsletterSubscriptions').where('id', 'in', part).executeTakeFirst();
        await trx.deleteFrom('readerChanges').where('subscriptionId', 'in', part).execute();
        changed += Number(deleted.numDeletedRows);
      } else if (input.action === 'unsubscribe') {
        const note = `${AUTHOR_UNSUBSCRIBE}: ${input.reason}`;
        const rows = await trx
          .updateTable('newsletterSubscriptions')
          .set({
            isActive: toStoredBoolean(false),
            confirmationNonce: null,
            unsubscribedAt: sql<string>`COALESCE(unsubscribed_at, ${timestampNow()})`,
          })
          .where('id', 'in', part)
          .where('isActive', '=', toStoredBoolean(true))
          .returning(['id', 'email'])
          .execute();
        for (const row of rows) await suppressAddress(trx, { email: row.email, reason: 'unsubscribed', note });
        await logChanges(
          trx,
          rows.map((row) => ({ subscriptionId: row.id, change: AUTHOR_UNSUBSCRIBE, reason: input.reason })),
        );
        changed += rows.length;
      } else {
        const interest = input.interest[0]!;
        const rows = await trx
          .selectFrom('newsletterSubscriptions')
          .select(['id', 'interests'])
          .where('id', 'in', part)
          .execute();
        const log = [];
        for (const row of rows) {
          const next = changedInterests(row.interests, input.action, interest);
          if (!next) continue;
          await trx
            .updateTable('newsletterSubscriptions')
            .set({ interests: JSON.stringify(next) })
            .where('id', '=', row.id)
            .execute();
          log.push({ subscriptionId: row.id, change: interestsText(next), reason: null });
        }
        await logChanges(trx, log);
        changed += log.length;
      }
    }
    return { changed };
  });
}
