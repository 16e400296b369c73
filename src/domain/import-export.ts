/** Shared by the admin's Import screen and the server: sources, the summary's shape, the subscriber mapping. */

export const IMPORT_SOURCES = ['wordpress', 'ghost', 'substack', 'subscribers', 'site'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_SOURCE_LABELS: Record<ImportSource, string> = {
  wordpress: 'WordPress export (.xml)',
  ghost: 'Ghost export (.json)',
  substack: 'Substack export (.zip)',
  subscribers: 'Subscribers CSV (Mailchimp, MailerLite, Kit, Substack…)',
  site: 'This site’s export (.zip)',
};

export function importSourceFrom(value: unknown): ImportSource | undefined {
  return IMPORT_SOURCES.find((source) => source === value);
}

/** The columns of a subscribers CSV the import reads; each names a header of the file, or null. */
export const MAPPING_FIELDS = [
  'email',
  'name',
  'lastName',
  'status',
  'subscribedAt',
  'confirmedAt',
  'unsubscribedAt',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type SubscriberMapping = Record<MappingField, string | null>;

export const MAPPING_FIELD_LABELS: Record<MappingField, string> = {
  email: 'Email',
  name: 'Name',
  lastName: 'Last name',
  status: 'Status',
  subscribedAt: 'Subscribed at',
  confirmedAt: 'Confirmed at',
  unsubscribedAt: 'Unsubscribed at',
};

type ImportItemAction = 'create' | 'update' | 'skip';

/** One line of the dry run or the import: what happens (or happened) to one item of the file. */
export type ImportItem = {
  item: string;
  kind: 'post' | 'draft' | 'scheduled' | 'subscriber' | 'page';
  action: ImportItemAction;
  reason?: string;
  warnings?: string[];
};

export type ImportSummary = {
  source: ImportSource;
  dryRun: boolean;
  /** created on import; on a dry run, what would be created. */
  created: { posts: number; drafts: number; scheduled: number; subscribers: number; images: number };
  updated: number;
  skipped: { item: string; reason: string }[];
  /** Every skipped item, whether listed in `skipped` or not. */
  skippedCount: number;
  warnings: { item: string; message: string }[];
  /** Posts item by item (subscribers are counted, and listed only when skipped, updated or warned about). */
  items: ImportItem[];
  /** Subscribers: the columns read, as detected or as sent. */
  mapping?: SubscriberMapping;
  /** Subscribers: the file's headers, to choose a mapping from. */
  headers?: string[];
  /** Which mailing-list service the file came from (recorded on each row as `import:<service>`). */
  service?: string;
  /** Entries left out of `skipped`, `warnings` and `items` to keep the answer small. */
  omitted: number;
};

export function emptySummary(source: ImportSource, dryRun: boolean): ImportSummary {
  return {
    source,
    dryRun,
    created: { posts: 0, drafts: 0, scheduled: 0, subscribers: 0, images: 0 },
    updated: 0,
    skipped: [],
    skippedCount: 0,
    warnings: [],
    items: [],
    omitted: 0,
  };
}

/** The streamed progress of an import: items written of the total. */
export type ImportProgress = { done: number; total: number };

export const IMPORT_PATH = '/api/admin/import';
export const EXPORT_PATH = '/api/admin/export';
