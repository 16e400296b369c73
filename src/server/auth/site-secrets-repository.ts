import { randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

/**
 * The named secret, generated (32 random bytes) and stored on first use. Kept in the database,
 * not the environment, so a restore brings back the key its links were signed with.
 */
export async function loadOrCreateSecret(db: AppDatabase, name: string): Promise<Buffer> {
  await db
    .insertInto('siteSecrets')
    .values({ name, value: randomBytes(32).toString('base64'), createdAt: timestampNow() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('siteSecrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
