import path from 'node:path';
import { DATABASE_FILE_NAME } from './data-dir.js';

/** The database file, uploads folder and gift files folder inside DATA_DIR. */
export const databaseFileIn = (dataDir: string) => path.join(dataDir, DATABASE_FILE_NAME);
export const uploadsDirIn = (dataDir: string) => path.join(dataDir, 'uploads');
export const giftFilesDirIn = (dataDir: string) => path.join(dataDir, 'gift-files');
