import { sql } from 'kysely';
import type { AppDatabase } from './connection.js';

/** SQLite's quick integrity check: 'ok', or the first problems it found. */
export async function quickCheck(db: AppDatabase): Promise<string> {
  const { rows } = await sql<{ quickCheck: string }>`PRAGMA quick_check(3)`.execute(db);
  return rows.map((row) => Object.values(row)[0]).join('; ');
}

/** Rewrites the probe row: resolves when the database can be written, rejects with SQLite's error otherwise. */
export async function probeDatabaseWrite(db: AppDatabase): Promise<void> {
  const checkedAt = new Date().toISOString();
  await db
    .insertInto('writeProbe')
    .values({ id: 1, checkedAt })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checkedAt }))
    .execute();
}
