import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/connection.js';

/** Fedify's TTL (a Temporal.Duration) in milliseconds. */
type Duration = { total: (unit: 'millisecond') => number };

const keyText = (key: KvKey): string => JSON.stringify(key);
/** The LIKE pattern of every key under `prefix` (the JSON array without its closing bracket, then a comma). */
const underPrefix = (prefix: KvKey): string =>
  `${keyText(prefix)
    .slice(0, -1)
    .replace(/[\\%_]/g, '\\$&')},%`;

/**
 * Fedify's key–value store (remote documents and keys it cached, activities already handled) in the site's
 * database, on SQLite and PostgreSQL alike: one row per key, its value as JSON, an expiry read as absence.
 */
export class DatabaseKvStore implements KvStore {
  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('fediverseKv')
      .select(['value', 'expiresAt'])
      .where('key', '=', keyText(key))
      .executeTakeFirst();
    if (!row || this.expired(row.expiresAt)) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = options?.ttl as Duration | undefined;
    const expiresAt = ttl ? new Date(this.now().getTime() + ttl.total('millisecond')).toISOString() : null;
    const row = { key: keyText(key), value: JSON.stringify(value ?? null), expiresAt };
    await this.db
      .insertInto('fediverseKv')
      .values(row)
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: row.value, expiresAt }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('fediverseKv').where('key', '=', keyText(key)).execute();
  }

  /** Sets `newValue` only if the key holds `expectedValue` now (undefined: absent), in one transaction. */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const store = new DatabaseKvStore(trx, this.now);
      const current = await store.get(key);
      if (JSON.stringify(current) !== JSON.stringify(expectedValue)) return false;
      await store.set(key, newValue, options);
      return true;
    });
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.db.selectFrom('fediverseKv').select(['key', 'value', 'expiresAt']).orderBy('key');
    if (prefix)
      query = query.where(sql<boolean>`(key = ${keyText(prefix)} or key like ${underPrefix(prefix)} escape '\\')`);
    for (const row of await query.execute()) {
      if (this.expired(row.expiresAt)) continue;
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }

  /** Drops expired rows (the queue job calls it now and then). */
  async prune(): Promise<void> {
    await this.db.deleteFrom('fediverseKv').where('expiresAt', '<', this.now().toISOString()).execute();
  }

  private expired(expiresAt: string | null): boolean {
    return expiresAt !== null && expiresAt <= this.now().toISOString();
  }
}
