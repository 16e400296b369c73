import net from 'node:net';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOUNDARY } from '../../test-support/multipart.js';
import { sampleMp3 } from '../../test-support/sales-files.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBook, type TestApp } from '../../test-support/test-app.js';

/** The upload claims 2 GiB (an audiobook at the limit) and the client vanishes after half of it. */
const CLAIMED_BYTES = 2 * 1024 * 1024 * 1024;
const SENT_BYTES = CLAIMED_BYTES / 2;

let t: TestApp;
let token: string;
let bookId: string;

async function storedState() {
  const rows = await t.services.db.selectFrom('editionFiles').select('id').execute();
  const chunks = await t.services.db.selectFrom('salesFileChunks').select('fileId').execute();
  const files = await readdir(`${t.dataDir}/sales-files`).catch(() => [] as string[]);
  return { rows: rows.length, chunks: chunks.length, files };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await openAdminSession(t.services);
  bookId = (await t.callerWithKey(token).books.create({ ...validBook, editions: [{ format: 'audiobook' }] })).id;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('an audiobook upload cut halfway', () => {
  it('leaves nothing behind, and never holds the file in memory', async () => {
    const before = await storedState();
    const { port } = t.app.server.address() as net.AddressInfo;
    const head = Buffer.from(
      `--${TEST_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="chapter-01.mp3"\r\n` +
        `Content-Type: audio/mpeg\r\n\r\n`,
    );
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/admin/books/${bookId}/editions/audiobook/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${TEST_BOUNDARY}\r\n` +
        `Content-Length: ${head.length + CLAIMED_BYTES + TEST_BOUNDARY.length + 8}\r\n\r\n`,
    );
    socket.write(head);
    const { file } = sampleMp3('Chapter One', 1024 * 1024 - 100);
    const block = file.subarray(0, 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    let sent = 0;
    while (sent < SENT_BYTES) {
      if (!socket.write(block)) await new Promise((resolve) => socket.once('drain', resolve));
      sent += block.length;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
    // The upload was being stored (a part file, or chunk rows) when the client vanished.
    let during = await storedState();
    for (
      let tries = 0;
      during.chunks === 0 && !during.files.some((name) => name.endsWith('.part')) && tries < 100;
      tries += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      during = await storedState();
    }
    expect(during.chunks > 0 || during.files.some((name) => name.endsWith('.part'))).toBe(true);
    socket.destroy();
    // Written as it came: what arrived is on disk or in the database, not in the process.
    expect(rssPeak - rssBefore).toBeLessThan(150 * 1024 * 1024);
    const deadline = Date.now() + 120_000;
    let after = await storedState();
    while (JSON.stringify(after) !== JSON.stringify(before) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = await storedState();
    }
    expect(after).toEqual(before);
  }, 300_000);
});
