import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { TableSummary } from './manifest.js';
import type * as TableSummaries from './table-summaries.js';

/** What database-snapshot.ts hands this worker, and what it answers. */
export type DatabaseSnapshotRequest = { source: string; target: string; pagesPerStep: number };
export type DatabaseSnapshotAnswer =
  { tables: Record<string, TableSummary> } | { integrity: string } | { error: string };

// Run as a plain Node worker: compiled (.js) in production, from its TypeScript source under the tests.
const extension = path.extname(fileURLToPath(import.meta.url));
const { integrityCheck, summariseTables } = (await import(`./table-summaries${extension}`)) as typeof TableSummaries;

/** SQLite's online backup API from a read-only connection of its own: one consistent snapshot in WAL mode. */
async function copyDatabase({ source, target, pagesPerStep }: DatabaseSnapshotRequest): Promise<void> {
  const sqlite = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await sqlite.backup(target, { progress: () => pagesPerStep });
  } finally {
    sqlite.close();
  }
}

function describeCopy(file: string): DatabaseSnapshotAnswer {
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = integrityCheck(sqlite);
    return integrity === 'ok' ? { tables: summariseTables(sqlite) } : { integrity };
  } finally {
    sqlite.close();
  }
}

const request = workerData as DatabaseSnapshotRequest;
let answer: DatabaseSnapshotAnswer;
try {
  await copyDatabase(request);
  answer = describeCopy(request.target);
} catch (error) {
  answer = { error: error instanceof Error ? error.message : String(error) };
}
parentPort!.postMessage(answer);
