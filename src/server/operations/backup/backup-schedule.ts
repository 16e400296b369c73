import type { Job } from '../jobs/job-runner.js';
import { removeLeftovers } from './archive-files.js';
import type { BackupService } from './backup-service.js';

type Log = { info: (message: string) => void };

/** The first backup of a site that has none (or is overdue) waits this long, so it never slows the start. */
const FIRST_BACKUP_DELAY_MS = 60_000;
/** A failed backup is tried again this soon (or at the next interval, if that is sooner). */
const RETRY_AFTER_MS = 15 * 60_000;
const LEFTOVER_AGE_MS = 60 * 60_000;

/** When the next backup is due: one interval after the latest, and never within the first minute. */
export function nextBackupDelay(latestAt: Date | null, everyMs: number, now: number): number {
  const due = latestAt ? latestAt.getTime() + everyMs : now;
  return Math.max(due - now, FIRST_BACKUP_DELAY_MS);
}

/** Backups every `everyMs` (a job of the site's JobRunner), the first one interval after the latest. */
export function backupJob(service: BackupService, everyMs: number, log: Log): Job {
  return {
    name: 'scheduled backup',
    firstRunAfterMs: async () => {
      await removeLeftovers(service.settings.dir, LEFTOVER_AGE_MS).catch(() => undefined);
      const latest = await service.latest().catch(() => null);
      return nextBackupDelay(latest?.createdAt ?? null, everyMs, Date.now());
    },
    everyMs,
    retryAfterMs: Math.min(everyMs, RETRY_AFTER_MS),
    run: async () => {
      const result = await service.run();
      log.info(`Backup written: ${result.file} (${result.bytes} bytes)`);
    },
  };
}
