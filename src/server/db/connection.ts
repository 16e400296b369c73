import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely } from 'kysely';
import type { Database } from './schema.js';
import { BUSY_TIMEOUT_MS, MultiProcessSqliteDialect } from './sqlite-dialect.js';

export type AppDatabase = Kysely<Database>;

/** Opens the SQLite file with WAL, foreign keys and a busy timeout; safe to share with other processes (WORKERS). */
export function openDatabase(filename: string): AppDatabase {
  const sqlite = new SQLite(filename);
  // First: switching to WAL takes a lock that another process opening the file may hold.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  return new Kysely<Database>({
    dialect: new MultiProcessSqliteDialect(sqlite),
    plugins: [new CamelCasePlugin()],
  });
}
