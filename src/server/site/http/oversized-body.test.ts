import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

// Issue 30: a 12 MB JSON body to POST /api/contact was answered 413 to curl, but Node's own HTTP
// client got EPIPE and never saw the answer (5 of 5): the server closed the connection while the
// client was still sending, and the close reset away the answer the client had not read yet.

let t: TestApp;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

/**
 * The attacker's clients, in a process of their own: `count` POSTs of a 12 MB JSON body at once
 * with node:http (with Content-Length or chunked) or fetch (undici). Each client sends 2 MB, is busy
 * for a moment (as a loaded machine's client is: the answer arrives meanwhile), then sends the rest;
 * it prints what it read.
 */
const CLIENT = `
import { request } from 'node:http';
const [origin, client, count] = process.argv.slice(1);
const url = new URL('/api/contact', origin);
const body = Buffer.from(JSON.stringify({ name: 'A', email: 'a@b.example', message: 'x'.repeat(12 * 1024 * 1024) }));
const busy = () => { const until = Date.now() + 300; while (Date.now() < until); };
function viaHttp(chunked) {
  return new Promise((resolve) => {
    const headers = { 'content-type': 'application/json' };
    if (!chunked) headers['content-length'] = body.length;
    const req = request(url, { method: 'POST', headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      res.on('error', (error) => resolve({ error: error.code ?? error.message }));
    });
    req.on('error', (error) => resolve({ error: error.code ?? error.message }));
    req.on('socket', (socket) => socket.once('connect', () => {
      req.write(body.subarray(0, 2 * 1024 * 1024));
      busy();
      req.end(body.subarray(2 * 1024 * 1024));
    }));
  });
}
async function viaFetch() {
  let sent = false;
  const stream = new ReadableStream({
    async pull(controller) {
      if (sent) { busy(); controller.enqueue(body.subarray(2 * 1024 * 1024)); controller.close(); return; }
      sent = true;
      controller.enqueue(body.subarray(0, 2 * 1024 * 1024));
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  });
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stream, duplex: 'half' });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { error: String(error.cause?.code ?? error.cause ?? error) };
  }
}
const one = client === 'fetch' ? viaFetch : () => viaHttp(client === 'chunked');
console.log(JSON.stringify(await Promise.all(Array.from({ length: Number(count) }, one))));
`;

function runClients(client: 'content-length' | 'chunked' | 'fetch', count: number): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', CLIENT, origin, client, String(count)],
      { maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as unknown[]);
      },
    );
  });
}

describe('a JSON body far over the limit (12 MB to POST /api/contact)', () => {
  it.each(['content-length', 'chunked', 'fetch'] as const)(
    'sent by %s, 5 clients at once: every one reads the 413',
    async (client) => {
      const outcomes = await runClients(client, 5);
      const tooLarge = JSON.stringify({ error: 'Request body is too large (at most 1 MB)' });
      expect(outcomes).toEqual(Array.from({ length: 5 }, () => ({ status: 413, body: tooLarge })));
    },
    60_000,
  );

  it('the site still answers afterwards', async () => {
    expect((await fetch(new URL('/healthz', origin))).status).toBe(200);
  });
});
