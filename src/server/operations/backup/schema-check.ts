import SQLite from 'better-sqlite3';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { migrations } from '../../../../db/migrations/index.js';
import { openDatabase } from '../../db/connection.js';
import { migrateToLatest } from '../../db/migrate.js';
import { BackupError } from './backup-error.js';

/** One object of a schema as sqlite_master lists it. */
type SchemaObject = { type: string; name: string; tableName: string; sql: string | null };

/** The planner's statistics (ANALYZE, PRAGMA optimize): present or not, they define nothing. */
const STATISTICS = /^sqlite_stat\d$/;

const SCHEMA_QUERY =
  'SELECT type, name, tbl_name AS tableName, sql FROM sqlite_master ORDER BY type, name, tbl_name, sql';

function schemaObjects(rows: SchemaObject[]): SchemaObject[] {
  return rows.filter((row) => !STATISTICS.test(row.name));
}

/** The migrations an archived database says were applied to it, by name. */
function appliedMigrations(sqlite: SQLite.Database): string[] {
  try {
    return (sqlite.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as Array<{ name: string }>).map(
      (row) => row.name,
    );
  } catch {
    throw new BackupError('The database in the archive is not a database of this site (it has no migration record)');
  }
}

/** The schema the site's own migrations make, those named and no other, on a new in-memory database. */
async function schemaMadeBy(names: readonly string[]): Promise<SchemaObject[]> {
  const db = openDatabase(':memory:');
  try {
    const chosen = Object.fromEntries(names.map((name) => [name, migrations[name]!]));
    await migrateToLatest(db, chosen);
    const { rows } = await sql<SchemaObject>`${sql.raw(SCHEMA_QUERY)}`.execute(db);
    return schemaObjects(rows.map((row) => ({ ...row })));
  } finally {
    await db.destroy();
  }
}

/** What differs between two schemas, for the refusal (names only, at most a few). */
function differences(found: SchemaObject[], expected: SchemaObject[]): string[] {
  const key = (object: SchemaObject) => JSON.stringify(object);
  const expectedKeys = new Set(expected.map(key));
  const foundKeys = new Set(found.map(key));
  const extra = found.filter((object) => !expectedKeys.has(key(object))).map((o) => `${o.type} ${o.name}`);
  const missing = expected.filter((object) => !foundKeys.has(key(object))).map((o) => `${o.type} ${o.name}`);
  return [...extra.map((name) => `unexpected or altered ${name}`), ...missing.map((name) => `missing ${name}`)];
}

/**
 * Refuses an archived database whose schema is not exactly what this site's migrations make:
 * the migrations it records as applied are run on a new in-memory database, and every table,
 * column, index, trigger and view (sqlite_master, with each object's SQL) must match. A trigger
 * or view slipped into an otherwise consistent archive (with a recomputed manifest) is refused,
 * as is a record of a migration this version does not have (an archive from a newer version).
 */
export async function checkArchivedSchema(databaseFile: string): Promise<void> {
  const sqlite = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  let names: string[];
  let found: SchemaObject[];
  try {
    names = appliedMigrations(sqlite);
    found = schemaObjects(sqlite.prepare(SCHEMA_QUERY).all() as SchemaObject[]);
  } finally {
    sqlite.close();
  }
  const unknown = names.filter((name) => !Object.hasOwn(migrations, name));
  if (unknown.length > 0) {
    throw new BackupError(
      `The database in the archive records migrations this version of the site does not have (${unknown
        .slice(0, 3)
        .join(', ')}): restore it with the version that made it`,
    );
  }
  const expected = await schemaMadeBy(names);
  if (!isDeepStrictEqual(found, expected)) {
    throw new BackupError(
      `The database in the archive has a schema this site's migrations do not make, so it is refused: ${differences(
        found,
        expected,
      )
        .slice(0, 5)
        .join('; ')}`,
    );
  }
}
