import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow, toStoredBoolean } from '../db/row-conversion.js';

/** A `/library` sign-in: its row holds the address, the emailed token names only the row. */
export async function createLibrarySignIn(db: AppDatabase, email: string): Promise<string> {
  const id = newId();
  await db.insertInto('librarySignIns').values({ id, email, createdAt: timestampNow() }).execute();
  return id;
}

export async function findLibrarySignIn(db: AppDatabase, id: string) {
  return db.selectFrom('librarySignIns').select(['id', 'email', 'createdAt']).where('id', '=', id).executeTakeFirst();
}

/** Sign-in links sent to one address since `since` (a few an hour at most). */
export async function countLibrarySignIns(db: AppDatabase, email: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('librarySignIns')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email', '=', email)
    .where('createdAt', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the address has bought anything (paid, delivered or refunded). */
export async function hasOrders(db: AppDatabase, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('saleOrders')
    .select('id')
    .where('buyerEmail', '=', email)
    .where('state', 'in', ['paid', 'delivered', 'refunded', 'held'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The address's active newsletter subscription (a gift-link reader sees the free chapter in the library). */
export async function findActiveSubscriptionId(db: AppDatabase, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('newsletterSubscriptions')
    .select('id')
    .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', email))
    .where('isActive', '=', toStoredBoolean(true))
    .executeTakeFirst();
  return row?.id;
}
