export type StoredUploadInfo = { bytes: number; storedAt: Date };

/**
 * Where upload bytes (originals and their variants) live: files in DATA_DIR/uploads on one box, or
 * the database when DATABASE_URL points several instances at one PostgreSQL, so every instance
 * serves every upload. Names are checked by the callers (UPLOAD_NAME_PATTERN or generated).
 */
export interface UploadStore {
  readonly kind: 'files' | 'database';
  /** `new` fails when the name exists; `replace` swaps it in whole (readers never see half of it). */
  write(name: string, data: Buffer, mode: 'new' | 'replace'): Promise<void>;
  read(name: string): Promise<Buffer | null>;
  /** Size and time stored; null when there is no such upload (a folder or link in the folder is none). */
  stat(name: string): Promise<StoredUploadInfo | null>;
  list(): Promise<string[]>;
  /** Removes it; nothing happens when it is already gone. */
  remove(name: string): Promise<void>;
}
