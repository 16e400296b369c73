import type { AppDatabase } from '../../db/connection.js';
import { toDate } from '../../db/row-conversion.js';

export type PersonalCopy = {
  id: string;
  editionFileId: string;
  orderRef: string;
  fingerprint: string;
  buyerName: string;
  fileName: string;
  contentType: string;
  bytes: number;
  madeAt: Date;
};

const COLUMNS = [
  'id',
  'editionFileId',
  'orderRef',
  'fingerprint',
  'buyerName',
  'fileName',
  'contentType',
  'bytes',
  'madeAt',
] as const;

type Row = Omit<PersonalCopy, 'bytes' | 'madeAt'> & { bytes: number | string; madeAt: string };
const toCopy = (row: Row): PersonalCopy => ({ ...row, bytes: Number(row.bytes), madeAt: toDate(row.madeAt) });

export async function findPersonalCopy(db: AppDatabase, id: string): Promise<PersonalCopy | undefined> {
  const row = await db.selectFrom('personalCopies').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toCopy(row) : undefined;
}

/** The copy already made for this order and file, if any. */
export async function findCopyFor(
  db: AppDatabase,
  orderRef: string,
  editionFileId: string,
): Promise<PersonalCopy | undefined> {
  const row = await db
    .selectFrom('personalCopies')
    .select(COLUMNS)
    .where('orderRef', '=', orderRef)
    .where('editionFileId', '=', editionFileId)
    .executeTakeFirst();
  return row ? toCopy(row) : undefined;
}

/** The copy a leaked file's fingerprint belongs to (Settings → Sales → Find a copy's buyer). */
export async function findCopyByFingerprint(db: AppDatabase, fingerprint: string): Promise<PersonalCopy | undefined> {
  const row = await db
    .selectFrom('personalCopies')
    .select(COLUMNS)
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return row ? toCopy(row) : undefined;
}

export async function insertPersonalCopy(db: AppDatabase, copy: PersonalCopy): Promise<void> {
  await db
    .insertInto('personalCopies')
    .values({ ...copy, madeAt: copy.madeAt.toISOString() })
    .execute();
}

/** The copies of an order (a refund or an erasure removes them). */
export async function listCopiesOfOrder(db: AppDatabase, orderRef: string): Promise<PersonalCopy[]> {
  const rows = await db.selectFrom('personalCopies').select(COLUMNS).where('orderRef', '=', orderRef).execute();
  return rows.map(toCopy);
}

export async function deletePersonalCopy(db: AppDatabase, id: string): Promise<void> {
  await db.deleteFrom('personalCopies').where('id', '=', id).execute();
}
