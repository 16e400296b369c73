import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  COMPRESSION_THRESHOLD_BYTES,
  ifNoneMatchMatches,
  KeptBody,
  preferredEncoding,
  sendKeptBody,
} from './kept-body.js';

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

describe('ifNoneMatchMatches', () => {
  const etag = 'W/"abc"';

  it('matches the tag itself, by weak comparison, in a list, or *', () => {
    expect(ifNoneMatchMatches('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('"old", W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchMatches('*', etag)).toBe(true);
  });

  it('does not match another tag, a missing header or a tag that only contains it', () => {
    expect(ifNoneMatchMatches('W/"abcd"', etag)).toBe(false);
    expect(ifNoneMatchMatches('"old", "older"', etag)).toBe(false);
    expect(ifNoneMatchMatches(undefined, etag)).toBe(false);
    expect(ifNoneMatchMatches('', etag)).toBe(false);
  });
});

describe('KeptBody', () => {
  const text = 'Ash and ember. '.repeat(200);

  it('has a weak ETag that follows the bytes', () => {
    expect(KeptBody.fromText(text).etag).toMatch(/^W\/"[\w-]+"$/);
    expect(KeptBody.fromText(text).etag).toBe(KeptBody.fromText(text).etag);
    expect(KeptBody.fromText(`${text}!`).etag).not.toBe(KeptBody.fromText(text).etag);
  });

  it('compresses each encoding once and keeps it', async () => {
    const body = KeptBody.fromText(text);
    const br = body.encodedAs('br');
    expect(body.encodedAs('br')).toBe(br);
    expect(brotliDecompressSync(await br).toString()).toBe(text);
    expect(gunzipSync(await body.encodedAs('gzip')).toString()).toBe(text);
  });
});

describe('sendKeptBody', () => {
  async function answer(body: KeptBody, acceptEncoding?: string) {
    const app = Fastify();
    app.get('/', (request, reply) => sendKeptBody(request, reply, body));
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
    const body = KeptBody.fromText(text);
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
    const small = await answer(KeptBody.fromText('[]'), 'br');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('[]');
  });
});
