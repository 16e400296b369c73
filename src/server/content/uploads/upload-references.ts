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
 * inside a text field of any table (so content added by a later feature is covered too). Each
 * column is read on its own, and only where it mentions the prefix: a row's other columns (a post's
 * text, when only its cover is an upload) are never read, so an imported blog of thousands of posts
 * costs a few megabytes here, not the whole blog at once.
 */
export async function findReferencedUploads(db: AppDatabase): Promise<Set<string>> {
  const referenced = new Set<string>();
  const tables = await db.introspection.getTables();
  // SQLite's instr and PostgreSQL's strpos: the 1-based position of the prefix, 0 when absent.
  const position = databaseEngine(db) === 'postgres' ? 'strpos' : 'instr';
  for (const table of tables) {
    const from = table.schema
      ? `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`
      : quoteIdentifier(table.name);
    for (const column of table.columns.filter((candidate) => /char|text|clob|^$/i.test(candidate.dataType))) {
      // Identifiers come from the database's own schema.
      const name = quoteIdentifier(column.name);
      const query = `SELECT ${name} AS value FROM ${from} WHERE ${position}(${name}, '${UPLOADED_OBJECT_PREFIX}') > 0`;
      const { rows } = await sql.raw<{ value: unknown }>(query).execute(db);
      for (const { value } of rows)
        if (typeof value === 'string') for (const upload of uploadNamesIn(value)) referenced.add(upload);
    }
  }
  return referenced;
}
