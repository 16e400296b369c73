import { createHash } from 'node:crypto';
import type SQLite from 'better-sqlite3';
import type { TableSummary } from './manifest.js';

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Row count and a digest of every row (values in column order, rows in rowid order) of each
 * table, so a restore can prove it holds exactly the rows that were backed up.
 */
export function summariseTables(sqlite: SQLite.Database): Record<string, TableSummary> {
  const tables = sqlite
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all() as Array<{ name: string; sql: string | null }>;
  const summaries: Record<string, TableSummary> = {};
  for (const { name: table, sql } of tables) {
    const hash = createHash('sha256');
    let rows = 0;
    // A WITHOUT ROWID table (e.g. FTS5's config) is read in the order of all its columns.
    const order = sql && /\bWITHOUT\s+ROWID\b/i.test(sql) ? columnOrder(sqlite, table) : 'rowid';
    const select = sqlite.prepare(`SELECT * FROM ${quoteIdentifier(table)} ORDER BY ${order}`).raw();
    for (const row of select.iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
      hash.update('\n');
      rows += 1;
    }
    summaries[table] = { rows, sha256: hash.digest('hex') };
  }
  return summaries;
}

function columnOrder(sqlite: SQLite.Database, table: string): string {
  const columns = sqlite.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
  return columns.map(quoteIdentifier).join(', ');
}

/** SQLite's own consistency check; 'ok' or the problems it found. */
export function integrityCheck(sqlite: SQLite.Database): string {
  const lines = sqlite.prepare('PRAGMA integrity_check').pluck().all() as string[];
  return lines.join('; ');
}
