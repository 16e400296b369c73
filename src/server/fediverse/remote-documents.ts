import type { DocumentLoader, RemoteDocument } from '@fedify/vocab-runtime';
import { preloadedContexts } from '@fedify/vocab-runtime';
import { NotFetched, safeFetch, type OutboundRules } from '../site/http/safe-fetch.js';

/** A remote actor, key or post is a few kilobytes; a larger document (a 2 MB name, say) is refused. */
const MAX_REMOTE_DOCUMENT_BYTES = 256 * 1024;
/** The whole fetch, redirects and body included. */
const REMOTE_DOCUMENT_TIMEOUT_MS = 10_000;

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/**
 * Fedify's document loader on the site's safe fetch: remote actors, keys and objects only from public addresses
 * (checked at each connection and redirect; a test's loopback stand-in only through `rules`), within
 * MAX_REMOTE_DOCUMENT_BYTES and REMOTE_DOCUMENT_TIMEOUT_MS. The JSON-LD contexts Fedify knows are never fetched.
 */
export function safeDocumentLoader(rules: OutboundRules): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    const preloaded = preloadedContexts[url];
    if (preloaded) return { contextUrl: null, documentUrl: url, document: preloaded };
    const fetched = await safeFetch(url, {
      timeoutMs: REMOTE_DOCUMENT_TIMEOUT_MS,
      maxBytes: MAX_REMOTE_DOCUMENT_BYTES,
      accept: ACCEPT,
      rules,
    });
    let document: unknown;
    try {
      document = JSON.parse(fetched.body.toString('utf8'));
    } catch {
      throw new NotFetched('not JSON', false);
    }
    return { contextUrl: null, documentUrl: fetched.url, document };
  };
}
