import type { AppDatabase } from '../../db/connection.js';
import { databaseEngine } from '../../db/database-engine.js';
import { DatabaseUploadStore } from './database-upload-store.js';
import { FileUploadStore } from './file-upload-store.js';
import type { UploadStore } from './upload-store.js';

/**
 * Files in DATA_DIR/uploads for SQLite; the database for PostgreSQL (see docs/scaling.md). Apart from
 * upload-store.ts, whose interface both stores implement, so that neither imports its own chooser.
 */
export function createUploadStore(db: AppDatabase, uploadsDir: string): UploadStore {
  return databaseEngine(db) === 'postgres' ? new DatabaseUploadStore(db) : new FileUploadStore(uploadsDir);
}
