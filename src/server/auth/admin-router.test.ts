import { FREE_FAILURES } from './guess-throttle.js';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED_MESSAGE } from '../../domain/admin-auth.js';
import { freshAddress } from '../test-support/http.js';
import { TEST_ADMIN_PASSWORD } from '../test-support/test-app.js';
import { expectTRPCError, useCallers } from '../test-support/trpc.js';

const NEW_PASSWORD = 'Lantern#Drowned3';

describe('admin procedures', () => {
  const context = useCallers();

  it('verify: UNAUTHORIZED without a key or with a wrong one; valid with the password or a token', async () => {
    await expectTRPCError(context.visitor.admin.verify(), 'UNAUTHORIZED', 'Admin key required');
    await expectTRPCError(context.wrongKey().admin.verify(), 'UNAUTHORIZED', 'Invalid admin key');
    expect(await context.admin.admin.verify()).toEqual({ valid: true });
    const { token } = await context.visitor.admin.login({ password: TEST_ADMIN_PASSWORD });
    expect(await context.t.callerWithKey(token).admin.verify()).toEqual({ valid: true });
  });

  it('login answers a token and its expiry; refuses a blank or wrong password', async () => {
    const session = await context.visitor.admin.login({ password: TEST_ADMIN_PASSWORD });
    expect(session).toEqual({ token: expect.stringMatching(/^[\w-]{43}$/), expiresAt: expect.any(Date) });
    await expectTRPCError(context.visitor.admin.login({ password: '  ' }), 'BAD_REQUEST', 'Please enter the password');
    await expectTRPCError(
      context.t.publicCaller(freshAddress()).admin.login({ password: 'Nope-Nope1!' }),
      'UNAUTHORIZED',
      'Invalid admin key',
    );
  });

  it('logout revokes the session it is called with', async () => {
    const { token } = await context.visitor.admin.login({ password: TEST_ADMIN_PASSWORD });
    const caller = context.t.callerWithKey(token, freshAddress());
    await caller.admin.logout();
    await expectTRPCError(caller.admin.verify(), 'UNAUTHORIZED', 'Invalid admin key');
  });

  it.each(['contactSubmissions', 'newsletterSubscriptions', 'preorders'] as const)(
    '%s is for the admin only',
    async (procedure) => {
      await expectTRPCError(context.visitor.admin[procedure](), 'UNAUTHORIZED', 'Admin key required');
      await expectTRPCError(context.wrongKey().admin[procedure](), 'UNAUTHORIZED', 'Invalid admin key');
      expect(Array.isArray((await context.admin.admin[procedure]()).items)).toBe(true);
    },
  );

  it('TOO_MANY_REQUESTS past the free failed keys from one address, while a session token still works', async () => {
    const address = freshAddress();
    const { token } = await context.visitor.admin.login({ password: TEST_ADMIN_PASSWORD });
    for (let n = 0; n <= FREE_FAILURES; n++) {
      // Longer than any password: refused without scrypt, yet counted.
      await expectTRPCError(
        context.t.callerWithKey(`bad-${n}-${'x'.repeat(300)}`, address).admin.verify(),
        'UNAUTHORIZED',
      );
    }
    await expectTRPCError(
      context.t.callerWithKey(TEST_ADMIN_PASSWORD, address).admin.verify(),
      'TOO_MANY_REQUESTS',
      /Too many failed attempts/,
    );
    expect(await context.t.callerWithKey(token, address).admin.verify()).toEqual({ valid: true });
  });
});

describe('admin.changePassword', () => {
  const context = useCallers();

  it.each([
    [{ currentPassword: '', newPassword: NEW_PASSWORD }, 'Current password is required'],
    [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Sh0rt!' }, 'New password must be at least 8 characters'],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'lantern#drowned3' },
      'Must contain at least one uppercase letter',
    ],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'LANTERN#DROWNED3' },
      'Must contain at least one lowercase letter',
    ],
    [{ currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Lantern#Drowned' }, 'Must contain at least one number'],
    [
      { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'LanternDrowned3' },
      'Must contain at least one special character',
    ],
  ])('refuses %j with BAD_REQUEST: %s', async (input, message) => {
    await expectTRPCError(context.admin.admin.changePassword(input), 'BAD_REQUEST', message);
    expect(await context.admin.admin.verify()).toEqual({ valid: true });
  });

  it('refuses a wrong current password, and callers without a valid key', async () => {
    await expectTRPCError(
      context.admin.admin.changePassword({ currentPassword: 'Wrong-Current1!', newPassword: NEW_PASSWORD }),
      'BAD_REQUEST',
      'Current password is incorrect',
    );
    await expectTRPCError(
      context.visitor.admin.changePassword({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD }),
      'UNAUTHORIZED',
    );
    expect(await context.admin.admin.verify()).toEqual({ valid: true });
  });

  it('changes the password, revoking sessions and the old password', async () => {
    const { token } = await context.visitor.admin.login({ password: TEST_ADMIN_PASSWORD });
    const answer = await context.t
      .callerWithKey(token)
      .admin.changePassword({ currentPassword: TEST_ADMIN_PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer).toEqual({ message: PASSWORD_CHANGED_MESSAGE });
    await Promise.all([
      expectTRPCError(context.t.callerWithKey(token, freshAddress()).admin.verify(), 'UNAUTHORIZED'),
      expectTRPCError(context.t.callerWithKey(TEST_ADMIN_PASSWORD, freshAddress()).admin.verify(), 'UNAUTHORIZED'),
      expect(context.t.callerWithKey(NEW_PASSWORD).admin.verify()).resolves.toEqual({ valid: true }),
    ]);
  });
});
