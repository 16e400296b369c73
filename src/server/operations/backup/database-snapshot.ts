import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BackupError } from './backup-error.js';
import type { BackupManifest } from './manifest.js';
import type { DatabaseSnapshotAnswer, DatabaseSnapshotRequest } from './database-snapshot-worker.js';

/** Pages per backup step: all of them, so the copy is one read transaction (never restarted by a write). */
export const ALL_PAGES = 0x7fffffff;

/**
 * A backup's copy of the database and the database part of its manifest, made in a worker thread of its own:
 * SQLite's online backup of `source` into `target`, its integrity check, then every table's row count and digest
 * (table-summaries.ts). Each reads the whole database without yielding: on the server's thread, a site of 5,000 long
 * posts answered nothing for 4.7 s during its daily backup (npm run bench:import, docs/operations.md); with the
 * work in the worker, the site keeps answering meanwhile.
 */
export function snapshotDatabase(source: string, target: string): Promise<BackupManifest['database']['tables']> {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const worker = new Worker(new URL(`./database-snapshot-worker${extension}`, import.meta.url), {
    workerData: { source, target, pagesPerStep: ALL_PAGES } satisfies DatabaseSnapshotRequest,
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: DatabaseSnapshotAnswer) => {
      if ('tables' in answer) resolve(answer.tables);
      else if ('integrity' in answer)
        reject(new BackupError(`The database fails SQLite's integrity check: ${answer.integrity}`));
      else reject(new Error(`The database could not be copied for the backup: ${answer.error}`));
    });
    worker.once('error', reject);
    // After an answer this changes nothing (a promise settles once).
    worker.once('exit', () => reject(new Error("The backup's database copy stopped")));
  });
}
