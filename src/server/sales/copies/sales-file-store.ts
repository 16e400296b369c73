import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writePartFile } from '../../site/downloads/write-part-file.js';
import type { AppDatabase } from '../../db/connection.js';
import { salesFilesDirIn } from '../../operations/startup/data-files.js';

/**
 * Where the files sold direct live (edition files and personal copies), by the uploads' rule (see
 * content/uploads/upload-store.ts): files in DATA_DIR/sales-files on one box, 1 MB rows of
 * `sales_file_chunks` when several instances share PostgreSQL. Both ways stream: written as the
 * bytes arrive, read by byte range, never held whole in memory (an audiobook may be 2 GB).
 * The same shape as the gift's store (newsletter/gift/gift-file-store.ts), so one download route
 * can serve either.
 */
export interface SalesFileStore {
  readonly kind: 'files' | 'database';
  /** Stores the bytes under `id`; returns how many. Nothing is left behind if `source` fails. */
  write(id: string, source: AsyncIterable<Buffer>): Promise<number>;
  /** Bytes `start` to `end` (inclusive). */
  read(id: string, start: number, end: number): Readable;
  /** Removes it; nothing happens when it is already gone. */
  remove(id: string): Promise<void>;
  /** The file on disk, when the store keeps files (a zip is then read through one descriptor); null for rows. */
  localPath(id: string): string | null;
}

class FileSalesStore implements SalesFileStore {
  readonly kind = 'files';

  constructor(private readonly folder: string) {}

  write(id: string, source: AsyncIterable<Buffer>): Promise<number> {
    return writePartFile(this.folder, id, source);
  }

  localPath(id: string): string {
    return path.join(this.folder, id);
  }

  read(id: string, start: number, end: number): Readable {
    return createReadStream(path.join(this.folder, id), { start, end, highWaterMark: 256 * 1024 });
  }

  async remove(id: string): Promise<void> {
    await unlink(path.join(this.folder, id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
}

/** 1 MiB rows: a range read fetches only the rows it covers, one at a time; no row near 16 MB. */
export const SALES_CHUNK_BYTES = 1024 * 1024;

class DatabaseSalesStore implements SalesFileStore {
  readonly kind = 'database';

  constructor(private readonly db: AppDatabase) {}

  async write(id: string, source: AsyncIterable<Buffer>): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    let bytes = 0;
    const flush = async (data: Buffer) => {
      await this.db.insertInto('salesFileChunks').values({ fileId: id, seq, data }).execute();
      seq += 1;
    };
    try {
      for await (const chunk of source) {
        bytes += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes < SALES_CHUNK_BYTES) continue;
        const joined = Buffer.concat(pending);
        let offset = 0;
        while (joined.length - offset >= SALES_CHUNK_BYTES) {
          await flush(joined.subarray(offset, offset + SALES_CHUNK_BYTES));
          offset += SALES_CHUNK_BYTES;
        }
        pending = offset < joined.length ? [joined.subarray(offset)] : [];
        pendingBytes = joined.length - offset;
      }
      if (pendingBytes > 0 || seq === 0) await flush(Buffer.concat(pending));
      return bytes;
    } catch (error) {
      await this.remove(id);
      throw error;
    }
  }

  read(id: string, start: number, end: number): Readable {
    const db = this.db;
    return Readable.from(
      (async function* () {
        for (let seq = Math.floor(start / SALES_CHUNK_BYTES); seq <= Math.floor(end / SALES_CHUNK_BYTES); seq += 1) {
          const row = await db
            .selectFrom('salesFileChunks')
            .select('data')
            .where('fileId', '=', id)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) throw new Error(`sales file ${id} is missing piece ${seq}`);
          const data = Buffer.from(row.data);
          const offset = seq * SALES_CHUNK_BYTES;
          yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
        }
      })(),
      { objectMode: false },
    );
  }

  localPath(): null {
    return null;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('salesFileChunks').where('fileId', '=', id).execute();
  }
}

export function createSalesFileStore(db: AppDatabase, kind: 'files' | 'database', dataDir: string): SalesFileStore {
  return kind === 'database' ? new DatabaseSalesStore(db) : new FileSalesStore(salesFilesDirIn(dataDir));
}

/** Every bytes of a stored file, as one stream (e.g. to copy it whole). */
export function readWhole(store: SalesFileStore, id: string, bytes: number): Readable {
  return bytes === 0 ? Readable.from([]) : store.read(id, 0, bytes - 1);
}
