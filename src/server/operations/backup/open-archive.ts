import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import SQLite from 'better-sqlite3';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';
import { BackupError } from './backup-error.js';
import { digestFile } from './file-digest.js';
import {
  DATABASE_ENTRY,
  GIFT_FILES_ENTRY,
  MANIFEST_FILE,
  manifestSchema,
  SALES_FILES_ENTRY,
  UPLOADS_ENTRY,
  type BackupManifest,
  type UploadEntry,
} from './manifest.js';
import { checkArchivedSchema } from './schema-check.js';
import { integrityCheck, summariseTables } from './table-summaries.js';

/** An archive unpacked into a temporary folder whose every byte matched its manifest. */
export type VerifiedArchive = {
  manifest: BackupManifest;
  databaseFile: string;
  uploadsDir: string;
  /** Empty (absent) for an archive made before gift files were backed up. */
  giftFilesDir: string;
  /** Empty (absent) for an archive made before sales files were backed up. */
  salesFilesDir: string;
  /** Removes the temporary folder. */
  dispose: () => Promise<void>;
};

/** The archive's folders of files, each listed in the manifest entry by entry. */
const FILE_FOLDERS = [UPLOADS_ENTRY, GIFT_FILES_ENTRY, SALES_FILES_ENTRY];

/** Only these entries may appear; anything else (links, devices, other paths) refuses the archive. */
function isExpectedEntry(entryPath: string, type: string): boolean {
  const normalised = entryPath.replace(/^\.\//, '').replace(/\/$/, '');
  if (type === 'Directory') return FILE_FOLDERS.includes(normalised);
  if (type !== 'File' && type !== 'OldFile') return false;
  if (normalised === MANIFEST_FILE || normalised === DATABASE_ENTRY) return true;
  const [folder, name, ...rest] = normalised.split('/');
  return (
    folder !== undefined &&
    FILE_FOLDERS.includes(folder) &&
    rest.length === 0 &&
    name !== undefined &&
    UPLOAD_NAME_PATTERN.test(name)
  );
}

async function unpack(archiveFile: string, into: string): Promise<void> {
  const unexpected: string[] = [];
  try {
    const { extract } = await import('tar');
    await extract({
      file: archiveFile,
      cwd: into,
      strict: true,
      preserveOwner: false,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : 'File';
        if (isExpectedEntry(entryPath, type)) return true;
        unexpected.push(entryPath);
        return false;
      },
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !(await stat(archiveFile).catch(() => null))) {
      throw new BackupError(`No archive at ${archiveFile}`);
    }
    throw new BackupError(`Not a readable backup archive (.tar.gz): ${(error as Error).message}`);
  }
  if (unexpected.length > 0) {
    throw new BackupError(`The archive holds unexpected entries: ${unexpected.slice(0, 5).join(', ')}`);
  }
}

async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) throw new BackupError(`The archive has no ${MANIFEST_FILE}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${MANIFEST_FILE} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problem = parsed.error.issues[0]!;
    throw new BackupError(`${MANIFEST_FILE} is not a backup manifest: ${problem.path.join('.')}: ${problem.message}`);
  }
  return parsed.data;
}

async function expectDigest(file: string, expected: { sha256: string; bytes: number }, what: string): Promise<void> {
  const actual = await digestFile(file).catch(() => null);
  if (!actual) throw new BackupError(`${what} is listed in the manifest but missing from the archive`);
  if (actual.sha256 !== expected.sha256 || actual.bytes !== expected.bytes) {
    throw new BackupError(`${what} does not match its checksum in the manifest: the archive is damaged or altered`);
  }
}

function verifyDatabase(file: string, manifest: BackupManifest): void {
  let sqlite: SQLite.Database;
  try {
    sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`The database in the archive cannot be opened: ${(error as Error).message}`);
  }
  try {
    const integrity = integrityCheck(sqlite);
    if (integrity !== 'ok')
      throw new BackupError(`The database in the archive fails PRAGMA integrity_check: ${integrity}`);
    if (!isDeepStrictEqual(summariseTables(sqlite), manifest.database.tables)) {
      throw new BackupError('The rows in the archived database differ from the manifest');
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The database in the archive cannot be read: ${(error as Error).message}`);
  } finally {
    sqlite.close();
  }
}

/** Every file of an archived folder is listed in the manifest, and every listed one matches it byte for byte. */
async function verifyFolder(dir: string, entries: UploadEntry[], folder: string, what: string): Promise<void> {
  const listed = new Set(entries.map((entry) => entry.name));
  const present = await readdir(dir).catch(() => [] as string[]);
  const unlisted = present.filter((name) => !listed.has(name));
  if (unlisted.length > 0) throw new BackupError(`${what} not in the manifest: ${unlisted.slice(0, 5).join(', ')}`);
  for (const entry of entries) {
    await expectDigest(path.join(dir, entry.name), entry, `${folder}/${entry.name}`);
  }
}

/** Unpacks an archive into a temporary folder and checks it against its manifest, byte for byte. */
export async function openVerifiedArchive(archiveFile: string): Promise<VerifiedArchive> {
  const dir = await mkdtemp(path.join(tmpdir(), 'site-restore-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    await unpack(archiveFile, dir);
    const manifest = await readManifest(dir);
    const databaseFile = path.join(dir, DATABASE_ENTRY);
    await expectDigest(databaseFile, manifest.database, DATABASE_ENTRY);
    const uploadsDir = path.join(dir, UPLOADS_ENTRY);
    await verifyFolder(uploadsDir, manifest.uploads, UPLOADS_ENTRY, 'Uploads');
    const giftFilesDir = path.join(dir, GIFT_FILES_ENTRY);
    await verifyFolder(giftFilesDir, manifest.giftFiles ?? [], GIFT_FILES_ENTRY, 'Gift files');
    const salesFilesDir = path.join(dir, SALES_FILES_ENTRY);
    await verifyFolder(salesFilesDir, manifest.salesFiles ?? [], SALES_FILES_ENTRY, 'Sales files');
    verifyDatabase(databaseFile, manifest);
    await checkArchivedSchema(databaseFile);
    return { manifest, databaseFile, uploadsDir, giftFilesDir, salesFilesDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
