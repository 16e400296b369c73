import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD_HASH } from '../test-support/admin-password.js';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash (N=2^17, r=8, p=1) that verifies only the right password', async () => {
    const hash = await hashPassword(TEST_ADMIN_PASSWORD);
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(hash).not.toContain(TEST_ADMIN_PASSWORD);
    // Salted: the same password hashed earlier (the test fixture) gives another value.
    expect(hash).not.toBe(TEST_ADMIN_PASSWORD_HASH);
    const [right, wrong, fixture] = await Promise.all([
      verifyPassword(TEST_ADMIN_PASSWORD, hash),
      verifyPassword(`${TEST_ADMIN_PASSWORD}x`, hash),
      verifyPassword(TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD_HASH),
    ]);
    expect(right).toBe(true);
    expect(wrong).toBe(false);
    expect(fixture).toBe(true);
  });

  it.each(['', 'plain-text', 'bcrypt$10$abc$def', 'scrypt$131072$8$1$$'])(
    'refuses a malformed stored value %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
    },
  );
});
