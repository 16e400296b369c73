import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { SALES_CHUNK_BYTES, type SalesFileStore } from './sales-file-store.js';
import { salesFileStoreOf } from './sales-files.js';
import { parseByteRange, sendStoredFile } from './stored-file-download.js';

let t: TestApp;
let store: SalesFileStore;
let server: FastifyInstance;
// Three pieces and a bit on PostgreSQL: ranges across piece boundaries.
const content = randomBytes(3 * SALES_CHUNK_BYTES + 1234);
const file = {
  id: 'copy-range-test',
  bytes: content.length,
  contentType: 'application/zip',
  fileName: 'Zoë’s book.zip',
};

beforeAll(async () => {
  t = await createTestApp();
  store = salesFileStoreOf(t.services);
  await store.write(file.id, Readable.from([content.subarray(0, 5000), content.subarray(5000)]));
  server = Fastify();
  server.get('/copy', { exposeHeadRoute: false }, (request, reply) =>
    sendStoredFile(reply, store, file, request.headers.range),
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await t?.close();
});

describe('sending a kept copy', () => {
  it('sends it whole, streamed from the store', async () => {
    const response = await server.inject({ method: 'GET', url: '/copy' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(content.length));
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Zo__s_book.zip"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.equals(content)).toBe(true);
  });

  it('sends one range (a resumed download, a player seeking), across the store’s pieces', async () => {
    const start = SALES_CHUNK_BYTES - 10;
    const end = 2 * SALES_CHUNK_BYTES + 10;
    const response = await server.inject({ method: 'GET', url: '/copy', headers: { range: `bytes=${start}-${end}` } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/${content.length}`);
    expect(response.rawPayload.equals(content.subarray(start, end + 1))).toBe(true);
    const tail = await server.inject({ method: 'GET', url: '/copy', headers: { range: 'bytes=-100' } });
    expect(tail.rawPayload.equals(content.subarray(content.length - 100))).toBe(true);
    const open = await server.inject({
      method: 'GET',
      url: '/copy',
      headers: { range: `bytes=${content.length - 5}-` },
    });
    expect(open.rawPayload.equals(content.subarray(content.length - 5))).toBe(true);
  });

  it('answers 416 to a range outside the file or malformed, never a 500', async () => {
    for (const range of [
      `bytes=${content.length}-`,
      'bytes=5-2',
      'bytes=-0',
      'bytes=abc',
      'items=0-1',
      'bytes=0-1,4-5',
    ]) {
      const response = await server.inject({ method: 'GET', url: '/copy', headers: { range } });
      expect(response.statusCode, range).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${content.length}`);
    }
    expect(parseByteRange(undefined, 10)).toBeNull();
  });

  it('outlives 40 readers who leave mid-download at once: no failure escapes, the next reader gets it whole', async () => {
    const escaped: unknown[] = [];
    const onEscape = (reason: unknown) => escaped.push(reason);
    process.on('unhandledRejection', onEscape);
    try {
      await server.listen({ port: 0, host: '127.0.0.1' });
      const { port } = server.server.address() as AddressInfo;
      const leaveAfterFirstBytes = () =>
        new Promise<void>((resolve) => {
          const request = http.get({ host: '127.0.0.1', port, path: '/copy' }, (response) => {
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          });
          request.on('error', () => resolve());
        });
      await Promise.all(Array.from({ length: 40 }, leaveAfterFirstBytes));
      // Until every abandoned send has noticed and closed its connection.
      while (
        (await new Promise<number>((resolve, reject) =>
          server.server.getConnections((e, n) => (e ? reject(e) : resolve(n))),
        )) > 0
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      const whole = await new Promise<Buffer>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/copy' }, (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => resolve(Buffer.concat(chunks)));
          })
          .on('error', reject);
      });
      expect(whole.equals(content)).toBe(true);
      expect(escaped).toEqual([]);
    } finally {
      process.off('unhandledRejection', onEscape);
    }
  });
});
