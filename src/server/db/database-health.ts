import { sql } from 'kysely';
import type { AppDatabase } from './connection.js';
import { databaseEngine, type DatabaseEngine } from './database-engine.js';

/** SQLite's quick integrity check: 'ok', or the first problems it found. */
export async function quickCheck(db: AppDatabase): Promise<string> {
  const { rows } = await sql<{ quickCheck: string }>`PRAGMA quick_check(3)`.execute(db);
  return rows.map((row) => Object.values(row)[0]).join('; ');
}

/** Rewrites the probe row: resolves when the database can be written, rejects with the engine's error otherwise. */
export async function probeDatabaseWrite(db: AppDatabase): Promise<void> {
  const checkedAt = new Date().toISOString();
  await db
    .insertInto('writeProbe')
    .values({ id: 1, checkedAt })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ checkedAt }))
    .execute();
}

export type DatabaseHealth = {
  engine: DatabaseEngine;
  /** The server answered a query. */
  reachable: boolean;
  /** The probe row could be rewritten. */
  writable: boolean;
};

/** Whether the database answers and can be written, as /healthz reports it. */
export async function checkDatabaseHealth(db: AppDatabase): Promise<DatabaseHealth> {
  const engine = databaseEngine(db);
  try {
    await probeDatabaseWrite(db);
    return { engine, reachable: true, writable: true };
  } catch {
    const reachable = await sql`SELECT 1`.execute(db).then(
      () => true,
      () => false,
    );
    return { engine, reachable, writable: false };
  }
}
