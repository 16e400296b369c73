import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, openPostgresDatabase, type AppDatabase } from '../db/connection.js';
import type { DatabaseEngine } from '../db/database-engine.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway PostgreSQL cluster the `unit-pg` project started (or CI's). */
    postgresAdminUrl: string;
    /** The database every migration ran on once (postgres-global-setup.ts), copied for each test app. */
    postgresTemplateDatabase: string;
    /** A SQLite file every migration ran on once (sqlite-global-setup.ts, project `unit` only), copied for each test app. */
    sqliteTemplateFile: string | undefined;
  }
}

/** The engine this test project runs the API suite on: `unit-pg` sets TEST_DATABASE_ENGINE=postgres. */
export function testDatabaseEngine(): DatabaseEngine {
  return process.env.TEST_DATABASE_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
}

let adminPool: pg.Pool | null = null;

function postgresAdminPool(): pg.Pool {
  const url = inject('postgresAdminUrl');
  if (!url) throw new Error('TEST_DATABASE_ENGINE=postgres but no PostgreSQL cluster was provided');
  adminPool ??= new pg.Pool({ connectionString: url, max: 2 });
  return adminPool;
}

export type ScratchPostgresDatabase = { url: string; drop: () => Promise<void> };

/**
 * A new, empty PostgreSQL database on the test cluster (from template0, so extra `options` such as
 * a locale are allowed; or a copy of `template`); drop() removes it (closing its connections).
 */
export async function createScratchPostgresDatabase(
  options = '',
  template = 'template0',
): Promise<ScratchPostgresDatabase> {
  const pool = postgresAdminPool();
  const name = `site_test_${randomBytes(6).toString('hex')}`;
  // `options` and `template`: from the tests and their global setup, never outside input.
  await pool.query(`CREATE DATABASE ${name} TEMPLATE ${template} ${options}`);
  const url = new URL(inject('postgresAdminUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await pool.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A new PostgreSQL database holding every migration already (a copy of the template database the
 * global setup migrated once) and no rows: what a test app starts from. Tests of the migrations
 * themselves, or of what a site does on a new database, use createScratchPostgresDatabase.
 */
export async function createMigratedPostgresDatabase(): Promise<ScratchPostgresDatabase> {
  return createScratchPostgresDatabase('', inject('postgresTemplateDatabase'));
}

export type ScratchDatabase = { db: AppDatabase; engine: DatabaseEngine; close: () => Promise<void> };

/** An empty database of the project's engine (a temporary SQLite file, or a new PostgreSQL database). */
export async function openScratchDatabase(engine = testDatabaseEngine()): Promise<ScratchDatabase> {
  if (engine === 'postgres') {
    const scratch = await createScratchPostgresDatabase();
    const db = openPostgresDatabase(scratch.url);
    return {
      db,
      engine,
      close: async () => {
        await db.destroy();
        await scratch.drop();
      },
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'site-db-'));
  const db = openDatabase(path.join(dir, 'site.sqlite'));
  return {
    db,
    engine,
    close: async () => {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
