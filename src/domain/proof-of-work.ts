import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';

/**
 * The sign-up form's proof of work, in the shape of ALTCHA's challenges: the server picks a
 * secret number up to `maxnumber` and gives out `challenge = SHA-256(salt + number)` with its
 * HMAC `signature`; the page finds the number by trying them all (tens of thousands of hashes,
 * about a second on a phone), the server checks one hash. No third-party service is involved.
 * Shared by the server (which makes and checks) and the page (which solves), with one audited
 * synchronous SHA-256 (@noble/hashes): Web Crypto's digest is asynchronous, and one await per
 * try made solving ten times slower.
 */
const powChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  /** Random, then `?expires=<unix seconds>`: a challenge works until then, and once. */
  salt: z.string().min(8).max(100),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  maxnumber: z.number().int().min(1).max(10_000_000),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PowChallenge = z.infer<typeof powChallengeSchema>;

const powSolutionSchema = powChallengeSchema.omit({ maxnumber: true }).extend({
  number: z.number().int().min(0).max(10_000_000),
});
export type PowSolution = z.infer<typeof powSolutionSchema>;

/** The sign-up's `challenge` field: the solution as base64 JSON (ALTCHA's payload form). */
export const POW_FIELD_MAX_LENGTH = 1000;

export function encodePowSolution(solution: PowSolution): string {
  return btoa(JSON.stringify(solution));
}

/** The solution in a sign-up's field, or null when it is not one (then the sign-up is unverified). */
export function decodePowSolution(field: string): PowSolution | null {
  try {
    const parsed = powSolutionSchema.safeParse(JSON.parse(atob(field)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** When the challenge stops working (ms since the epoch); NaN when the salt names no expiry. */
export function powExpiresAt(salt: string): number {
  const match = /\?expires=(\d{1,12})$/.exec(salt);
  return match ? Number(match[1]) * 1000 : NaN;
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}

/** Time spent hashing before giving the page back its turn (input, rendering): well under a frame. */
const CHUNK_MS = 8;

/**
 * Finds the challenge's number, in slices of a few milliseconds that give the page back its turn
 * between them (typing and scrolling stay smooth); null when aborted or when no number up to
 * `maxnumber` fits.
 */
export async function solvePowChallenge(challenge: PowChallenge, signal?: AbortSignal): Promise<PowSolution | null> {
  let sliceStart = performance.now();
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (sha256Hex(challenge.salt + number) === challenge.challenge) {
      const { maxnumber: _unused, ...rest } = challenge;
      return { ...rest, number };
    }
    if (number % 64 === 0 && performance.now() - sliceStart > CHUNK_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (signal?.aborted) return null;
      sliceStart = performance.now();
    }
  }
  return null;
}
