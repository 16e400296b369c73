import { createHash } from 'node:crypto';

/** `body` is the UTF-8 JSON text: a Buffer is written to the socket as is, a string is re-encoded on every send. */
type SerializedBody = { body: Buffer; etag: string };

/**
 * Public reads return the same cached objects until a write clears the cache, so their JSON
 * bytes and ETag are computed once per object and reused.
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
  const body = Buffer.from(JSON.stringify(value ?? null), 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}
