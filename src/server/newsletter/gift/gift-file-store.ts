import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { writePartFile } from '../../site/downloads/write-part-file.js';
import type { AppDatabase } from '../../db/connection.js';
import { giftFilesDirIn } from '../../operations/startup/data-files.js';

/**
 * Where gift files live, following the uploads' rule (see content/uploads/upload-store.ts): files on one
 * box (DATA_DIR/gift-files, never served as they are), the database when several instances share
 * PostgreSQL. Unlike uploads they are big (up to 100 MB), so both ways stream: written as they
 * arrive, read by byte range, never held whole in memory.
 */
export interface GiftFileStore {
  /** Stores the bytes under `id`; returns how many. Nothing is left behind if `source` fails. */
  write(id: string, source: AsyncIterable<Buffer>): Promise<number>;
  /** Bytes `start` to `end` (inclusive). */
  read(id: string, start: number, end: number): Readable;
  remove(id: string): Promise<void>;
}

class FileGiftStore implements GiftFileStore {
  constructor(private readonly folder: string) {}

  write(id: string, source: AsyncIterable<Buffer>): Promise<number> {
    return writePartFile(this.folder, id, source);
  }

  read(id: string, start: number, end: number): Readable {
    return createReadStream(path.join(this.folder, id), { start, end });
  }

  async remove(id: string): Promise<void> {
    await unlink(path.join(this.folder, id)).catch(() => undefined);
  }
}

/** 1 MiB pieces: a range read fetches only the pieces it covers, one at a time. */
export const GIFT_CHUNK_BYTES = 1024 * 1024;

class DatabaseGiftStore implements GiftFileStore {
  constructor(private readonly db: AppDatabase) {}

  async write(id: string, source: AsyncIterable<Buffer>): Promise<number> {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let seq = 0;
    let bytes = 0;
    const flush = async (data: Buffer) => {
      await this.db.insertInto('giftFileChunks').values({ fileId: id, seq, data }).execute();
      seq += 1;
    };
    try {
      for await (const chunk of source) {
        bytes += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        while (pendingBytes >= GIFT_CHUNK_BYTES) {
          const joined = Buffer.concat(pending);
          await flush(joined.subarray(0, GIFT_CHUNK_BYTES));
          const rest = joined.subarray(GIFT_CHUNK_BYTES);
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      }
      if (pendingBytes > 0) await flush(Buffer.concat(pending));
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
        for (let seq = Math.floor(start / GIFT_CHUNK_BYTES); seq <= Math.floor(end / GIFT_CHUNK_BYTES); seq += 1) {
          const row = await db
            .selectFrom('giftFileChunks')
            .select('data')
            .where('fileId', '=', id)
            .where('seq', '=', seq)
            .executeTakeFirst();
          if (!row) throw new Error(`gift file ${id} is missing piece ${seq}`);
          const data = Buffer.from(row.data);
          const offset = seq * GIFT_CHUNK_BYTES;
          yield data.subarray(Math.max(0, start - offset), Math.min(data.length, end - offset + 1));
        }
      })(),
    );
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('giftFileChunks').where('fileId', '=', id).execute();
  }
}

export function createGiftFileStore(db: AppDatabase, kind: 'files' | 'database', dataDir: string): GiftFileStore {
  return kind === 'database' ? new DatabaseGiftStore(db) : new FileGiftStore(giftFilesDirIn(dataDir));
}
