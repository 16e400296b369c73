import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';
import { limitKeyOf } from '../site/rate-limit/address-group.js';
import {
  createAdminSession,
  createAdminUser,
  deleteAdminSession,
  deleteExpiredAdminSessions,
  findAdminPasswordHash,
  findLiveAdminSession,
  isKnownLoginAddress,
  rememberLoginAddress,
  replaceAdminPassword,
  upgradeAdminPasswordHash,
} from './admin-credentials-repository.js';
import { CheckSlots } from './check-slots.js';
import { GuessThrottle, type GuessLedger } from './guess-throttle.js';
import * as scryptPasswords from './password-hash.js';

export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type AdminIdentity = { sessionId: string | null };

export type KeyRefusal = { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterMs: number };

export type KeyCheck = { ok: true; identity: AdminIdentity } | KeyRefusal;

type PasswordCheck = { ok: true } | KeyRefusal;

/**
 * Slow password checks running at once in the process (32 MiB and a thread of libuv's pool each),
 * and how long a check may wait for a slot.
 */
const CHECK_SLOTS = 2;
const CHECK_SLOT_WAIT_MS = 3_000;
const CHECK_QUEUE = 16;
/**
 * A check slot kept for the addresses the admin has logged in from before: guesses from anywhere
 * else can fill the other slots and their queue, never this one, so the author still gets in.
 */
const RESERVED_SLOTS = 1;
const RESERVED_QUEUE = 4;
/** What a check that found no free slot is told to wait. */
const BUSY_RETRY_MS = 2_000;

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();
/** How an address the admin logged in from is kept: a digest, not the address itself. */
const addressDigest = (clientAddress: string): string => sha256(`login-address:${clientAddress}`).toString('hex');

/** How the password is hashed and checked: scrypt (password-hash.ts); a test may give a fast stand-in. */
type PasswordHashing = Pick<typeof scryptPasswords, 'hashPassword' | 'verifyPassword' | 'needsRehash'>;

export type AdminAuthOptions = {
  throttle?: GuessLedger;
  slots?: CheckSlots;
  reservedSlots?: CheckSlots;
  passwords?: PasswordHashing;
};

/**
 * The admin key is either the password itself (REST clients) or a session token the UI got
 * by logging in. Only a slow salted hash of the password is stored; once a key verifies, a
 * fast digest of it is remembered in memory until the password changes, so admin requests
 * do not pay scrypt every time. A session token is never throttled; every password attempt
 * goes through the per-address GuessLedger (shared by every instance on PostgreSQL) and the process-wide CheckSlots,
 * where an address the admin has logged in from before also has a slot of its own (RESERVED_SLOTS).
 * Addresses are counted as limitKeyOf() makes them (an IPv6 address as its /64).
 */
export class AdminAuth {
  private verifiedPasswordDigest: Buffer | null = null;
  /** The stored hash the remembered digest was verified against: another instance may change the password. */
  private verifiedAgainstHash: string | null = null;
  /** Bumped by each password change, so checks that were under way against the old hash do not count. */
  private passwordVersion = 0;
  private readonly throttle: GuessLedger;
  private readonly slots: CheckSlots;
  private readonly reservedSlots: CheckSlots;
  private readonly passwords: PasswordHashing;

  constructor(
    private readonly db: AppDatabase,
    options: AdminAuthOptions = {},
  ) {
    this.throttle = options.throttle ?? new GuessThrottle();
    this.slots = options.slots ?? new CheckSlots(CHECK_SLOTS, CHECK_SLOT_WAIT_MS, CHECK_QUEUE);
    this.reservedSlots = options.reservedSlots ?? new CheckSlots(RESERVED_SLOTS, CHECK_SLOT_WAIT_MS, RESERVED_QUEUE);
    this.passwords = options.passwords ?? scryptPasswords;
  }

  /** Creates the admin user on first start; returns the generated password, if one was made. */
  async ensureAdminUser(configuredPassword: string | undefined): Promise<{ generatedPassword: string | null }> {
    if (await findAdminPasswordHash(this.db)) return { generatedPassword: null };
    const password = configuredPassword ?? randomBytes(18).toString('base64url');
    await createAdminUser(this.db, await this.passwords.hashPassword(password));
    return { generatedPassword: configuredPassword ? null : password };
  }

  /**
   * True when `token` is a live session token. Never tries it as the password (no scrypt, no throttle): for
   * keys that only a signed-in browser holds, such as the preview cookie.
   */
  async isLiveSession(token: string): Promise<boolean> {
    if (token.length === 0 || token.length > 512) return false;
    return (await findLiveAdminSession(this.db, sha256(token).toString('hex'))) !== undefined;
  }

