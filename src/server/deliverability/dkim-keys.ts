import { createPublicKey, generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import type { AppDatabase } from '../db/connection.js';
import type { DkimSigning } from '../newsletter/mail/mailer.js';
import { timestampNow } from '../db/row-conversion.js';

const SECRET_NAME = 'dkim-key';
/** Other server processes see a newly generated key within this long. */
const CACHE_MS = 30_000;

const generateRsaKeyPair = promisify(generateKeyPair);

export type DkimDnsRecord = { name: string; value: string };

/** The public half of a PEM private key as DKIM's `p=` (base64 DER SubjectPublicKeyInfo). */
export function dkimPublicKey(privateKey: string): string {
  return createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
}

/** The TXT record that publishes a key: `<selector>._domainkey.<domain>` = `v=DKIM1; k=rsa; p=…`. */
export function dkimDnsRecord(key: DkimSigning): DkimDnsRecord {
  return {
    name: `${key.keySelector}._domainkey.${key.domainName}`,
    value: `v=DKIM1; k=rsa; p=${dkimPublicKey(key.privateKey)}`,
  };
}

function parseStored(value: string): DkimSigning | null {
  try {
    const parsed = JSON.parse(value) as Partial<DkimSigning>;
    if (typeof parsed.domainName === 'string' && typeof parsed.keySelector === 'string' && parsed.privateKey)
      return { domainName: parsed.domainName, keySelector: parsed.keySelector, privateKey: parsed.privateKey };
  } catch {
    // A damaged row signs nothing rather than failing every send.
  }
  return null;
}

/**
 * The site's DKIM key, kept with the other site secrets (so a backup brings it back) and generated
 * in the admin: the private key never leaves the server.
 */
export class DkimKeys {
  private cached: { key: DkimSigning | null; until: number } | null = null;

  constructor(private readonly db: AppDatabase) {}

  async current(): Promise<DkimSigning | null> {
    if (this.cached && this.cached.until > Date.now()) return this.cached.key;
    const row = await this.db
      .selectFrom('siteSecrets')
      .select('value')
      .where('name', '=', SECRET_NAME)
      .executeTakeFirst();
    const key = row ? parseStored(row.value) : null;
    this.cached = { key, until: Date.now() + CACHE_MS };
    return key;
  }

  /** A new RSA 2048 key for `selector._domainkey.domain`, replacing any earlier one. */
  async generate(selector: string, domain: string): Promise<DkimSigning> {
    const { privateKey } = await generateRsaKeyPair('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { format: 'pem', type: 'pkcs8' },
      publicKeyEncoding: { format: 'pem', type: 'spki' },
    });
    const key: DkimSigning = { domainName: domain.toLowerCase(), keySelector: selector.toLowerCase(), privateKey };
    const value = JSON.stringify(key);
    await this.db
      .insertInto('siteSecrets')
      .values({ name: SECRET_NAME, value, createdAt: timestampNow() })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, createdAt: timestampNow() }))
      .execute();
    this.cached = { key, until: Date.now() + CACHE_MS };
    return key;
  }
}
