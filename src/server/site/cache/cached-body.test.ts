import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CachedBody, COMPRESSION_THRESHOLD_BYTES, preferredEncoding } from './cached-body.js';

describe('preferredEncoding', () => {
  it('prefers brotli, then gzip, honouring q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describe('CachedBody', () => {
  const text = 'Ash and ember. '.repeat(200);

  it('has a weak ETag that follows the bytes', () => {
    expect(CachedBody.fromText(text).etag).toMatch(/^W\/"[\w-]+"$/);
    expect(CachedBody.fromText(text).etag).toBe(CachedBody.fromText(text).etag);
    expect(CachedBody.fromText(`${text}!`).etag).not.toBe(CachedBody.fromText(text).etag);
  });

  it('compresses each encoding once and keeps it', async () => {
    const body = CachedBody.fromText(text);
    const br = body.encodedAs('br');
    expect(body.encodedAs('br')).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(text);
    expect(gunzipSync(await body.encodedAs('gzip')).toString()).toBe(text);
  });
});

describe('CachedBody.send', () => {
  async function answer(body: CachedBody, acceptEncoding?: string) {
    const app = Fastify();
    app.get('/', (request, reply) => body.send(request, reply));
    const response = await app.inject({
      method: 'GET',
      url: '/',
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });
    await app.close();
    return response;
  }

  it('sends the preferred encoding, or the plain bytes', async () => {
    const text = 'x'.repeat(COMPRESSION_THRESHOLD_BYTES * 2);
    const body = CachedBody.fromText(text);
    const br = await answer(body, 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(text);
    const gzip = await answer(body, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(text);
    const plain = await answer(body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(text);
  });

  it('sends small bodies as they are', async () => {
    const small = await answer(CachedBody.fromText('[]'), 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('[]');
  });
});
