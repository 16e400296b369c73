import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_PASSWORD, TEST_ADMIN_PASSWORD_HASH } from '../test-support/admin-password.js';
import { hashPassword, needsRehash, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('stores a salted scrypt hash (N=2^15, r=8, p=3) that verifies only the right password', async () => {
    const hash = await hashPassword(TEST_ADMIN_PASSWORD);
    expect(hash).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{86}$/);
    expect(needsRehash(hash)).toBe(false);
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

describe('hashes made with an older cost', () => {
  /** hashPassword(TEST_ADMIN_PASSWORD) with N=2^17, r=8, p=1, the cost used before. */
  const OLDER_HASH =
    'scrypt$131072$8$1$Q17EzE1p11HoKRvWE7Gd_A$6Q4KnE37EX84xOR2cdeLgoUuRerldKE9nx9uomx5aLkzwgOjpmcraG4Tg6QVZTW3wCNaLsRenw-0e9wuMm3s_A';

  it('still verify, and are marked for a rehash', async () => {
    expect(await verifyPassword(TEST_ADMIN_PASSWORD, OLDER_HASH)).toBe(true);
    expect(needsRehash(OLDER_HASH)).toBe(true);
  });
});
