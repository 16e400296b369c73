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
  'deletedAt',
  'labels',
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
  deletedAt: 'Deleted at',
  labels: 'Labels (interests)',
};

/**
 * A file with no status column cannot say who agreed to get the newsletter, so the author says it (multipart
 * fields of the import): `consent=given` with `consentSource` (where they agreed: "the sign-up form on my old
 * site, double opt-in") imports such rows as subscribed; `consent=none` imports them as not mailed. Without
 * either the dry run asks (`consent.required`) and the import is refused.
 */
export const CONSENT_CHOICES = ['given', 'none'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
export const CONSENT_SOURCE_MAX = 300;

/** How the rows of one status value were read: the value (lower case), how many, what they became. */
export type StatusCount = {
  status: string;
  count: number;
  meaning: 'subscribed' | 'unsubscribed' | 'pending' | 'not mailed';
};

type ImportItemAction = 'create' | 'update' | 'skip';

/** One line of the dry run or the import: what happens (or happened) to one item of the file. */
export type ImportItem = {
  item: string;
  kind: 'post' | 'draft' | 'scheduled' | 'subscriber' | 'page' | 'category' | 'tag';
  action: ImportItemAction;
  reason?: string;
  warnings?: string[];
  /** A post's readers' comments brought in with it. */
  comments?: number;
};

export type ImportSummary = {
  source: ImportSource;
  dryRun: boolean;
  /** created on import; on a dry run, what would be created. */
  created: {
    posts: number;
    drafts: number;
    scheduled: number;
    subscribers: number;
    images: number;
    comments: number;
    pages: number;
    /** The posts' categories and tags the site did not have. */
    categories: number;
    tags: number;
  };
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
  /** Subscribers: the rows by their status cell (`(no status column)`, `(empty)`), most first. */
  statuses?: StatusCount[];
  /**
   * Subscribers in a file with no status column: `required` until the author says where they agreed (`choice`
   * `given`, with `source`) or imports them as not mailed (`none`); `rows` is how many it concerns.
   */
  consent?: { required: boolean; rows: number; choice: ConsentChoice | null; source: string | null };
  /** Entries left out of `skipped`, `warnings` and `items` to keep the answer small. */
  omitted: number;
  /**
   * Posts: their distinct images by where they came from (the dry run: will come from): the media archive, fetched
   * from their old host, or missing (shown as a placeholder with a link); `refused`: files of the media archive
   * not read (each named in `warnings` with its reason).
   */
  media?: { archive: number; fetched: number; missing: number; refused: number };
};

export function emptySummary(source: ImportSource, dryRun: boolean): ImportSummary {
  return {
    source,
    dryRun,
    created: {
      posts: 0,
      drafts: 0,
      scheduled: 0,
      subscribers: 0,
      images: 0,
      comments: 0,
      pages: 0,
      categories: 0,
      tags: 0,
    },
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
