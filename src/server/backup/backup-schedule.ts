import { removeLeftovers } from './archive-files.js';
import type { BackupService } from './backup-service.js';

type Log = { info: (message: string) => void; error: (details: object, message: string) => void };

/** The first backup of a site that has none (or is overdue) waits this long, so it never slows the start. */
const FIRST_BACKUP_DELAY_MS = 60_000;
/** A failed backup is tried again this soon (or at the next interval, if that is sooner). */
const RETRY_AFTER_MS = 15 * 60_000;
const LEFTOVER_AGE_MS = 60 * 60_000;
/** setTimeout's longest delay (~24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** When the next backup is due: one interval after the latest, and never within the first minute. */
export function nextBackupDelay(latestAt: Date | null, everyMs: number, now: number): number {
  const due = latestAt ? latestAt.getTime() + everyMs : now;
  return Math.max(due - now, FIRST_BACKUP_DELAY_MS);
}

/** Runs backups every `everyMs` in this process; returns a stop function. */
export function startBackupSchedule(service: BackupService, everyMs: number, log: Log): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const wait = (delay: number, then: () => void) => {
    if (stopped) return;
    timer = setTimeout(
      delay > MAX_TIMER_MS ? () => wait(delay - MAX_TIMER_MS, then) : then,
      Math.min(delay, MAX_TIMER_MS),
    );
    timer.unref();
  };

  const runOnce = async () => {
    try {
      const result = await service.run();
      log.info(`Backup written: ${result.file} (${result.bytes} bytes)`);
      wait(everyMs, () => void runOnce());
    } catch (error) {
      log.error({ err: error }, 'scheduled backup failed');
      wait(Math.min(everyMs, RETRY_AFTER_MS), () => void runOnce());
    }
  };

  void (async () => {
    await removeLeftovers(service.settings.dir, LEFTOVER_AGE_MS).catch(() => undefined);
    const latest = await service.latest().catch(() => null);
    wait(nextBackupDelay(latest?.createdAt ?? null, everyMs, Date.now()), () => void runOnce());
  })();

  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
