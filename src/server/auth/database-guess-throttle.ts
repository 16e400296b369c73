import { sql } from 'kysely';
import {
  FORGET_AFTER_MS,
  isLiveState,
  waitOfState,
  type AddressState,
  type GuessOutcome,
  type GuessVerdict,
  type GuessLedger,
} from './guess-throttle.js';
import type { AppDatabase } from '../db/connection.js';

type Row = { failures: number; lastAttemptAt: string; checkStartedAt: string | null };

const toState = (row: Row): AddressState => ({
  failures: row.failures,
  lastAttemptAt: Date.parse(row.lastAttemptAt),
  checkStartedAt: row.checkStartedAt === null ? null : Date.parse(row.checkStartedAt),
});

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The same progressive throttle as GuessThrottle (same rules, same figures), kept in the
 * login_throttle table so every instance on one PostgreSQL counts an address's guesses together.
 * A reservation locks the address's row (SELECT … FOR UPDATE), so parallel guesses through
 * different instances are counted one by one.
 */
export class DatabaseGuessThrottle implements GuessLedger {
  readonly shared = true;
  private nextSweepAt = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  async waitFor(address: string): Promise<number> {
    const row = await this.db
      .selectFrom('loginThrottle')
      .select(['failures', 'lastAttemptAt', 'checkStartedAt'])
      .where('address', '=', address)
      .executeTakeFirst();
    return row ? waitOfState(toState(row), this.now()) : 0;
  }

  async reserve(address: string): Promise<GuessVerdict> {
    const now = this.now();
    await this.sweep(now);
    const startedAt = iso(now);
    const verdict = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('loginThrottle')
        .values({ address, failures: 0, lastAttemptAt: startedAt, checkStartedAt: null })
        .onConflict((conflict) => conflict.column('address').doNothing())
        .execute();
      const row = await trx
        .selectFrom('loginThrottle')
        .select(['failures', 'lastAttemptAt', 'checkStartedAt'])
        .where('address', '=', address)
        .forUpdate()
        .executeTakeFirstOrThrow();
      const existing = toState(row);
      const state = isLiveState(existing, now) ? existing : { failures: 0, lastAttemptAt: now, checkStartedAt: null };
      const wait = waitOfState(state, now);
      if (wait > 0) return { allowed: false as const, retryAfterMs: wait };
      await trx
        .updateTable('loginThrottle')
        .set({ failures: state.failures + 1, lastAttemptAt: startedAt, checkStartedAt: startedAt })
        .where('address', '=', address)
        .execute();
      return null;
    });
    if (verdict) return verdict;
    let settled = false;
    return {
      allowed: true,
      settle: async (outcome: GuessOutcome) => {
        if (settled) return;
        settled = true;
        await this.settle(address, startedAt, outcome);
      },
    };
  }

  private async settle(address: string, startedAt: string, outcome: GuessOutcome): Promise<void> {
    if (outcome === 'succeeded') {
      await this.db.deleteFrom('loginThrottle').where('address', '=', address).execute();
      return;
    }
    await this.db
      .updateTable('loginThrottle')
      .set((eb) => ({
        checkStartedAt: null,
        failures: outcome === 'not-checked' ? sql<number>`${eb.ref('failures')} - 1` : eb.ref('failures'),
      }))
      .where('address', '=', address)
      .where('checkStartedAt', '=', startedAt)
      .execute();
  }

  async forget(address: string): Promise<void> {
    await this.db
      .deleteFrom('loginThrottle')
      .where('address', '=', address)
      .where('checkStartedAt', 'is', null)
      .execute();
  }

  /** Drops addresses that have not failed for FORGET_AFTER_MS, at most once per that period. */
  private async sweep(now: number): Promise<void> {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + FORGET_AFTER_MS;
    await this.db
      .deleteFrom('loginThrottle')
      .where('checkStartedAt', 'is', null)
      .where('lastAttemptAt', '<', iso(now - FORGET_AFTER_MS))
      .execute();
  }
}
