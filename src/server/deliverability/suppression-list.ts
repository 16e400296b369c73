import { sql } from 'kysely';
import type { Suppression, SuppressionReason } from '../../domain/suppressions.schema.js';
import { SUPPRESSION_LIMITS } from '../../domain/suppressions.schema.js';
import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow, toDate } from '../db/row-conversion.js';

/**
 * The suppression list: addresses never mailed again by any issue, notice, confirmation, welcome
 * or sequence until the author removes them with a reason. Addresses are kept lower-cased, and
 * every lookup lower-cases, so `Reader@X.org` and `reader@x.org` are one entry.
 */

export const suppressionKey = (email: string): string => email.trim().toLowerCase();

/** Bound of one `in (…)` list, well under SQLite's and PostgreSQL's parameter limits. */
const LOOKUP_CHUNK = 500;

export type NewSuppression = {
  email: string;
  reason: SuppressionReason;
  issueId?: string | null;
  note?: string | null;
  at?: string;
};

/** Adds an address; one already listed keeps its first reason. Returns whether it was added now. */
export async function suppressAddress(db: AppDatabase, entry: NewSuppression): Promise<boolean> {
  const added = await db
    .insertInto('mailSuppressions')
    .values({
      email: suppressionKey(entry.email),
      reason: entry.reason,
      createdAt: entry.at ?? timestampNow(),
      issueId: entry.issueId ?? null,
      note: entry.note ?? null,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('email')
    .executeTakeFirst();
  return added !== undefined;
}

export async function isSuppressed(db: AppDatabase, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('mailSuppressions')
    .select('email')
    .where('email', '=', suppressionKey(email))
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Which of these addresses are suppressed (as lower-cased keys): for checking a whole list at
 * once, e.g. subscribers being imported. Any number of addresses, looked up in chunks.
 */
export async function findSuppressed(db: AppDatabase, emails: Iterable<string>): Promise<Set<string>> {
  const keys = [...new Set([...emails].map(suppressionKey))];
  const found = new Set<string>();
  for (let start = 0; start < keys.length; start += LOOKUP_CHUNK) {
    const rows = await db
      .selectFrom('mailSuppressions')
      .select('email')
      .where('email', 'in', keys.slice(start, start + LOOKUP_CHUNK))
      .execute();
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/** The newest first, a page at a time; `search` matches part of the address. */
export async function listSuppressions(
  db: AppDatabase,
  options: { search: string; offset: number },
): Promise<{ entries: Suppression[]; total: number }> {
  let query = db.selectFrom('mailSuppressions as s');
  const search = options.search.trim().toLowerCase();
  if (search) query = query.where(sql<boolean>`s.email like ${`%${search.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`);
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('newsletterIssues as i', 'i.id', 's.issueId')
    .select(['s.email', 's.reason', 's.createdAt', 's.issueId', 's.note', 'i.subject'])
    .orderBy('s.createdAt', 'desc')
    .orderBy('s.email')
    .limit(SUPPRESSION_LIMITS.pageSize)
    .offset(options.offset)
    .execute();
  return {
    total: Number(count),
    entries: rows.map((row) => ({
      email: row.email,
      reason: row.reason as SuppressionReason,
      createdAt: toDate(row.createdAt),
      issueId: row.issueId,
      issueSubject: row.subject ?? null,
      note: row.note,
    })),
  };
}

/**
 * Takes an address off the list and logs why; false when it was not listed (or, with `onlyReason`, listed for
 * another reason).
 */
export async function removeSuppression(
  db: AppDatabase,
  email: string,
  reason: string,
  onlyReason?: SuppressionReason,
): Promise<boolean> {
  const work = async (trx: AppDatabase) => {
    let removal = trx.deleteFrom('mailSuppressions').where('email', '=', suppressionKey(email));
    if (onlyReason) removal = removal.where('reason', '=', onlyReason);
    const removed = await removal.returning(['email', 'reason', 'createdAt']).executeTakeFirst();
    if (!removed) return false;
    await trx
      .insertInto('mailSuppressionRemovals')
      .values({
        id: newId(),
        email: removed.email,
        suppressedReason: removed.reason,
        suppressedAt: removed.createdAt,
        removalReason: reason,
        removedAt: timestampNow(),
      })
      .execute();
    return true;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
