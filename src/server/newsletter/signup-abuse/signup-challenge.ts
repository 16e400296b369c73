import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { decodePowSolution, powExpiresAt, sha256Hex, type PowChallenge } from '../../../domain/proof-of-work.js';
import type { AppDatabase } from '../../db/connection.js';
import { globalCapHitSince, HOUR_MS } from './confirmation-schedule.js';

/** How long a page may take between fetching a challenge and sending the form. */
const CHALLENGE_LIFETIME_MS = 30 * 60 * 1000;
/** The secret number is up to this: about 25,000 hashes on average, under a second or two on a phone. */
const CHALLENGE_MAX_NUMBER = 50_000;

/** What a sign-up's challenge field proved: nothing was asked, it was solved, or it was not. */
export type ChallengeCheck = 'not-needed' | 'solved' | 'unsolved';

/**
 * The sign-up form's proof-of-work challenge (src/domain/proof-of-work.ts): asked while
 * SIGNUP_CHALLENGE=on, or while the hourly cap of confirmation emails is being hit (and an hour
 * after). Challenges are signed with the site's own secret, expire, and work once (their
 * signatures are recorded in the database, so several instances agree).
 */
export class SignupChallenge {
  constructor(
    private readonly db: AppDatabase,
    private readonly secret: Buffer,
    private readonly alwaysOn: boolean,
  ) {}

  async isActive(now = new Date()): Promise<boolean> {
    return this.alwaysOn || (await globalCapHitSince(this.db, new Date(now.getTime() - HOUR_MS)));
  }

  /** A fresh challenge while the challenge is on; null otherwise. */
  async current(now = new Date()): Promise<PowChallenge | null> {
    if (!(await this.isActive(now))) return null;
    const expires = Math.floor((now.getTime() + CHALLENGE_LIFETIME_MS) / 1000);
    const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
    const challenge = sha256Hex(salt + randomInt(0, CHALLENGE_MAX_NUMBER + 1));
    return { algorithm: 'SHA-256', salt, challenge, maxnumber: CHALLENGE_MAX_NUMBER, signature: this.sign(challenge) };
  }

  /** Checks (and uses up) a sign-up's solution, when a challenge is on. */
  async check(field: string | undefined, now = new Date()): Promise<ChallengeCheck> {
    if (!(await this.isActive(now))) return 'not-needed';
    return field !== undefined && (await this.verify(field, now)) ? 'solved' : 'unsolved';
  }

  private async verify(field: string, now: Date): Promise<boolean> {
    const solution = decodePowSolution(field);
    if (!solution) return false;
    const expected = Buffer.from(this.sign(solution.challenge));
    const given = Buffer.from(solution.signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const expiresAt = powExpiresAt(solution.salt);
    if (!(expiresAt > now.getTime())) return false;
    if (sha256Hex(solution.salt + solution.number) !== solution.challenge) return false;
    const nowText = now.toISOString();
    await this.db.deleteFrom('signupChallengeUses').where('expiresAt', '<=', nowText).execute();
    const used = await this.db
      .insertInto('signupChallengeUses')
      .values({ signature: solution.signature, expiresAt: new Date(expiresAt).toISOString() })
      .onConflict((conflict) => conflict.column('signature').doNothing())
      .returning('signature')
      .executeTakeFirst();
    return used !== undefined;
  }

  private sign(challenge: string): string {
    return createHmac('sha256', this.secret).update(challenge).digest('hex');
  }
}
