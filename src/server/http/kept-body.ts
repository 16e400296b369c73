import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are sent as they are (also the compress plugin's threshold). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

/** br when accepted, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
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

/**
 * A response body kept in memory between requests (a cached page or public list), with its
 * weak ETag and its compressed forms. Each form is made once, on first demand, at a higher
 * compression level than per-request compression could afford.
 */
export class KeptBody {
  private hash: string | undefined;
  private readonly encoded: Partial<Record<ContentEncoding, Promise<Buffer>>> = {};

  constructor(readonly bytes: Buffer) {}

  get etag(): string {
    this.hash ??= `W/"${createHash('sha1').update(this.bytes).digest('base64url')}"`;
    return this.hash;
  }

  static fromText(text: string): KeptBody {
    return new KeptBody(Buffer.from(text, 'utf8'));
  }

  encodedAs(encoding: ContentEncoding): Promise<Buffer> {
    const existing = this.encoded[encoding];
    if (existing) return existing;
    const made =
      encoding === 'br'
        ? brotli(this.bytes, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 10,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.bytes.length,
            },
          })
        : gzipAsync(this.bytes, { level: 9 });
    this.encoded[encoding] = made;
    return made;
  }
}

/**
 * Sends a kept body in the encoding the request prefers. The caller sets the status, the
 * content type and a `Vary` that names Accept-Encoding; an encoded body passes the compress
 * plugin untouched.
 */
export async function sendKeptBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: KeptBody,
): Promise<FastifyReply> {
  const encoding =
    body.bytes.length < COMPRESSION_THRESHOLD_BYTES ? null : preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.bytes);
  return reply.header('content-encoding', encoding).send(await body.encodedAs(encoding));
}
