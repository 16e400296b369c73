import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { photo } from '../../server/test-support/photos.js';

const OLD_UPLOAD = 'e0000000000000000000000000000001.jpg';

async function adminToken(server: ProductionServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function waitFor<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A site that already holds an upload from before responsive images: the next start processes it. */
describe('the start-up job for earlier uploads', () => {
  let work = '';
  let server: ProductionServer | undefined;
  afterAll(async () => {
    await server?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('strips the old upload in place, makes its variants, logs a line and shows it responsively', async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-backfill-'));
    const dataDir = path.join(work, 'data');
    server = await startProductionServer({ DATA_DIR: dataDir });
    const [book] = (await (await fetch(`${server.baseUrl}/api/books`)).json()) as Record<string, unknown>[];
    const { id, ...fields } = book!;
    const updated = await fetch(`${server.baseUrl}/api/books/${String(id)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(server)}` },
      body: JSON.stringify({ ...fields, coverImage: `/objects/${OLD_UPLOAD}` }),
    });
    expect(updated.status).toBe(200);
    await server.stop();
    server = undefined;

    // Written as an older version of the site stored uploads: as received, GPS and all.
    const uploadsDir = path.join(dataDir, 'uploads');
    await writeFile(path.join(uploadsDir, OLD_UPLOAD), await photo(900, 1350, { gps: true }), { mode: 0o600 });

    server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const running = server;
    await waitFor(
      async () => (running.log().includes('existing uploads processed') ? true : undefined),
      'the job to finish',
    );
    expect(running.log()).toContain(`image variants: ${OLD_UPLOAD} (900×1350) stripped of metadata, 15 variants`);

    const stored = await readFile(path.join(uploadsDir, OLD_UPLOAD));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const variants = (await readdir(uploadsDir)).filter((name) => name.startsWith('e0000000000000000000000000000001-'));
    expect(variants).toHaveLength(15);

    const books = (await (await fetch(`${running.baseUrl}/api/books`)).json()) as Record<string, unknown>[];
    expect(books.find((item) => item.id === id)).toMatchObject({
      coverImage: `/objects/${OLD_UPLOAD}`,
      image: { width: 900, height: 1350 },
    });
    const html = await (await fetch(`${running.baseUrl}/books`)).text();
    expect(html).toContain('/objects/e0000000000000000000000000000001-480.avif 480w');
  });
});
