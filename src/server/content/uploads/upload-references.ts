import { sql } from 'kysely';
import { UPLOADED_OBJECT_PREFIX } from '../../../domain/images.js';
import type { AppDatabase } from '../../db/connection.js';
import { databaseEngine } from '../../db/database-engine.js';

const OBJECT_URL = new RegExp(`${UPLOADED_OBJECT_PREFIX.replace(/\//g, '\\/')}([A-Za-z0-9][A-Za-z0-9._-]*)`, 'g');

/**
 * The upload names a text mentions as /objects/<name>. A name followed by punctuation
 * ("see /objects/map.png.") counts both with and without the trailing marks, so a
 * referenced file is never taken for an unused one.
 */
export function uploadNamesIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(OBJECT_URL)) {
    const name = match[1]!;
    names.push(name);
    const trimmed = name.replace(/[._-]+$/, '');
    if (trimmed && trimmed !== name) names.push(trimmed);
  }
  return names;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Every upload named anywhere in the database: cover images, art images and any /objects/ URL
 * inside a text field of any table (so content added by a later feature is covered too).
 */
export async function findReferencedUploads(db: AppDatabase): Promise<Set<string>> {
  const referenced = new Set<string>();
  const tables = await db.introspection.getTables();
  // SQLite's instr and PostgreSQL's strpos: the 1-based position of the prefix, 0 when absent.
  const position = databaseEngine(db) === 'postgres' ? 'strpos' : 'instr';
  for (const table of tables) {
    const columns = table.columns.filter((column) => /char|text|clob|^$/i.test(column.dataType));
    if (columns.length === 0) continue;
    // Only rows that mention the prefix are read; identifiers come from the database's own schema.
    const mentions = columns.map(
      (column) => `${position}(${quoteIdentifier(column.name)}, '${UPLOADED_OBJECT_PREFIX}') > 0`,
    );
    const from = table.schema
      ? `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`
      : quoteIdentifier(table.name);
    const query = `SELECT ${columns.map((column) => quoteIdentifier(column.name)).join(', ')} FROM ${from} WHERE ${mentions.join(' OR ')}`;
    const { rows } = await sql.raw<Record<string, unknown>>(query).execute(db);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string') for (const name of uploadNamesIn(value)) referenced.add(name);
      }
    }
  }
  return referenced;
}
