import { randomBytes } from 'node:crypto';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

/** Lower-case base32: MTAs may change the case of a local part, so the token must not depend on it. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TOKEN_LENGTH = 16; // 80 random bits
const TOKEN = new RegExp(`^[${ALPHABET}]{${TOKEN_LENGTH}}$`);

/** Bounces arrive within days; a token is kept this long, then pruned. */
export const RETURN_PATH_KEEP_DAYS = 60;

function newToken(): string {
  const bytes = randomBytes(TOKEN_LENGTH);
  return Array.from(bytes, (byte) => ALPHABET[byte % 32]).join('');
}

/** `bounces@domain` + token: `bounces+token@domain`. */
export function verpAddress(bounceAddress: string, token: string): string {
  const at = bounceAddress.lastIndexOf('@');
  return `${bounceAddress.slice(0, at)}+${token}${bounceAddress.slice(at)}`;
}

/**
 * What a recipient address means to the intake: a token (`bounces+token@`), '' for the bare bounce
 * address, or null for any other address (refused).
 */
export function tokenOfRecipient(recipient: string, bounceAddress: string): string | null {
  const address = recipient.trim().toLowerCase();
  if (address === bounceAddress) return '';
  const at = bounceAddress.lastIndexOf('@');
  const prefix = `${bounceAddress.slice(0, at)}+`;
  const suffix = bounceAddress.slice(at);
  if (!address.startsWith(prefix) || !address.endsWith(suffix)) return null;
  return address.slice(prefix.length, address.length - suffix.length);
}

/** Records a message's recipient and Message-ID under a new token; returns the token. */
export async function createReturnPath(db: AppDatabase, email: string, messageId: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('mailReturnPaths')
    .values({ token, email: email.toLowerCase(), messageId, createdAt: timestampNow() })
    .execute();
  return token;
}

export type ReturnPath = { email: string; messageId: string };

/** The message a token was made for; null for an unknown or malformed one. */
export async function findReturnPath(db: AppDatabase, token: string): Promise<ReturnPath | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('mailReturnPaths')
    .select(['email', 'messageId'])
    .where('token', '=', token)
    .executeTakeFirst();
  return row ?? null;
}

/** Deletes tokens made before `olderThan`; returns how many. */
export async function pruneReturnPaths(db: AppDatabase, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('mailReturnPaths')
    .where('createdAt', '<', olderThan.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
