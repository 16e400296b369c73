import { listArchives, pruneArchives, type ArchiveFile } from './archive-files.js';
import { createBackup, type BackupResult } from './create-backup.js';

export type BackupSettings = { dir: string; everyMs: number | null; keep: number };

/**
 * The server's backups: one at a time (a request while one runs shares its result), each
 * followed by retention, which keeps the newest `keep` archives.
 */
export class BackupService {
  private running: Promise<BackupResult> | null = null;

  constructor(
    readonly dataDir: string,
    readonly settings: BackupSettings,
  ) {}

  run(): Promise<BackupResult> {
    this.running ??= this.backUpAndPrune().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Resolves once no backup is under way (for a clean shutdown). */
  async idle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  async latest(): Promise<ArchiveFile | null> {
    return (await listArchives(this.settings.dir))[0] ?? null;
  }

  private async backUpAndPrune(): Promise<BackupResult> {
    const result = await createBackup({ dataDir: this.dataDir, backupDir: this.settings.dir });
    await pruneArchives(this.settings.dir, this.settings.keep);
    return result;
  }
}
