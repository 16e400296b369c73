import { sql } from 'kysely';
import type { AppDatabase } from '../../db/connection.js';
import type { ByteRange } from './byte-range.js';

/**
 * Download allowances counted by the bytes sent, whatever the requests look like: a file fetched
 * whole is one download, and so are four quarter ranges of it, or forty resumed pieces that add
 * up to it. (Counting only requests from the first byte let a gift link serve forty 206 answers
 * with ten downloads still left.) A meter counts in thousandths of a file, so files of different
 * sizes share one allowance. Each owner of an allowance names its meter (`gift-link:<id>`; a
 * bought book's link would be another) and says how many downloads it allows.
 */
const UNITS_PER_DOWNLOAD = 1000;

/** What sending `range` of a `size`-byte file (or all of it, with no range) costs, in thousandths of a download. */
export function downloadUnits(range: ByteRange | null, size: number): number {
  if (size <= 0) return UNITS_PER_DOWNLOAD;
  const bytes = range ? range.end - range.start + 1 : size;
  return Math.max(1, Math.ceil((bytes * UNITS_PER_DOWNLOAD) / size));
}

/** Whether the meter has used all of `allowed` downloads. */
export async function isUsedUp(db: AppDatabase, meter: string, allowed: number): Promise<boolean> {
  const row = await db.selectFrom('downloadMeters').select('used').where('meter', '=', meter).executeTakeFirst();
  return (row?.used ?? 0) >= allowed * UNITS_PER_DOWNLOAD;
}

/**
 * Charges a response's `units` to the meter, unless it has used all of `allowed` downloads
 * already (false: refuse the response). One upsert decides, so requests in parallel, on any
 * instance, cannot together pass the allowance by more than the last response's own bytes.
 */
export async function chargeDownload(db: AppDatabase, meter: string, units: number, allowed: number): Promise<boolean> {
  const charged = await db
    .insertInto('downloadMeters')
    .values({ meter, used: units })
    .onConflict((conflict) =>
      conflict
        .column('meter')
        .doUpdateSet({ used: sql<number>`download_meters.used + excluded.used` })
        .where('downloadMeters.used', '<', allowed * UNITS_PER_DOWNLOAD),
    )
    .returning('used')
    .executeTakeFirst();
  return charged !== undefined;
}
