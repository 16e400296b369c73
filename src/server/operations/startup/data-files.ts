import path from 'node:path';
import { DATABASE_FILE_NAME } from './data-dir.js';

/** The database file, uploads folder and gift files folder inside DATA_DIR. */
export const databaseFileIn = (dataDir: string) => path.join(dataDir, DATABASE_FILE_NAME);
export const uploadsDirIn = (dataDir: string) => path.join(dataDir, 'uploads');
/** Edition files and personal copies sold direct (src/server/sales/copies). */
export const salesFilesDirIn = (dataDir: string) => path.join(dataDir, 'sales-files');
export const giftFilesDirIn = (dataDir: string) => path.join(dataDir, 'gift-files');
