import { PostgresAdapter } from 'kysely';

export type DatabaseEngine = 'sqlite' | 'postgres';

/** Where the configuration keeps the site's data: PostgreSQL at DATABASE_URL, else the SQLite file. */
export type ConfiguredDatabase = { engine: 'postgres'; url: string } | { engine: 'sqlite' };

/**
 * The one answer to "which database?": every place whose SQL or set-up differs asks here, from the
 * configuration (before the database is open, or for its URL) or from an open database.
 */
export function configuredDatabase(config: { databaseUrl: string | null }): ConfiguredDatabase {
  return config.databaseUrl ? { engine: 'postgres', url: config.databaseUrl } : { engine: 'sqlite' };
}

export const configuredEngine = (config: { databaseUrl: string | null }): DatabaseEngine =>
  configuredDatabase(config).engine;

/** Which engine an open database (or transaction) runs on. */
export function databaseEngine(db: { getExecutor: () => { adapter: unknown } }): DatabaseEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
