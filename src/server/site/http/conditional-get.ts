import { createHash } from 'node:crypto';

/** A weak ETag for these bytes: the same bytes always get the same tag. */
export function weakEtagOf(bytes: Buffer): string {
  return `W/"${createHash('sha1').update(bytes).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names this ETag, by the weak comparison RFC 9110 prescribes
 * for it: a list of tags or `*`, with `W/` ignored on either side.
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header === etag) return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}
