import { sql, type Transaction } from 'kysely';
import type { AppDatabase } from './connection.js';
import { databaseEngine } from './database-engine.js';
import type { Database } from './schema.js';

/** The advisory-lock key every content transaction takes on PostgreSQL (any fixed bigint). */
const CONTENT_WRITES_LOCK = 7_317_001;

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one (Kysely cannot nest
 * them; the demo seed, for one, writes everything in a single transaction). On PostgreSQL the
 * transaction first takes one advisory lock, so these read-then-write transactions run one at a
 * time as they do on SQLite (one writer): parallel moves and renames cannot interleave.
 */
export function inTransaction<T>(db: AppDatabase, work: (trx: AppDatabase) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db);
  return db.transaction().execute(async (trx: Transaction<Database>) => {
    if (databaseEngine(trx) === 'postgres')
      await sql`SELECT pg_advisory_xact_lock(${CONTENT_WRITES_LOCK})`.execute(trx);
    return work(trx);
  });
}
