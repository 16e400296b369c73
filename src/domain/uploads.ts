/** A file name the uploads folder may hold: no path, no leading dot, bounded. */
export const UPLOAD_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** An upload no content references is only removable this long after it was uploaded (a form may be half filled). */
export const UNREFERENCED_UPLOAD_MIN_AGE_MS = 24 * 60 * 60 * 1000;

/** At most this many uploads in one removal. */
export const MAX_UPLOADS_PER_REMOVAL = 500;

export type UnreferencedUpload = {
  name: string;
  bytes: number;
  uploadedAt: Date;
  /** When the 24-hour grace period ends; removable once this has passed. */
  removableFrom: Date;
};

type BackupSummary = { name: string; createdAt: Date; bytes: number };

export type BackupStatus = {
  lastBackup: BackupSummary | null;
  /** Time between scheduled backups; null when they are off. */
  everyMs: number | null;
  keep: number;
};

/** 1536 → '1.5 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
