import type { Gift, GiftFile, GiftFormat, PublicGift } from '../../../domain/newsletter-gift.js';
import type { AppDatabase } from '../../db/connection.js';
import { newId, timestampNow, toBoolean, toDate } from '../../db/row-conversion.js';

const GIFT_COLUMNS = ['id', 'title', 'description', 'coverImage', 'isActive', 'createdAt', 'updatedAt'] as const;

async function filesOf(db: AppDatabase, giftIds: string[]): Promise<Map<string, GiftFile[]>> {
  const byGift = new Map<string, GiftFile[]>();
  if (giftIds.length === 0) return byGift;
  const rows = await db
    .selectFrom('giftFiles')
    .select(['id', 'giftId', 'format', 'filename', 'bytes', 'createdAt'])
    .where('giftId', 'in', giftIds)
    .orderBy('createdAt')
    .execute();
  for (const row of rows) {
    const list = byGift.get(row.giftId) ?? [];
    list.push({
      id: row.id,
      format: row.format as GiftFormat,
      filename: row.filename,
      bytes: Number(row.bytes),
      createdAt: toDate(row.createdAt),
    });
    byGift.set(row.giftId, list);
  }
  return byGift;
}

/** Every gift, the active one first, then newest first, each with its files. */
export async function listGifts(db: AppDatabase): Promise<Gift[]> {
  const rows = await db
    .selectFrom('gifts')
    .select(GIFT_COLUMNS)
    .orderBy('isActive', 'desc')
    .orderBy('createdAt', 'desc')
    .execute();
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    isActive: toBoolean(row.isActive),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    files: files.get(row.id) ?? [],
  }));
}

export async function findGift(db: AppDatabase, id: string): Promise<Gift | undefined> {
  return (await listGifts(db)).find((gift) => gift.id === id);
}

/** The active gift, if it has at least one file to give. */
export async function findActiveGift(db: AppDatabase): Promise<Gift | undefined> {
  const gift = (await listGifts(db)).find((candidate) => candidate.isActive);
  return gift && gift.files.length > 0 ? gift : undefined;
}

export const toPublicGift = (gift: Gift): PublicGift => ({
  title: gift.title,
  description: gift.description,
  coverImage: gift.coverImage,
});

type GiftFields = { title: string; description: string; coverImage: string };

export async function createGift(db: AppDatabase, fields: GiftFields): Promise<string> {
  const now = timestampNow();
  const id = newId();
  await db
    .insertInto('gifts')
    .values({ id, ...fields, isActive: 0, createdAt: now, updatedAt: now })
    .execute();
  return id;
}

export async function updateGift(db: AppDatabase, id: string, fields: GiftFields): Promise<boolean> {
  const result = await db
    .updateTable('gifts')
    .set({ ...fields, updatedAt: timestampNow() })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Makes one gift the active one (the others are kept, inactive); null: no gift is active. */
export async function activateGift(db: AppDatabase, id: string | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('gifts').set({ isActive: 0 }).where('isActive', '=', 1).execute();
    if (id) await trx.updateTable('gifts').set({ isActive: 1 }).where('id', '=', id).execute();
  });
}

export async function addGiftFile(
  db: AppDatabase,
  file: { id: string; giftId: string; format: GiftFormat; filename: string; bytes: number },
): Promise<void> {
  await db
    .insertInto('giftFiles')
    .values({ ...file, createdAt: timestampNow() })
    .execute();
}

export async function findGiftFile(db: AppDatabase, fileId: string) {
  return db
    .selectFrom('giftFiles')
    .select(['id', 'giftId', 'format', 'filename', 'bytes'])
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export async function deleteGiftFile(db: AppDatabase, fileId: string): Promise<boolean> {
  const result = await db.deleteFrom('giftFiles').where('id', '=', fileId).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** A new personal download link for a subscriber; returns its id. */
export async function createGiftLink(db: AppDatabase, subscriptionId: string): Promise<string> {
  const id = newId();
  await db.insertInto('giftLinks').values({ id, subscriptionId, createdAt: timestampNow(), resentAt: null }).execute();
  return id;
}

export async function findGiftLink(db: AppDatabase, linkId: string) {
  return db.selectFrom('giftLinks').select(['id', 'subscriptionId']).where('id', '=', linkId).executeTakeFirst();
}

/** The right to re-send a new link for this one: granted once per `gapMs`. */
export async function claimGiftResend(db: AppDatabase, linkId: string, now: Date, gapMs: number): Promise<boolean> {
  const lastAllowed = new Date(now.getTime() - gapMs).toISOString();
  const result = await db
    .updateTable('giftLinks')
    .set({ resentAt: now.toISOString() })
    .where('id', '=', linkId)
    .where((eb) => eb.or([eb('resentAt', 'is', null), eb('resentAt', '<=', lastAllowed)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
