import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { lazyModule } from '../lazy-module.js';
import { configuredDatabase } from './database-engine.js';
import type { Database } from './schema.js';
import { BUSY_TIMEOUT_MS, MultiProcessSqliteDialect } from './sqlite-dialect.js';

export type AppDatabase = Kysely<Database>;

/** Opens the SQLite file with WAL, foreign keys and a busy timeout; safe to share with other processes (the backup and restore commands). */
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

const PG_INT8 = 20;
const PG_NUMERIC = 1700;

/**
 * Values come back as SQLite gives them: counts and sums (bigint, numeric) as numbers, not the
 * strings `pg` returns by default. Dates never arrive as Date: every date column is ISO text.
 */
const loadPg = lazyModule<typeof pg>('pg');

const sqliteLikeTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return loadPg().types.getTypeParser(oid, format);
  }) as pg.CustomTypesConfig['getTypeParser'],
};

/** Connections each instance keeps to PostgreSQL (several instances share the server's max_connections). */
const POOL_SIZE = 10;

/** Connects to PostgreSQL through a `pg` pool; the same queries and repositories run on it. */
export function openPostgresDatabase(connectionString: string, options: { poolSize?: number } = {}): AppDatabase {
  const pool = new (loadPg().Pool)({ connectionString, max: options.poolSize ?? POOL_SIZE, types: sqliteLikeTypes });
  // An idle client losing its connection (a database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
}

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else the SQLite file. */
export function openConfiguredDatabase(config: { databaseUrl: string | null }, sqliteFile: string): AppDatabase {
  const database = configuredDatabase(config);
  return database.engine === 'postgres' ? openPostgresDatabase(database.url) : openDatabase(sqliteFile);
}
