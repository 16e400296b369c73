import type { AppDatabase } from '../../db/connection.js';
import { timestampNow } from '../../db/row-conversion.js';
import type { StoredUploadInfo, UploadStore } from './upload-store.js';

/** Uploads as rows of stored_uploads (bytea on PostgreSQL, blob on SQLite), seen by every instance. */
export class DatabaseUploadStore implements UploadStore {
  readonly kind = 'database';

  constructor(private readonly db: AppDatabase) {}

  async write(name: string, data: Buffer, mode: 'new' | 'replace'): Promise<void> {
    const row = { name, data, bytes: data.length, storedAt: timestampNow() };
    const insert = this.db.insertInto('storedUploads').values(row);
    if (mode === 'new') await insert.execute();
    else await insert.onConflict((conflict) => conflict.column('name').doUpdateSet(row)).execute();
  }

  async read(name: string): Promise<Buffer | null> {
    const row = await this.db.selectFrom('storedUploads').select('data').where('name', '=', name).executeTakeFirst();
    return row ? Buffer.from(row.data) : null;
  }

  async stat(name: string): Promise<StoredUploadInfo | null> {
    const row = await this.db
      .selectFrom('storedUploads')
      .select(['bytes', 'storedAt'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { bytes: row.bytes, storedAt: new Date(row.storedAt) } : null;
  }

  async list(): Promise<string[]> {
    const rows = await this.db.selectFrom('storedUploads').select('name').orderBy('name').execute();
    return rows.map((row) => row.name);
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('storedUploads').where('name', '=', name).execute();
  }
}
