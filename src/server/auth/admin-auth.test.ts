import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { AdminAuth, SESSION_LIFETIME_MS } from './admin-auth.js';
import { FREE_FAILURES, GuessThrottle, MAX_DELAY_MS } from './guess-throttle.js';

// A fast stand-in for scrypt whose verification a test can hold open, to order concurrent requests.
// `old$…` stands for a hash made with an older cost: it verifies, and is due a rehash.
const verifyPassword = vi.fn(async (password: string, stored: string) =>
  [`fake$${password}`, `old$${password}`].includes(stored),
);
const passwords = {
  hashPassword: async (password: string) => `fake$${password}`,
  verifyPassword,
  needsRehash: (stored: string) => stored.startsWith('old$'),
};

const OLD_PASSWORD = 'Old!Password1';
const NEW_PASSWORD = 'New!Password2';

/** Makes the next verification wait until `release()` is called. */
function holdNextVerification(): { release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  verifyPassword.mockImplementationOnce(async (password, stored) => {
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
    auth = new AdminAuth(db, { passwords });
    await auth.ensureAdminUser(OLD_PASSWORD);
  });
  afterEach(async () => {
    verifyPassword.mockClear();
    await db.destroy();
  });

  it('generates a password only when none is configured, and only once', async () => {
    const fresh = openDatabase(':memory:');
    await migrateToLatest(fresh);
    const freshAuth = new AdminAuth(fresh, { passwords });
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

  it('upgrades a hash made with an older cost once the password verifies, keeping the sessions', async () => {
    const { token } = await auth.login(OLD_PASSWORD, 'a');
    await db
      .updateTable('users')
      .set({ password: `old$${OLD_PASSWORD}` })
      .execute();
    const upgrading = new AdminAuth(db, { passwords });
    expect((await upgrading.checkKey(OLD_PASSWORD, 'a')).ok).toBe(true);
    expect(await db.selectFrom('users').select('password').execute()).toEqual([{ password: `fake$${OLD_PASSWORD}` }]);
    expect((await upgrading.checkKey(token!, 'a')).ok).toBe(true);
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
    // Either the login lost the race and was refused, or the change ended the session it opened.
    expect(login.token ? (await auth.checkKey(login.token, 'c')).ok : login.ok).toBe(false);
  });

  describe('password guesses', () => {
    const clock = { now: 1_000_000 };
    let throttled: AdminAuth;
    beforeEach(async () => {
      throttled = new AdminAuth(db, { throttle: new GuessThrottle(() => clock.now), passwords });
    });

    it('counts parallel guesses before their checks: a burst gets one check, the rest wait, and no token', async () => {
      const attempts = Array.from({ length: 100 }, (_, n) => throttled.login(`Wrong!Password${n}`, 'burst'));
      attempts.push(throttled.login(OLD_PASSWORD, 'burst'));
      const results = await Promise.all(attempts);
      expect(results.filter((r) => r.ok)).toEqual([]);
      expect(results.filter((r) => !r.ok && r.reason === 'throttled')).toHaveLength(100);
      expect(verifyPassword).toHaveBeenCalledTimes(1);
      expect(await db.selectFrom('adminSessions').select('id').execute()).toEqual([]);
    });

    it('refuses even the right password while an address must wait, and takes it once the wait is over', async () => {
      for (let n = 0; n <= FREE_FAILURES; n++) {
        expect(await throttled.checkKey(`Wrong!Password${n}`, 'guesser')).toEqual({ ok: false, reason: 'invalid' });
      }
      const refused = await throttled.login(OLD_PASSWORD, 'guesser');
      expect(refused).toEqual({ ok: false, reason: 'throttled', retryAfterMs: 2000 });
      clock.now += MAX_DELAY_MS;
      expect((await throttled.login(OLD_PASSWORD, 'guesser')).ok).toBe(true);
      // Success forgets the failures.
      for (let n = 0; n < FREE_FAILURES; n++) {
        expect((await throttled.checkKey(`Wrong!Again${n}`, 'guesser')).ok).toBe(false);
      }
      expect(await throttled.checkKey('Wrong!Again-last', 'guesser')).toEqual({ ok: false, reason: 'invalid' });
    });

    it('never throttles nor slows a session token', async () => {
      const { token } = await throttled.login(OLD_PASSWORD, 'author');
      for (let n = 0; n < FREE_FAILURES + 3; n++) await throttled.checkKey(`Wrong!Password${n}`, 'shared-address');
      expect((await throttled.checkKey(OLD_PASSWORD, 'shared-address')).ok).toBe(false);
      const checks = await Promise.all(Array.from({ length: 50 }, () => throttled.checkKey(token!, 'shared-address')));
      expect(checks.every((check) => check.ok)).toBe(true);
    });

    it('runs at most two slow checks at once across all addresses', async () => {
      const held = Array.from({ length: 6 }, () => holdNextVerification());
      const attempts = held.map((_, n) => throttled.checkKey(`Wrong!Password${n}`, `address-${n}`));
      await vi.waitFor(() => expect(verifyPassword).toHaveBeenCalledTimes(2));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(verifyPassword).toHaveBeenCalledTimes(2);
      for (const gate of held) gate.release();
      const results = await Promise.all(attempts);
      expect(results.every((result) => !result.ok && result.reason === 'invalid')).toBe(true);
      expect(verifyPassword).toHaveBeenCalledTimes(6);
    });
  });
});
