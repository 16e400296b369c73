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
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const summaries: Record<string, TableSummary> = {};
  for (const table of tables) {
    const hash = createHash('sha256');
    let rows = 0;
    const select = sqlite.prepare(`SELECT * FROM ${quoteIdentifier(table)} ORDER BY rowid`).raw();
    for (const row of select.iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value)));
      hash.update('\n');
      rows += 1;
    }
    summaries[table] = { rows, sha256: hash.digest('hex') };
  }
  return summaries;
}

/** SQLite's own consistency check; 'ok' or the problems it found. */
export function integrityCheck(sqlite: SQLite.Database): string {
  const lines = sqlite.prepare('PRAGMA integrity_check').pluck().all() as string[];
  return lines.join('; ');
}
