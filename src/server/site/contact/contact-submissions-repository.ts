import type { ContactSubmission } from '../../../domain/submissions.js';
import type { AppDatabase } from '../../db/connection.js';
import { newId, timestampNow, toDate } from '../../db/row-conversion.js';

type NewContactSubmission = Pick<ContactSubmission, 'name' | 'email' | 'message'>;

export async function createContactSubmission(db: AppDatabase, data: NewContactSubmission): Promise<ContactSubmission> {
  const row = { id: newId(), ...data, createdAt: timestampNow() };
  await db.insertInto('contactSubmissions').values(row).execute();
  return { ...row, createdAt: toDate(row.createdAt) };
}

/** Newest first. */
export async function listContactSubmissions(db: AppDatabase): Promise<ContactSubmission[]> {
  const rows = await db
    .selectFrom('contactSubmissions')
    .select(['id', 'name', 'email', 'message', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, createdAt: toDate(row.createdAt) }));
}

/** Erases a message (on its sender's request); false when there was none. */
export async function deleteContactSubmission(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('contactSubmissions').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows === 1n;
}
