import { z } from 'zod';
import { UPLOAD_NAME_PATTERN } from '../../../domain/uploads.js';

/** Names inside an archive: the manifest, the database snapshot, the uploads, gift files and sales files folders. */
export const MANIFEST_FILE = 'manifest.json';
export const DATABASE_ENTRY = 'site.sqlite';
export const UPLOADS_ENTRY = 'uploads';
export const GIFT_FILES_ENTRY = 'gift-files';
export const SALES_FILES_ENTRY = 'sales-files';

export const MANIFEST_FORMAT = 1;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 hex digest');

const fileEntrySchema = z.object({ bytes: z.number().int().min(0), sha256: sha256Hex });

const uploadEntrySchema = fileEntrySchema.extend({
  name: z.string().regex(UPLOAD_NAME_PATTERN),
  modifiedAt: z.iso.datetime(),
});

const tableSummarySchema = z.object({ rows: z.number().int().min(0), sha256: sha256Hex });

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  createdAt: z.iso.datetime(),
  database: fileEntrySchema.extend({
    /** Rows per table, and a digest of their contents in rowid order. */
    tables: z.record(z.string(), tableSummarySchema),
  }),
  uploads: z.array(uploadEntrySchema),
  /** The subscribers' gift files (DATA_DIR/gift-files); absent in archives made before they were backed up. */
  giftFiles: z.array(uploadEntrySchema).optional(),
  /** Edition files and personal copies sold direct (DATA_DIR/sales-files); absent in archives made before. */
  salesFiles: z.array(uploadEntrySchema).optional(),
  /** HMAC of the rest with the site's key (archive-signature.ts); absent in archives made before signing. */
  signature: sha256Hex.optional(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableSummary = z.infer<typeof tableSummarySchema>;
export type UploadEntry = z.infer<typeof uploadEntrySchema>;
