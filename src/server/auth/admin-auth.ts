import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';
import type { FixedWindowLimiter } from '../rate-limit/fixed-window-limiter.js';
import {
  createAdminSession,
  createAdminUser,
  deleteAdminSession,
  deleteExpiredAdminSessions,
  findAdminPasswordHash,
  findLiveAdminSession,
  replaceAdminPassword,
} from '../repositories/admin-credentials.js';
import { hashPassword, verifyPassword } from './password-hash.js';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type AdminIdentity = { sessionId: string | null };

export type KeyCheck = { ok: true; identity: AdminIdentity } | { ok: false; reason: 'invalid' | 'throttled' };

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * The admin key is either the password itself (REST clients) or a session token the UI got
 * by logging in. Only a slow salted hash of the password is stored; once a key verifies, a
 * fast digest of it is remembered in memory until the password changes, so admin requests
 * do not pay scrypt every time.
 */
export class AdminAuth {
  private verifiedPasswordDigest: Buffer | null = null;
  /** Bumped by each password change, so checks that were under way against the old hash do not count. */
  private passwordVersion = 0;

  constructor(
    private readonly db: AppDatabase,
    private readonly failedKeys: FixedWindowLimiter,
  ) {}

  /** Creates the admin user on first start; returns the generated password, if one was made. */
  async ensureAdminUser(configuredPassword: string | undefined): Promise<{ generatedPassword: string | null }> {
    if (await findAdminPasswordHash(this.db)) return { generatedPassword: null };
    const password = configuredPassword ?? randomBytes(18).toString('base64url');
    await createAdminUser(this.db, await hashPassword(password));
    return { generatedPassword: configuredPassword ? null : password };
  }

  /** Checks a bearer key (session token or password) from a client address. */
  async checkKey(key: string, clientAddress: string): Promise<KeyCheck> {
    if (key.length > 0 && key.length <= 512) {
      const sessionId = await findLiveAdminSession(this.db, sha256(key).toString('hex'));
      if (sessionId) return { ok: true, identity: { sessionId } };
    }
    if (this.failedKeys.isBlocked(clientAddress)) return { ok: false, reason: 'throttled' };
    if (await this.isPassword(key)) return { ok: true, identity: { sessionId: null } };
    this.failedKeys.hit(clientAddress);
    return { ok: false, reason: 'invalid' };
  }

  /** Exchanges the password for a new session token (128+ random bits, stored hashed). */
  async login(password: string, clientAddress: string): Promise<KeyCheck & { token?: string; expiresAt?: Date }> {
    if (this.failedKeys.isBlocked(clientAddress)) return { ok: false, reason: 'throttled' };
    const passwordVersion = this.passwordVersion;
    if (!(await this.isPassword(password))) {
      this.failedKeys.hit(clientAddress);
      return { ok: false, reason: 'invalid' };
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
    await deleteExpiredAdminSessions(this.db);
    const sessionId = await createAdminSession(this.db, sha256(token).toString('hex'), expiresAt);
    if (passwordVersion !== this.passwordVersion) {
      // The password changed while this login ran, after every session was revoked.
      await deleteAdminSession(this.db, sessionId);
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, identity: { sessionId }, token, expiresAt };
  }

  async logout(identity: AdminIdentity): Promise<void> {
    if (identity.sessionId) await deleteAdminSession(this.db, identity.sessionId);
  }

  /** Verifies the current password, stores the new one and revokes every session and the old password. */
  async changePassword(currentPassword: string, newPassword: string, clientAddress: string): Promise<KeyCheck> {
    if (this.failedKeys.isBlocked(clientAddress)) return { ok: false, reason: 'throttled' };
    if (!(await this.isPassword(currentPassword))) {
      this.failedKeys.hit(clientAddress);
      return { ok: false, reason: 'invalid' };
    }
    await replaceAdminPassword(this.db, await hashPassword(newPassword));
    this.passwordVersion += 1;
    this.verifiedPasswordDigest = null;
    return { ok: true, identity: { sessionId: null } };
  }

  private async isPassword(candidate: string): Promise<boolean> {
    if (candidate.length === 0 || candidate.length > 256) return false;
    const digest = sha256(candidate);
    if (this.verifiedPasswordDigest && timingSafeEqual(digest, this.verifiedPasswordDigest)) {
      return true;
    }
    const passwordVersion = this.passwordVersion;
    const stored = await findAdminPasswordHash(this.db);
    if (!stored || !(await verifyPassword(candidate, stored))) return false;
    // A match against a hash replaced meanwhile is stale: neither accept nor remember it.
    if (passwordVersion !== this.passwordVersion) return false;
    this.verifiedPasswordDigest = digest;
    return true;
  }
}