  /** Checks a bearer key (session token or password) from a client address. */
  async checkKey(key: string, clientAddress: string): Promise<KeyCheck> {
    if (key.length > 0 && key.length <= 512) {
      const sessionId = await findLiveAdminSession(this.db, sha256(key).toString('hex'));
      if (sessionId) return { ok: true, identity: { sessionId } };
    }
    const check = await this.checkPassword(key, clientAddress);
    return check.ok ? { ok: true, identity: { sessionId: null } } : check;
  }

  /** Exchanges the password for a new session token (128+ random bits, stored hashed). */
  async login(password: string, clientAddress: string): Promise<KeyCheck & { token?: string; expiresAt?: Date }> {
    const passwordVersion = this.passwordVersion;
    const check = await this.checkPassword(password, clientAddress);
    if (!check.ok) return check;
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
    const check = await this.checkPassword(currentPassword, clientAddress);
    if (!check.ok) return check;
    await replaceAdminPassword(this.db, await this.passwords.hashPassword(newPassword));
    this.passwordVersion += 1;
    this.verifiedPasswordDigest = null;
    this.verifiedAgainstHash = null;
    return { ok: true, identity: { sessionId: null } };
  }

  /**
   * One password attempt from an address. The throttle is asked first, even for the right
   * password: otherwise a throttled guesser would still learn which guess was right. A password
   * that already verified is then recognised by its digest without scrypt; anything else is
   * counted as a failure before the slow check runs, in one of the process's few check slots.
   */
  private async checkPassword(candidate: string, address: string): Promise<PasswordCheck> {
    const clientAddress = limitKeyOf(address);
    const wait = await this.throttle.waitFor(clientAddress);
    if (wait > 0) return { ok: false, reason: 'throttled', retryAfterMs: wait };
    // A shared throttle changes between these awaits: reserve before even the fast path.
    const early = this.throttle.shared ? await this.throttle.reserve(clientAddress) : null;
    if (early && !early.allowed) return { ok: false, reason: 'throttled', retryAfterMs: early.retryAfterMs };
    if (await this.matchesVerifiedPassword(candidate)) {
      if (early) await early.settle('succeeded');
      else await this.throttle.forget(clientAddress);
      await rememberLoginAddress(this.db, addressDigest(clientAddress));
      return { ok: true };
    }
    const verdict = early ?? (await this.throttle.reserve(clientAddress));
    if (!verdict.allowed) return { ok: false, reason: 'throttled', retryAfterMs: verdict.retryAfterMs };
    let outcome: 'succeeded' | 'failed' | 'not-checked' = 'failed';
    try {
      const checked = await this.inCheckSlot(clientAddress, () => this.isPassword(candidate));
      if (!checked) {
        outcome = 'not-checked';
        return { ok: false, reason: 'throttled', retryAfterMs: BUSY_RETRY_MS };
      }
      outcome = checked.value ? 'succeeded' : 'failed';
      if (checked.value) await rememberLoginAddress(this.db, addressDigest(clientAddress));
      return checked.value ? { ok: true } : { ok: false, reason: 'invalid' };
    } finally {
      await verdict.settle(outcome);
    }
  }

  /**
   * Runs a password check in a slot: a free one of the shared slots, else, for an address the admin
   * has logged in from before, the reserved slot (waiting for it, not behind the guesses in the
   * shared queue); for any other address, the shared slots' queue.
   */
  private async inCheckSlot<T>(clientAddress: string, check: () => Promise<T>): Promise<{ value: T } | null> {
    if (!(await isKnownLoginAddress(this.db, addressDigest(clientAddress)))) return this.slots.run(check);
    return (await this.slots.runIfFree(check)) ?? this.reservedSlots.run(check);
  }

  /** The remembered password, still the stored one (one indexed read instead of scrypt). */
  private async matchesVerifiedPassword(candidate: string): Promise<boolean> {
    if (this.verifiedPasswordDigest === null || !timingSafeEqual(sha256(candidate), this.verifiedPasswordDigest)) {
      return false;
    }
    const verifiedAgainst = this.verifiedAgainstHash;
    return verifiedAgainst !== null && (await findAdminPasswordHash(this.db)) === verifiedAgainst;
  }

  private async isPassword(candidate: string): Promise<boolean> {
    if (candidate.length === 0 || candidate.length > 256) return false;
    const passwordVersion = this.passwordVersion;
    const stored = await findAdminPasswordHash(this.db);
    if (!stored || !(await this.passwords.verifyPassword(candidate, stored))) return false;
    // A match against a hash replaced meanwhile is stale: neither accept nor remember it.
    if (passwordVersion !== this.passwordVersion) return false;
    this.verifiedPasswordDigest = sha256(candidate);
    this.verifiedAgainstHash = stored;
    if (this.passwords.needsRehash(stored)) {
      const upgraded = await this.passwords.hashPassword(candidate);
      await upgradeAdminPasswordHash(this.db, stored, upgraded);
      this.verifiedAgainstHash = (await findAdminPasswordHash(this.db)) === upgraded ? upgraded : stored;
    }
    return true;
  }
}
