import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { formatBytes } from '../../../domain/uploads.js';
import { ConfigError, loadConfig } from '../../config.js';
import { BackupError } from './backup-error.js';
import { createBackup } from './create-backup.js';
import { restoreBackup } from './restore-backup.js';

/** Exit codes: 0 done, 1 refused or failed, 2 wrong usage. */
type ExitCode = 0 | 1 | 2;

type Output = { log: (line: string) => void; error: (line: string) => void };

const BACKUP_USAGE = 'Usage: npm run backup [-- --out DIR]   (default DIR: BACKUP_DIR, else DATA_DIR/backups)';
const RESTORE_USAGE =
  'Usage: npm run restore -- FILE [--force] [--foreign]   (--force: restore although the site is running; ' +
  '--foreign: restore over this site an archive it did not make)';

class UsageError extends Error {}

function parse<T extends ParseArgsConfig['options']>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true } as const);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs a command, turning the failures an operator can act on into a message and an exit code. */
async function guarded(out: Output, usage: string, body: () => Promise<ExitCode>): Promise<ExitCode> {
  try {
    return await body();
  } catch (error) {
    if (error instanceof UsageError) {
      out.error(`${error.message}\n${usage}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof BackupError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}

const rowsText = (rows: number) => `${rows} row${rows === 1 ? '' : 's'}`;

/** `npm run backup`: an online backup of DATA_DIR into one archive. */
export function runBackupCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output = console): Promise<ExitCode> {
  return guarded(out, BACKUP_USAGE, async () => {
    const { values, positionals } = parse(argv, { out: { type: 'string' }, help: { type: 'boolean' } });
    if (values.help) {
      out.log(BACKUP_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
    const config = loadConfig(env, null);
    const backupDir = typeof values.out === 'string' ? path.resolve(values.out) : config.backup.dir;
    const { file, bytes, manifest } = await createBackup({ dataDir: config.dataDir, backupDir });
    out.log(`Backup written: ${file} (${formatBytes(bytes)})`);
    out.log(`  Database ${formatBytes(manifest.database.bytes)}, integrity ok:`);
    for (const [table, summary] of Object.entries(manifest.database.tables))
      out.log(`    ${table}: ${rowsText(summary.rows)}`);
    const uploadBytes = manifest.uploads.reduce((sum, upload) => sum + upload.bytes, 0);
    out.log(`  Uploads: ${manifest.uploads.length} files, ${formatBytes(uploadBytes)}`);
    const giftFiles = manifest.giftFiles ?? [];
    const giftBytes = giftFiles.reduce((sum, gift) => sum + gift.bytes, 0);
    out.log(`  Gift files: ${giftFiles.length} files, ${formatBytes(giftBytes)}`);
    const salesFiles = manifest.salesFiles ?? [];
    const salesBytes = salesFiles.reduce((sum, file) => sum + file.bytes, 0);
    out.log(`  Sales files (edition files, personal copies): ${salesFiles.length} files, ${formatBytes(salesBytes)}`);
    return 0;
  });
}

/** `npm run restore -- FILE`: verifies the archive, then restores it into DATA_DIR. */
export function runRestoreCommand(argv: string[], env: NodeJS.ProcessEnv, out: Output = console): Promise<ExitCode> {
  return guarded(out, RESTORE_USAGE, async () => {
    const { values, positionals } = parse(argv, {
      force: { type: 'boolean' },
      foreign: { type: 'boolean' },
      help: { type: 'boolean' },
    });
    if (values.help) {
      out.log(RESTORE_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new UsageError('Name exactly one archive to restore');
    const config = loadConfig(env, null);
    const archiveFile = path.resolve(positionals[0]!);
    const report = await restoreBackup({
      archiveFile,
      dataDir: config.dataDir,
      backupDir: config.backup.dir,
      force: values.force === true,
      allowForeign: values.foreign === true,
    });
    out.log(`Restored ${archiveFile} (backup of ${report.backupCreatedAt}) into ${config.dataDir}:`);
    for (const [table, rows] of Object.entries(report.tables)) out.log(`    ${table}: ${rowsText(rows)}`);
    out.log(
      `  Uploads: ${report.uploadsWritten} written, ${report.uploadsUnchanged} already identical, ` +
        `${report.uploadsKept} not in the backup kept`,
    );
    out.log(
      `  Gift files: ${report.giftFilesWritten} written, ${report.giftFilesUnchanged} already identical, ` +
        `${report.giftFilesKept} not in the backup kept`,
    );
    out.log(
      `  Sales files: ${report.salesFilesWritten} written, ${report.salesFilesUnchanged} already identical, ` +
        `${report.salesFilesKept} not in the backup kept`,
    );
    if (report.origin === 'unknown')
      out.log(
        '  Warning: DATA_DIR held no site to check the archive against, so who made it is not known. ' +
          'Restore only archives you made yourself.',
      );
    if (report.origin === 'another-site') out.log('  Warning: this archive was not made by this site (--foreign).');
    if (report.previousDataSavedAs) out.log(`  The data it replaced is saved in ${report.previousDataSavedAs}`);
    if (report.serverWasRunning)
      out.log('  The site was running: restart it so it drops pages cached from the old data.');
    return 0;
  });
}
