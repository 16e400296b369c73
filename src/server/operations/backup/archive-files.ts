import { readdir, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Scheduled and downloaded backups; retention only ever touches files named like this. */
const ARCHIVE_PREFIX = 'site-backup-';
/** The copy of the current data a restore takes first; kept until the operator deletes it. */
export const PRE_RESTORE_PREFIX = 'pre-restore-';

const ARCHIVE_NAME = /^site-backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;

export type ArchiveFile = { name: string; file: string; createdAt: Date; bytes: number };

/** `site-backup-2026-11-22T10-15-30-123Z.tar.gz`: sorts by name in time order. */
export function archiveName(createdAt: Date, prefix = ARCHIVE_PREFIX): string {
  return `${prefix}${createdAt.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

function createdAtOf(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  if (!match) return null;
  const [, day, hours, minutes, seconds, millis] = match;
  const date = new Date(`${day}T${hours}:${minutes}:${seconds}.${millis}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The backups in `dir`, newest first (an absent folder holds none). */
export async function listArchives(dir: string): Promise<ArchiveFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const archives: ArchiveFile[] = [];
  for (const name of names) {
    const createdAt = createdAtOf(name);
    if (!createdAt) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) archives.push({ name, file, createdAt, bytes: info.size });
  }
  return archives.sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const stale = (await listArchives(dir)).slice(keep);
  for (const archive of stale) await unlink(archive.file).catch(() => undefined);
  return stale.map((archive) => archive.name);
}

/** Folders and files a backup writes before its archive is complete (left behind by a killed process). */
const LEFTOVER_NAME = /^\.(staging-.+|.+\.partial)$/;

/** Removes leftovers of interrupted backups older than `olderThanMs` (a running one is younger). */
export async function removeLeftovers(dir: string, olderThanMs: number, now = Date.now()): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => LEFTOVER_NAME.test(entry))) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > olderThanMs) await rm(file, { recursive: true, force: true });
  }
}
