import { lstat, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StoredUploadInfo, UploadStore } from './upload-store.js';

/** Uploads as files in one folder (DATA_DIR/uploads), each readable by the site's user only. */
export class FileUploadStore implements UploadStore {
  readonly kind = 'files';

  constructor(readonly folder: string) {}

  async write(name: string, data: Buffer, mode: 'new' | 'replace'): Promise<void> {
    const file = path.join(this.folder, name);
    if (mode === 'new') {
      await writeFile(file, data, { flag: 'wx', mode: 0o600 });
      return;
    }
    const temporary = path.join(this.folder, `.${name}.replacing`);
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, file).catch(async (error: unknown) => {
      await unlink(temporary).catch(() => undefined);
      throw error;
    });
  }

  async read(name: string): Promise<Buffer | null> {
    if (!(await this.stat(name))) return null;
    return readFile(path.join(this.folder, name));
  }

  async stat(name: string): Promise<StoredUploadInfo | null> {
    // lstat: a link or folder in the uploads folder is never treated as an upload.
    const info = await lstat(path.join(this.folder, name)).catch(() => null);
    return info?.isFile() ? { bytes: info.size, storedAt: info.mtime } : null;
  }

  async list(): Promise<string[]> {
    return readdir(this.folder).catch(() => [] as string[]);
  }

  async remove(name: string): Promise<void> {
    await unlink(path.join(this.folder, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}
