import type { Transaction } from 'kysely';
import type { AppDatabase } from '../db/connection.js';
import type { Database } from '../db/schema.js';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one (Kysely cannot nest
 * them; the demo seed, for one, writes everything in a single transaction).
 */
export function inTransaction<T>(db: AppDatabase, work: (trx: AppDatabase) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute((trx: Transaction<Database>) => work(trx));
}
