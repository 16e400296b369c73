import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED_MESSAGE } from '../../domain/admin-auth.js';
import { useTestApp, type AppContext } from '../test-support/app-context.js';
import { bearer, expectError, FAST_WRONG_KEY, freshAddress, loginToken } from '../test-support/http.js';
import { openAdminSession } from '../test-support/sessions.js';
import { TEST_ADMIN_PASSWORD } from '../test-support/test-app.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NEW_PASSWORD = 'Cinder!Wake2026';

const verify = (context: AppContext, key?: string) =>
  context.t.app.inject({
    method: 'GET',
    url: '/api/admin/verify',
    headers: key ? bearer(key) : {},
    remoteAddress: freshAddress(),
  });

async function storedPasswordHash(context: AppContext): Promise<string> {
  const rows = await sql<{ password: string }>`SELECT password FROM users`.execute(context.t.services.db);
  expect(rows.rows).toHaveLength(1);
  return rows.rows[0]!.password;
}

describe('admin keys, login and logout', () => {
  const context = useTestApp();

  it('GET /api/admin/verify: 401 without a key or with a wrong one, 200 with the password or a session token', async () => {
    expectError(await verify(context), 401, 'Admin key required');
    expectError(await verify(context, 'Wrong-Password-1!'), 401, 'Invalid admin key');
    for (const key of [TEST_ADMIN_PASSWORD, context.token]) {
      const res = await verify(context, key);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ valid: true });
    }
  });

  it('POST /api/admin/login answers a fresh token and its expiry (a week)', async () => {
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; expiresAt: string }>();
    expect(Object.keys(body).sort()).toEqual(['expiresAt', 'token']);
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.token).not.toBe(context.token);
    expect(body.expiresAt).toMatch(ISO_8601);
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it.each([
    [{ password: '' }, 400, 'Please enter the password'],
    [{ password: '   ' }, 400, 'Please enter the password'],
    [{}, 400, 'Please enter the password'],
    [{ password: 'Wrong-Password-2!' }, 401, 'Invalid admin key'],
  ])('login refuses %j', async (payload, status, message) => {
    const sessionsBefore = await context.t.services.db.selectFrom('adminSessions').select('id').execute();
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload,
      remoteAddress: freshAddress(),
    });
    expectError(res, status, message);
    expect(await context.t.services.db.selectFrom('adminSessions').select('id').execute()).toEqual(sessionsBefore);
  });

  it('stores session tokens hashed (SHA-256), never the token itself', async () => {
    const token = await loginToken(context.t.app);
    // The raw column is token_hash; the CamelCasePlugin names it tokenHash in results.
    const { rows } = await sql<{ tokenHash: string }>`SELECT token_hash FROM admin_sessions`.execute(
      context.t.services.db,
    );
    const hashes = rows.map((row) => row.tokenHash);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    for (const hash of hashes) {
      expect(hash).toMatch(/^[0-9a-f]{64}$/);
      expect(hash).not.toBe(token);
      expect(hash).not.toBe(context.token);
    }
  });

  it('POST /api/admin/logout revokes that session only (204, then 401 for it)', async () => {
    const token = await loginToken(context.t.app);
    const other = await loginToken(context.t.app);
    const res = await context.t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expectError(await verify(context, token), 401, 'Invalid admin key');
    expect((await verify(context, other)).statusCode).toBe(200);
    expect((await verify(context, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
  });

  it('logout needs a valid key', async () => {
    expectError(await context.t.app.inject({ method: 'POST', url: '/api/admin/logout' }), 401, 'Admin key required');
  });

  it('logout with the password itself (no session) is harmless', async () => {
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: bearer(TEST_ADMIN_PASSWORD),
    });
    expect(res.statusCode).toBe(204);
    expect((await verify(context, TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await verify(context, context.token)).statusCode).toBe(200);
  });
});

