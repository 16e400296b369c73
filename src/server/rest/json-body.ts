import { createHash } from 'node:crypto';

type SerializedBody = { json: string; etag: string };

/**
 * Public reads return the same cached objects until a write clears the cache, so their JSON
 * text and ETag are computed once per object and reused.
 */
const serializedByObject = new WeakMap<object, SerializedBody>();

export function serializeBody(value: unknown): SerializedBody {
  if (typeof value === 'object' && value !== null) {
    const known = serializedByObject.get(value);
    if (known) return known;
    const fresh = serialize(value);
    serializedByObject.set(value, fresh);
    return fresh;
  }
  return serialize(value);
}

function serialize(value: unknown): SerializedBody {
  const json = JSON.stringify(value ?? null);
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
}
