import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDatabase } from './connection.js';
import { databaseEngine } from './database-engine.js';

export type ExclusiveRun<T> = { ran: true; value: T } | { ran: false };

/** A job's advisory-lock key: the first 8 bytes of its name's SHA-256, as PostgreSQL's signed bigint. */
const lockKeyOf = (jobName: string): string =>
  createHash('sha256').update(jobName).digest().readBigInt64BE(0).toString();

/**
 * Runs a background job on one instance at a time: on PostgreSQL the instance that takes the
 * job's advisory lock (pg_try_advisory_lock, held by one pooled connection for the job's
 * duration) runs it and the others skip it ({ ran: false }); a crashed instance's lock goes with
 * its connection. A single SQLite process simply runs it.
 */
export async function runExclusively<T>(
  db: AppDatabase,
  jobName: string,
  job: () => Promise<T>,
): Promise<ExclusiveRun<T>> {
  if (databaseEngine(db) !== 'postgres') return { ran: true, value: await job() };
  const key = lockKeyOf(jobName);
  return db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_lock(${key}::bigint) AS locked`.execute(
      connection,
    );
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await job() };
    } finally {
      await sql`SELECT pg_advisory_unlock(${key}::bigint)`.execute(connection);
    }
  });
}
