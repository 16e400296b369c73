import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter.js';
import { AdminAuth, SESSION_LIFETIME_MS } from './admin-auth.js';
import { verifyPassword } from './password-hash.js';

// A fast stand-in for scrypt whose verification a test can hold open, to order concurrent requests.
vi.mock('./password-hash.js', () => ({
  hashPassword: async (password: string) => `fake$${password}`,
  verifyPassword: vi.fn(async (password: string, stored: string) => stored === `fake$${password}`),
}));

const OLD_PASSWORD = 'Old!Password1';
const NEW_PASSWORD = 'New!Password2';

/** Makes the next verification wait until `release()` is called. */
function holdNextVerification(): { release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.mocked(verifyPassword).mockImplementationOnce(async (password, stored) => {
    await gate;
    return stored === `fake$${password}`;
  });
  return { release };
}

describe('AdminAuth', () => {
  let db: AppDatabase;
  let auth: AdminAuth;

  beforeEach(async () => {
    db = openDatabase(':memory:');
    await migrateToLatest(db);
    auth = new AdminAuth(db, new FixedWindowLimiter(10, 5 * 60_000));
    await auth.ensureAdminUser(OLD_PASSWORD);
  });
  afterEach(async () => {
    vi.mocked(verifyPassword).mockClear();
    await db.destroy();
  });

  it('generates a password only when none is configured, and only once', async () => {
    const fresh = openDatabase(':memory:');
    await migrateToLatest(fresh);
    const freshAuth = new AdminAuth(fresh, new FixedWindowLimiter(10, 60_000));
    const { generatedPassword } = await freshAuth.ensureAdminUser(undefined);
    expect(generatedPassword).toMatch(/^[\w-]{24}$/);
    expect(await freshAuth.ensureAdminUser(undefined)).toEqual({ generatedPassword: null });
    expect((await freshAuth.checkKey(generatedPassword!, 'a')).ok).toBe(true);
    await fresh.destroy();
  });

  it('remembers a verified password so the slow hash is not paid on every request', async () => {
    expect((await auth.checkKey(OLD_PASSWORD, 'a')).ok).toBe(true);
    expect((await auth.checkKey(OLD_PASSWORD, 'a')).ok).toBe(true);
    expect(verifyPassword).toHaveBeenCalledTimes(1);
  });

  it('issues session tokens that expire after a week', async () => {
    const before = Date.now();
    const login = await auth.login(OLD_PASSWORD, 'a');
    expect(login.ok).toBe(true);
    expect(login.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + SESSION_LIFETIME_MS);
    const check = await auth.checkKey(login.token!, 'a');
    expect(check).toEqual({ ok: true, identity: { sessionId: expect.any(String) } });

    await db
      .updateTable('adminSessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .execute();
    expect(await auth.checkKey(login.token!, 'a')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('does not accept the old password when its check was still running as the password changed', async () => {
    const held = holdNextVerification();
    const lateCheck = auth.checkKey(OLD_PASSWORD, 'a');
    await vi.waitFor(() => expect(verifyPassword).toHaveBeenCalledTimes(1));

    expect((await auth.changePassword(OLD_PASSWORD, NEW_PASSWORD, 'b')).ok).toBe(true);
    held.release();

    expect((await lateCheck).ok).toBe(false);
    expect((await auth.checkKey(OLD_PASSWORD, 'c')).ok).toBe(false);
    expect((await auth.checkKey(NEW_PASSWORD, 'c')).ok).toBe(true);
  });

  it('does not open a session for the old password when the login was still checking it as the password changed', async () => {
    const held = holdNextVerification();
    const lateLogin = auth.login(OLD_PASSWORD, 'a');
    await vi.waitFor(() => expect(verifyPassword).toHaveBeenCalledTimes(1));

    expect((await auth.changePassword(OLD_PASSWORD, NEW_PASSWORD, 'b')).ok).toBe(true);
    held.release();

    expect((await lateLogin).ok).toBe(false);
    expect(await db.selectFrom('adminSessions').select('id').execute()).toEqual([]);
  });

  it('keeps no session opened with the old password while the password was being replaced', async () => {
    expect((await auth.checkKey(OLD_PASSWORD, 'a')).ok).toBe(true);
    const [login, change] = await Promise.all([
      auth.login(OLD_PASSWORD, 'a'),
      auth.changePassword(OLD_PASSWORD, NEW_PASSWORD, 'b'),
    ]);
    expect(change.ok).toBe(true);
    expect(await db.selectFrom('adminSessions').select('id').execute()).toEqual([]);
    if (login.token) expect((await auth.checkKey(login.token, 'c')).ok).toBe(false);
  });
});
