import { createHmac, timingSafeEqual } from 'node:crypto';
import SQLite from 'better-sqlite3';
import type { BackupManifest } from './manifest.js';

/** The name of the site's archive-signing key in site_secrets (made at start-up, see app.ts). */
export const BACKUP_SIGNING_SECRET = 'backup-signing';

/**
 * Where an archive comes from, as far as its signature tells: made by the site it is restored
 * into; by another site (or altered, or unsigned); or not known, because the site restored into
 * has no key to check with (an empty DATA_DIR: a move to a new server).
 */
export type ArchiveOrigin = 'this-site' | 'another-site' | 'unknown';

/** The site's signing key in a SQLite database file, or null when it has none (or no such table). */
export function readSigningKey(databaseFile: string): Buffer | null {
  let sqlite: SQLite.Database | null = null;
  try {
    sqlite = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
    const row = sqlite.prepare('SELECT value FROM site_secrets WHERE name = ?').get(BACKUP_SIGNING_SECRET) as
      { value: string } | undefined;
    return row ? Buffer.from(row.value, 'base64') : null;
  } catch {
    return null;
  } finally {
    sqlite?.close();
  }
}

/** JSON with every object's keys sorted: the same text for the same manifest, however it was read. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** HMAC-SHA256 of the manifest (without its signature), hex. The manifest names every byte of the archive. */
export function signManifest(manifest: BackupManifest, key: Buffer): string {
  const { signature: _ignored, ...signed } = manifest;
  return createHmac('sha256', key).update(canonicalJson(signed)).digest('hex');
}

export function archiveOrigin(manifest: BackupManifest, siteKey: Buffer | null): ArchiveOrigin {
  if (!siteKey) return 'unknown';
  if (!manifest.signature) return 'another-site';
  const expected = Buffer.from(signManifest(manifest, siteKey));
  const given = Buffer.from(manifest.signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'this-site' : 'another-site';
}