describe('a new database with a configured ADMIN_PASSWORD', () => {
  const configured = 'Configured-Admin9!';
  const context = useTestApp({ ADMIN_PASSWORD: configured });

  it('stores the password as a scrypt hash (N=2^15, r=8, p=3), never the plain text; the password works', async () => {
    const stored = await storedPasswordHash(context);
    expect(stored.startsWith('scrypt$32768$8$3$')).toBe(true);
    expect(stored).not.toContain(configured);
    const users = await sql<{ username: string }>`SELECT username FROM users`.execute(context.t.services.db);
    expect(users.rows).toEqual([{ username: 'admin' }]);
    expect((await verify(context, configured)).statusCode).toBe(200);
  });
});

describe('POST /api/admin/change-password', () => {
  const context = useTestApp();
  const change = (payload: object, key = context.token) =>
    context.t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: bearer(key),
      payload,
      remoteAddress: freshAddress(),
    });

  it('needs a valid key', async () => {
    const payload = { currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD };
    expectError(
      await context.t.app.inject({ method: 'POST', url: '/api/admin/change-password', payload }),
      401,
      'Admin key required',
    );
    expectError(await change(payload, FAST_WRONG_KEY), 401, 'Invalid admin key');
  });

  it.each([
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
    [{ newPassword: NEW_PASSWORD }, 'Current password is required'],
    [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Ab1!xyz' }, 'New password must be at least 8 characters'],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'cinder!wake2026' },
      'Must contain at least one uppercase letter',
    ],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'CINDER!WAKE2026' },
      'Must contain at least one lowercase letter',
    ],
    [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Cinder!Wake' }, 'Must contain at least one number'],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'CinderWake2026' },
      'Must contain at least one special character',
    ],
    [{ currentPassword: TEST_ADMIN_PASSWORD }, 'New password must be at least 8 characters'],
  ])('enforces the rules server-side: %j → %s, changing nothing', async (payload, message) => {
    const hashBefore = await storedPasswordHash(context);
    expectError(await change(payload), 400, message);
    expect(await storedPasswordHash(context)).toBe(hashBefore);
    expect((await verify(context, context.token)).statusCode).toBe(200);
  });

  it('reports every broken rule at once', async () => {
    const message = expectError(await change({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'abc' }), 400);
    for (const rule of [
      'New password must be at least 8 characters',
      'Must contain at least one uppercase letter',
      'Must contain at least one number',
      'Must contain at least one special character',
    ]) {
      expect(message).toContain(rule);
    }
  });

  it('refuses a wrong current password (400), changing nothing', async () => {
    const hashBefore = await storedPasswordHash(context);
    expectError(
      await change({ currentPassword: 'Not-The-Password1!', newPassword: NEW_PASSWORD }),
      400,
      'Current password is incorrect',
    );
    expect(await storedPasswordHash(context)).toBe(hashBefore);
    expect((await verify(context, context.token)).statusCode).toBe(200);
  });

  it('changes the password: every session and the old password are revoked at once, the new one works', async () => {
    const otherSession = await openAdminSession(context.t.services);
    const hashBefore = await storedPasswordHash(context);

    const res = await change({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

    // Each refused key costs a scrypt check, so one session stands for all; the table shows the rest.
    const revoked = await Promise.all([context.token, TEST_ADMIN_PASSWORD].map((key) => verify(context, key)));
    for (const res of revoked) expectError(res, 401, 'Invalid admin key');
    expect(await context.t.services.db.selectFrom('adminSessions').select('id').execute()).toEqual([]);
    expect(otherSession).not.toBe(context.token);

    const stored = await storedPasswordHash(context);
    expect(stored).not.toBe(hashBefore);
    expect(stored.startsWith('scrypt$32768$8$3$')).toBe(true);
    expect(stored).not.toContain(NEW_PASSWORD);

    expect((await verify(context, NEW_PASSWORD)).statusCode).toBe(200);
    const fresh = await loginToken(context.t.app, NEW_PASSWORD);
    expect((await verify(context, fresh)).statusCode).toBe(200);
  });
});
