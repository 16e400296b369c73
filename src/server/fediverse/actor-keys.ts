import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { AppDatabase } from '../db/connection.js';
import { timestampNow } from '../db/row-conversion.js';

/** RSA for HTTP Signatures (what Mastodon checks), Ed25519 for Object Integrity Proofs. */
const ALGORITHMS = ['RSASSA-PKCS1-v1_5', 'Ed25519'] as const;

// Fedify's own key types: the server is built without the DOM's lib, where the global Web Crypto names live.
type CryptoKeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>;
type JsonWebKey = Parameters<typeof importJwk>[0];

export type ActorKeyPairs = CryptoKeyPair[];

/**
 * The site actor's key pairs, made once and kept in the database (`fediverse_keys`): the first caller of a new site
 * generates them; two instances at once keep whichever was stored first.
 */
export async function loadActorKeyPairs(db: AppDatabase): Promise<ActorKeyPairs> {
  const pairs: CryptoKeyPair[] = [];
  for (const algorithm of ALGORITHMS) {
    let row = await db.selectFrom('fediverseKeys').selectAll().where('algorithm', '=', algorithm).executeTakeFirst();
    if (!row) {
      const generated = await generateCryptoKeyPair(algorithm);
      await db
        .insertInto('fediverseKeys')
        .values({
          algorithm,
          privateJwk: JSON.stringify(await exportJwk(generated.privateKey)),
          publicJwk: JSON.stringify(await exportJwk(generated.publicKey)),
          createdAt: timestampNow(),
        })
        .onConflict((conflict) => conflict.column('algorithm').doNothing())
        .execute();
      row = await db
        .selectFrom('fediverseKeys')
        .selectAll()
        .where('algorithm', '=', algorithm)
        .executeTakeFirstOrThrow();
    }
    pairs.push({
      privateKey: await importJwk(JSON.parse(row.privateJwk) as JsonWebKey, 'private'),
      publicKey: await importJwk(JSON.parse(row.publicJwk) as JsonWebKey, 'public'),
    });
  }
  return pairs;
}
