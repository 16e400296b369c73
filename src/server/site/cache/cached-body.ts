import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { weakEtagOf } from '../http/conditional-get.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies smaller than this are sent as they are (also the compress plugin's threshold, app.ts). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

type ContentEncoding = 'br' | 'gzip';

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
 * A response body kept in the public cache (a rendered page, a public list, a feed), with its
 * weak ETag and its compressed forms. Each form is made once, on first demand, at a higher level
 * than per-request compression could afford, and served from memory until the next content
 * write; every body the cache does not keep is compressed by @fastify/compress instead.
 */
export class CachedBody {
  private hash: string | undefined;
  private readonly encoded: Partial<Record<ContentEncoding, Promise<Buffer>>> = {};

  constructor(readonly bytes: Buffer) {}

  get etag(): string {
    this.hash ??= weakEtagOf(this.bytes);
    return this.hash;
  }

  static fromText(text: string): CachedBody {
    return new CachedBody(Buffer.from(text, 'utf8'));
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

  /**
   * Sends the body in the encoding the request prefers. The caller sets the status, the content
   * type and a `Vary` that names Accept-Encoding; an encoded body passes the compress plugin untouched.
   */
  async send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const encoding =
      this.bytes.length < COMPRESSION_THRESHOLD_BYTES ? null : preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(this.bytes);
    return reply.header('content-encoding', encoding).send(await this.encodedAs(encoding));
  }
}
