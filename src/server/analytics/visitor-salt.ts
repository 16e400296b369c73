import { createHash, randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';

/**
 * The day's salt for visitor hashes: made by whichever instance first needs it, kept in the
 * database so every instance hashes a visitor alike, and deleted once the day is rolled up
 * (after which nobody, not even the site, can tell whether two days' visitors were the same).
 */
export class VisitorSalts {
  private cached: { day: string; salt: string } | null = null;

  constructor(private readonly db: AppDatabase) {}

  async saltFor(day: string): Promise<string> {
    if (this.cached?.day === day) return this.cached.salt;
    await this.db
      .insertInto('analyticsSalts')
      .values({ day, salt: randomBytes(32).toString('base64') })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('analyticsSalts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    // Only today's is worth keeping in memory; a late event of yesterday reads it again.
    if (!this.cached || this.cached.day < day) this.cached = { day, salt: row.salt };
    return row.salt;
  }
}

/** 64 bits of SHA-256 over salt, address and user agent: enough to count a day's visitors exactly. */
export function visitorHash(salt: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex').slice(0, 16);
}
