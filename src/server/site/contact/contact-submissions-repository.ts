import type { ContactSubmission } from '../../../domain/submissions.js';
import type { AdminPageInput, Page } from '../../../domain/admin-lists.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { olderThan, toPage, type PageKey } from '../../db/keyset-page.js';
import { newId, timestampNow, toDate } from '../../db/row-conversion.js';

type NewContactSubmission = Pick<ContactSubmission, 'name' | 'email' | 'message'>;

export async function createContactSubmission(db: AppDatabase, data: NewContactSubmission): Promise<ContactSubmission> {
  const row = { id: newId(), ...data, createdAt: timestampNow() };
  await db.insertInto('contactSubmissions').values(row).execute();
  return { ...row, createdAt: toDate(row.createdAt) };
}

/** One page, newest first: `limit` rows read (and one more), through the index on (created_at, id). */
export async function listContactSubmissions(
  db: AppDatabase,
  input: AdminPageInput,
  after: PageKey | null,
): Promise<Page<ContactSubmission>> {
  let query = db.selectFrom('contactSubmissions').select(['id', 'name', 'email', 'message', 'createdAt']);
  if (after) query = query.where(olderThan(after));
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(input.limit + 1)
    .execute();
  return toPage(rows, input.limit, (row) => ({ ...row, createdAt: toDate(row.createdAt) }));
}

/** Erases a message (on its sender's request); false when there was none. */
export async function deleteContactSubmission(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contactSubmissions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
