import type { z } from 'zod';
import type { AppDatabase } from '../../db/connection.js';
import { timestampNow } from '../../db/row-conversion.js';

/**
 * A group of settings stored under `key`, read through its schema: keys never saved (or saved by
 * an older version) get the schema's defaults; a stored value the schema refuses is ignored.
 */
export async function readSettings<Schema extends z.ZodType<object>>(
  db: AppDatabase,
  key: string,
  schema: Schema,
): Promise<z.output<Schema>> {
  const row = await db.selectFrom('siteSettings').select('value').where('key', '=', key).executeTakeFirst();
  const stored = row ? parseJson(row.value) : {};
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : schema.parse({});
}

/** Merges `changes` into the stored group (read and write in one transaction, the row locked) and returns the result. */
export async function updateSettings<Schema extends z.ZodType<object>>(
  db: AppDatabase,
  key: string,
  schema: Schema,
  changes: Partial<z.output<Schema>>,
): Promise<z.output<Schema>> {
  return db.transaction().execute(async (trx) => {
    // Touch the row first (creating it empty if need be): on PostgreSQL this locks it until the commit, so two
    // saves of different groups merge one after the other instead of the second overwriting the first.
    const now = timestampNow();
    await trx
      .insertInto('siteSettings')
      .values({ key, value: '{}', updatedAt: now })
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ updatedAt: now }))
      .execute();
    const current = await readSettings(trx, key, schema);
    return writeSettings(trx, key, schema, { ...current, ...changes });
  });
}

/** Stores the whole group (checked by its schema) under `key`; for a caller already in a transaction (the seed). */
export async function writeSettings<Schema extends z.ZodType<object>>(
  db: AppDatabase,
  key: string,
  schema: Schema,
  settings: z.input<Schema> | z.output<Schema>,
): Promise<z.output<Schema>> {
  const next = schema.parse(settings);
  const value = JSON.stringify(next);
  const updatedAt = timestampNow();
  await db
    .insertInto('siteSettings')
    .values({ key, value, updatedAt })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value, updatedAt }))
    .execute();
  return next;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
