import type { AppDatabase } from '../db/connection.js';
import { newId, timestampNow } from '../db/row-conversion.js';

const ADMIN_USERNAME = 'admin';

/** The stored password hash of the admin user, or undefined before one is set. */
export async function findAdminPasswordHash(db: AppDatabase): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('password').where('username', '=', ADMIN_USERNAME).executeTakeFirst();
  return row?.password;
}

export async function createAdminUser(db: AppDatabase, passwordHash: string): Promise<void> {
  await db.insertInto('users').values({ id: newId(), username: ADMIN_USERNAME, password: passwordHash }).execute();
}

/** Replaces the password and revokes every session, in one transaction. */
export async function replaceAdminPassword(db: AppDatabase, passwordHash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password: passwordHash }).where('username', '=', ADMIN_USERNAME).execute();
    await trx.deleteFrom('adminSessions').execute();
  });
}

/** Replaces the hash of the same password with a stronger one, unless the password changed meanwhile. */
export async function upgradeAdminPasswordHash(db: AppDatabase, previousHash: string, newHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password: newHash })
    .where('username', '=', ADMIN_USERNAME)
    .where('password', '=', previousHash)
    .execute();
}

export async function createAdminSession(db: AppDatabase, tokenHash: string, expiresAt: Date): Promise<string> {
  const id = newId();
  await db
    .insertInto('adminSessions')
    .values({ id, tokenHash, createdAt: timestampNow(), expiresAt: expiresAt.toISOString() })
    .execute();
  return id;
}

/** The id of the unexpired session with this token hash. */
export async function findLiveAdminSession(db: AppDatabase, tokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('adminSessions')
    .select('id')
    .where('tokenHash', '=', tokenHash)
    .where('expiresAt', '>', timestampNow())
    .executeTakeFirst();
  return row?.id;
}

export async function deleteAdminSession(db: AppDatabase, id: string): Promise<void> {
  await db.deleteFrom('adminSessions').where('id', '=', id).execute();
}

export async function deleteExpiredAdminSessions(db: AppDatabase): Promise<void> {
  await db.deleteFrom('adminSessions').where('expiresAt', '<=', timestampNow()).execute();
}

/** How many of the addresses the admin logged in from are remembered (the most recent). */
const REMEMBERED_LOGIN_ADDRESSES = 20;

/** Whether the admin has logged in from the address (its digest) before. */
export async function isKnownLoginAddress(db: AppDatabase, addressDigest: string): Promise<boolean> {
  const row = await db
    .selectFrom('adminLoginAddresses')
    .select('addressDigest')
    .where('addressDigest', '=', addressDigest)
    .executeTakeFirst();
  return row !== undefined;
}

/** Remembers a successful login's address (its digest), keeping the most recent few. */
export async function rememberLoginAddress(db: AppDatabase, addressDigest: string): Promise<void> {
  const lastLoginAt = timestampNow();
  await db
    .insertInto('adminLoginAddresses')
    .values({ addressDigest, lastLoginAt })
    .onConflict((conflict) => conflict.column('addressDigest').doUpdateSet({ lastLoginAt }))
    .execute();
  const kept = db
    .selectFrom('adminLoginAddresses')
    .select('addressDigest')
    .orderBy('lastLoginAt', 'desc')
    .limit(REMEMBERED_LOGIN_ADDRESSES);
  await db.deleteFrom('adminLoginAddresses').where('addressDigest', 'not in', kept).execute();
}
