import type { AppDatabase } from '../db/connection.js';

/** Runs `work` in a transaction of its own, or inside the one `db` already is (e.g. the demo seed's). */
export function inTransaction<T>(db: AppDatabase, work: (trx: AppDatabase) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
