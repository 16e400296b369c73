import type { Series, SeriesData } from '../../../domain/series.schema.js';
import type { AppDatabase } from '../../db/connection.js';
import { newId } from '../../db/row-conversion.js';

const SERIES_COLUMNS = ['id', 'name', 'description', 'readingOrderNote'] as const;

export async function listSeries(db: AppDatabase): Promise<Series[]> {
  return db.selectFrom('series').select(SERIES_COLUMNS).orderBy('name').orderBy('id').execute();
}

export async function seriesExists(db: AppDatabase, id: string): Promise<boolean> {
  return (await db.selectFrom('series').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function createSeries(db: AppDatabase, data: SeriesData): Promise<Series> {
  const row = { id: newId(), ...data };
  await db.insertInto('series').values(row).execute();
  return row;
}

export async function updateSeries(db: AppDatabase, id: string, data: SeriesData): Promise<Series | undefined> {
  const result = await db.updateTable('series').set(data).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n ? { id, ...data } : undefined;
}

/** Its books become standalone (they keep no number without a series). */
export async function deleteSeries(db: AppDatabase, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('books').set({ seriesId: null, seriesNumber: null }).where('seriesId', '=', id).execute();
    const result = await trx.deleteFrom('series').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}
