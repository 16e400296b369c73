import path from 'node:path';

/** The database file and uploads folder inside DATA_DIR. */
export const DATABASE_FILE_NAME = 'site.sqlite';
const UPLOADS_DIR_NAME = 'uploads';

export const databaseFileIn = (dataDir: string) => path.join(dataDir, DATABASE_FILE_NAME);
export const uploadsDirIn = (dataDir: string) => path.join(dataDir, UPLOADS_DIR_NAME);
