import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startTestCluster, stopTestCluster } from '../../../scripts/postgres/test-cluster.mjs';
import { openPostgresDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

/** The database `url` names, replaced by `name`. */
function databaseUrl(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

/**
 * Migrates a template database once per run (every migration in db/migrations/index.ts, so a new
 * one is picked up too) instead of once per test app: a test app's database is then a copy of it
 * (`CREATE DATABASE … TEMPLATE`, test-database.ts), ~20 ms instead of ~1 s of DDL per app.
 * It accepts no connections once migrated: PostgreSQL copies a template only while nobody is on it.
 */
async function migrateTemplateDatabase(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `site_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
    const db = openPostgresDatabase(databaseUrl(adminUrl, name), { poolSize: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
  return {
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The `unit-pg` project's PostgreSQL: the cluster CI already started (TEST_POSTGRES_URL, see
 * .ci/run), or a throwaway one started here and stopped when the run ends; and on it the migrated
 * template database test apps are copied from.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.TEST_POSTGRES_URL;
  const cluster = given ? null : await startTestCluster();
  const url = given ?? cluster!.url;
  project.provide('postgresAdminUrl', url);
  let template: Awaited<ReturnType<typeof migrateTemplateDatabase>>;
  try {
    template = await migrateTemplateDatabase(url);
  } catch (error) {
    if (cluster) stopTestCluster(cluster.dir);
    throw error;
  }
  project.provide('postgresTemplateDatabase', template.name);
  return async () => {
    if (cluster) stopTestCluster(cluster.dir);
    else await template.drop();
  };
}
