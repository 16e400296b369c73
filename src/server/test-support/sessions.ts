import { createHash, randomBytes } from 'node:crypto';
import { SESSION_LIFETIME_MS } from '../auth/admin-auth.js';
import { createAdminSession } from '../auth/admin-credentials-repository.js';
import type { AppServices } from '../services.js';

/**
 * A session token made the way login makes one (random, stored as its SHA-256), minus the
 * password check, which costs ~0.4 s of scrypt per app. Login itself is tested in the auth tests.
 */
export async function openAdminSession(services: AppServices): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = createHash('sha256').update(token).digest('hex');
  await createAdminSession(services.db, tokenHash, new Date(Date.now() + SESSION_LIFETIME_MS));
  return token;
}
