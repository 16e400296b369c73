import { sql } from 'kysely';
import type { AppDatabase } from './connection.js';

const BYTE_ORDER_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8']);

/**
 * A warning when the PostgreSQL database sorts text by a language's rules rather than byte by
 * byte as SQLite does (lists ordered by title would then differ from the SQLite site's); null when it matches.
 */
export async function collationWarning(db: AppDatabase): Promise<string | null> {
  // As JSON: the ICU locale's column is named differently across PostgreSQL versions.
  const { rows } = await sql<{ info: Record<string, string | null> }>`
    SELECT to_jsonb(d) AS info FROM pg_database d WHERE datname = current_database()`.execute(db);
  const info = rows[0]?.info ?? {};
  const collation =
    info.datlocprovider === 'i' ? (info.daticulocale ?? info.datlocale ?? 'ICU') : (info.datcollate ?? '');
  if (info.datlocprovider !== 'i' && BYTE_ORDER_COLLATIONS.has(collation)) return null;
  return (
    `The PostgreSQL database sorts text by "${collation}", not byte by byte as SQLite does: lists ordered by ` +
    'title may differ in order. Create it with --locale=C (see docs/scaling.md).'
  );
}
