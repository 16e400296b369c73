import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * The `unit` project's migrated SQLite file: every migration (db/migrations/index.ts, so a new one
 * too) runs once per run, and each test app that test-app.ts prepares starts from a copy of the file
 * instead of migrating a new one (~150 ms each). Tests of the migrations, of the data folder and of
 * seeding still start from nothing. Closed before it is copied: SQLite folds its WAL into the file then.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-template-'));
  const file = path.join(dir, 'template.sqlite');
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  project.provide('sqliteTemplateFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
