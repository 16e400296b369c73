import type {
  EditionFile,
  EditionFileCheck,
  EditionFileKind,
  SellableEditionFormat,
} from '../../../domain/edition-files.js';
import type { AppDatabase } from '../../db/connection.js';
import { timestampNow, toDate } from '../../db/row-conversion.js';

const COLUMNS = [
  'id',
  'bookId',
  'editionFormat',
  'kind',
  'filename',
  'bytes',
  'position',
  'checked',
  'createdAt',
] as const;

type Row = {
  id: string;
  bookId: string;
  editionFormat: string;
  kind: string;
  filename: string;
  bytes: number | string;
  position: number;
  checked: string;
  createdAt: string;
};

const toEditionFile = (row: Row): EditionFile => ({
  id: row.id,
  bookId: row.bookId,
  editionFormat: row.editionFormat as SellableEditionFormat,
  kind: row.kind as EditionFileKind,
  filename: row.filename,
  bytes: Number(row.bytes),
  position: Number(row.position),
  checked: JSON.parse(row.checked) as EditionFileCheck,
  createdAt: toDate(row.createdAt),
});

/** A book's files for one edition, in chapter order. */
export async function listEditionFiles(
  db: AppDatabase,
  bookId: string,
  editionFormat?: SellableEditionFormat,
): Promise<EditionFile[]> {
  let query = db.selectFrom('editionFiles').select(COLUMNS).where('bookId', '=', bookId);
  if (editionFormat) query = query.where('editionFormat', '=', editionFormat);
  const rows = await query.orderBy('editionFormat').orderBy('position').orderBy('createdAt').execute();
  return rows.map(toEditionFile);
}

export async function findEditionFile(db: AppDatabase, id: string): Promise<EditionFile | undefined> {
  const row = await db.selectFrom('editionFiles').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toEditionFile(row) : undefined;
}

/** Adds a checked file after the edition's others. */
export async function addEditionFile(
  db: AppDatabase,
  file: Omit<EditionFile, 'position' | 'createdAt'>,
): Promise<EditionFile> {
  const last = await db
    .selectFrom('editionFiles')
    .select(({ fn }) => fn.max('position').as('position'))
    .where('bookId', '=', file.bookId)
    .where('editionFormat', '=', file.editionFormat)
    .executeTakeFirst();
  const row = {
    ...file,
    position: Number(last?.position ?? 0) + 1,
    checked: JSON.stringify(file.checked),
    createdAt: timestampNow(),
  };
  await db.insertInto('editionFiles').values(row).execute();
  return toEditionFile(row);
}

export async function countEditionFiles(db: AppDatabase, bookId: string, editionFormat: SellableEditionFormat) {
  const row = await db
    .selectFrom('editionFiles')
    .select(({ fn }) => fn.countAll<number | string>().as('count'))
    .where('bookId', '=', bookId)
    .where('editionFormat', '=', editionFormat)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteEditionFile(db: AppDatabase, id: string): Promise<boolean> {
  const result = await db.deleteFrom('editionFiles').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
