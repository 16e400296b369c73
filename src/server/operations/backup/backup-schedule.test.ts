import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveName, listArchives, pruneArchives } from './archive-files.js';
import { JobRunner } from '../jobs/job-runner.js';
import { backupJob, nextBackupDelay } from './backup-schedule.js';
import type { BackupService } from './backup-service.js';
import type { BackupResult } from './create-backup.js';

const HOUR = 3_600_000;

describe('nextBackupDelay', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('waits one interval after the latest backup', () => {
    expect(nextBackupDelay(new Date(now - 2 * HOUR), 6 * HOUR, now)).toBe(4 * HOUR);
  });
  it('runs an overdue or first backup one minute after the start, not during it', () => {
    expect(nextBackupDelay(new Date(now - 30 * HOUR), 24 * HOUR, now)).toBe(60_000);
    expect(nextBackupDelay(null, 24 * HOUR, now)).toBe(60_000);
  });
});

describe('retention', () => {
  it('keeps the newest BACKUP_KEEP archives and never touches other files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'retention-'));
    try {
      const names = Array.from({ length: 6 }, (_, day) => archiveName(new Date(Date.UTC(2026, 10, day + 1, 3))));
      for (const name of [...names, 'notes.txt', 'pre-restore-2026-11-01T00-00-00-000Z.tar.gz']) {
        await writeFile(path.join(dir, name), 'x');
      }
      expect(await pruneArchives(dir, 4)).toEqual([names[1], names[0]]);
      expect((await listArchives(dir)).map((archive) => archive.name)).toEqual(names.slice(2).reverse());
      expect((await readdir(dir)).sort()).toEqual(
        [...names.slice(2), 'notes.txt', 'pre-restore-2026-11-01T00-00-00-000Z.tar.gz'].sort(),
      );
      expect((await listArchives(dir))[0]?.createdAt).toEqual(new Date(Date.UTC(2026, 10, 6, 3)));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('backupJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first backup a minute after start, then every interval, retries a failure sooner, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const outcomes = ['ok', 'fail', 'ok'];
    const run = vi.fn(async () => {
      if (outcomes.shift() === 'fail') throw new Error('disk full');
      return { file: '/backups/x.tar.gz', bytes: 1 } as BackupResult;
    });
    const service = { run, latest: async () => null, settings: { dir: '/nonexistent', everyMs: 6 * HOUR, keep: 3 } };
    const log = { info: vi.fn(), error: vi.fn() };
    const runner = new JobRunner([backupJob(service as unknown as BackupService, 6 * HOUR, log)], { log });
    runner.start();

    // The schedule first tidies the backup folder (real I/O, slow on a busy machine), then sets its timer: wait
    // for it turn by turn (performance.now is not faked), up to 10 s.
    const waitUntil = performance.now() + 10_000;
    while (vi.getTimerCount() === 0 && performance.now() < waitUntil)
      await new Promise((resolve) => setImmediate(resolve));
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(6 * HOUR);
    expect(run).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'scheduled backup failed',
    );
    await vi.advanceTimersByTimeAsync(15 * 60_000);
    expect(run).toHaveBeenCalledTimes(3);
    await runner.stop();
    await vi.advanceTimersByTimeAsync(24 * HOUR);
    expect(run).toHaveBeenCalledTimes(3);
  });
});
