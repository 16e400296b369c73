import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Job } from '../../operations/jobs/job-runner.js';
import { OUTBOX_FOLDER_NAME } from './mailer.js';

/** .eml files in DATA_DIR/outbox are kept this long, then deleted. */
export const OUTBOX_KEEP_DAYS = 30;
const DAY_MS = 86_400_000;
const FIRST_RUN_DELAY_MS = 30_000;

type Log = { info: (fields: object, message: string) => void };

/** Deletes the outbox's .eml files last written before `olderThan`; returns how many. */
export async function pruneOutbox(dataDir: string, olderThan: Date): Promise<number> {
  const outbox = path.join(dataDir, OUTBOX_FOLDER_NAME);
  const names = await readdir(outbox).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outbox, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtimeMs < olderThan.getTime()) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Prunes the outbox shortly after the start, then daily (a job of the site's JobRunner). */
export function outboxCleanupJob(dataDir: string, log: Log): Job {
  return {
    name: 'outbox clean-up',
    firstRunAfterMs: FIRST_RUN_DELAY_MS,
    everyMs: DAY_MS,
    run: async () => {
      const removed = await pruneOutbox(dataDir, new Date(Date.now() - OUTBOX_KEEP_DAYS * DAY_MS));
      if (removed > 0) log.info({ removed }, `outbox: deleted messages older than ${OUTBOX_KEEP_DAYS} days`);
    },
  };
}
