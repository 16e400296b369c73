import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { archiveName, listArchives, pruneArchives } from './archive-files.js';
import { nextBackupDelay } from './backup-schedule.js';

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
