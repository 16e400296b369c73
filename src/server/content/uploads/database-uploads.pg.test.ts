import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processExistingUploads } from '../images/process-existing-uploads.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { bearer } from '../../test-support/http.js';
import { HEIC_PHOTO } from '../../test-support/images.js';
import { imageUpload } from '../../test-support/multipart.js';
import { metadataOf, photo } from '../../test-support/photos.js';
import type { TestApp } from '../../test-support/test-app.js';
import { startTwoInstancesOnOneDatabase, type TwoInstances } from '../../test-support/two-instances.js';

let adminToken = '';

/** Two instances (apps with their own DATA_DIR) on one PostgreSQL database, as behind a load balancer. */
describe('uploads on PostgreSQL are rows every instance serves', () => {
  let instances: TwoInstances | undefined;
  let a: TestApp;
  let b: TestApp;
  let token: string;
  beforeAll(async () => {
    instances = await startTwoInstancesOnOneDatabase();
    ({ a, b, token } = instances);
    adminToken = token;
  });
  afterAll(() => instances?.close());

  const storedNames = async () => (await a.services.uploads.list()).sort();

  it('stores an upload through A without metadata, with variants, and B serves the same bytes', async () => {
    expect(a.services.uploads.kind).toBe('database');
    const phone = await photo(1000, 750, { gps: true, orientation: 6 });
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...asInject(imageUpload(phone, 'IMG.jpg')),
    });
    expect(res.statusCode, res.body).toBe(201);
    const name = res.json<{ path: string }>().path.slice('/objects/'.length);
    const base = name.replace(/\.jpg$/, '');
    const expected = [name];
    for (const width of [320, 480, 640, 750])
      expected.push(`${base}-${width}.avif`, `${base}-${width}.webp`, `${base}-${width}.jpg`);
    expect(await storedNames()).toEqual(expected.sort());
    // Nothing on either instance's disk.
    expect(await readdir(path.join(a.dataDir, 'uploads'))).toEqual([]);

    for (const file of [name, `${base}-640.avif`]) {
      const fromA = await a.app.inject({ method: 'GET', url: `/objects/${file}` });
      const fromB = await b.app.inject({ method: 'GET', url: `/objects/${file}` });
      expect(fromB.statusCode, file).toBe(200);
      expectSameBytes(fromB.rawPayload, fromA.rawPayload, 'upload served by the second instance');
      expect(fromB.headers['content-type']).toBe(file.endsWith('.avif') ? 'image/avif' : 'image/jpeg');
      expect(fromB.headers['cache-control']).toContain('immutable');
      expect(fromB.headers['x-content-type-options']).toBe('nosniff');
      expect(fromB.headers['content-security-policy']).toContain('sandbox');
      const metadata = await metadataOf(fromB.rawPayload);
      expect(metadata).toMatchObject({ exif: null, xmp: null, iptc: null });
      const again = await b.app.inject({
        method: 'GET',
        url: `/objects/${file}`,
        headers: { 'if-none-match': String(fromB.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    const head = await b.app.inject({ method: 'HEAD', url: `/objects/${name}` });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 for names that are not stored or not upload names', async () => {
    for (const url of [
      '/objects/missing.png',
      '/objects/..%2Fsite.sqlite',
      '/objects/.hidden.png',
      '/objects/-leading-dash.png',
    ]) {
      const res = await b.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toHaveProperty('error');
    }
  });

  it('lists an old unreferenced upload with its variants counted, and removing it through B removes them all', async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...asInject(imageUpload(await photo(800, 600), 'old.jpg')),
    });
    const name = res.json<{ path: string }>().path.slice('/objects/'.length);
    const longAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    await a.services.db.updateTable('storedUploads').set({ storedAt: longAgo }).execute();
    const listed = await b.app.inject({
      method: 'GET',
      url: '/api/admin/uploads/unreferenced',
      headers: bearer(token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const entry = listed.json<{ name: string; bytes: number }[]>().find((upload) => upload.name === name);
    const rows = await a.services.db.selectFrom('storedUploads').select(['name', 'bytes']).execute();
    const ownBytes = rows
      .filter((row) => row.name.startsWith(name.replace(/\.jpg$/, '')))
      .reduce((sum, row) => sum + row.bytes, 0);
    expect(entry?.bytes).toBe(ownBytes);

    const removed = await b.app.inject({
      method: 'POST',
      url: '/api/admin/uploads/unreferenced/remove',
      headers: bearer(token),
      payload: { names: [name] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await storedNames()).filter((stored) => stored.startsWith(name.replace(/\.jpg$/, '')))).toEqual([]);
  });

  it('strips and makes variants for an upload stored before (e.g. copied from a SQLite site)', async () => {
    const earlier = await photo(900, 600, { gps: true });
    await a.services.uploads.write('copied-photo.jpg', earlier, 'new');
    const log = { info: () => undefined, warn: () => undefined };
    expect(await processExistingUploads(a.services.db, a.services.uploads, log)).toEqual({ processed: 1, failed: 0 });
    const stripped = await a.services.uploads.read('copied-photo.jpg');
    expect(await metadataOf(stripped!)).toMatchObject({ exif: null });
    expect((await storedNames()).filter((stored) => stored.startsWith('copied-photo-')).length).toBeGreaterThan(0);
  });

  it('stores a HEIC photo through A as a JPEG row with its variants, and B serves it as image/jpeg', async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/upload',
      ...asInject(imageUpload(HEIC_PHOTO, 'IMG_0002.HEIC', 'image/heic')),
    });
    expect(res.statusCode, res.body).toBe(201);
    const name = res.json<{ path: string }>().path.slice('/objects/'.length);
    expect(name).toMatch(/^[0-9a-f]{32}\.jpg$/);
    const base = name.replace(/\.jpg$/, '');
    expect((await storedNames()).filter((stored) => stored.startsWith(base)).length).toBe(1 + 3 * 3);
    const fromB = await b.app.inject({ method: 'GET', url: `/objects/${name}` });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/jpeg');
    expect(await metadataOf(fromB.rawPayload)).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
  });
});

/** The multipart body with the admin session as its key. */
const asInject = (body: { payload: Buffer; headers: Record<string, string> }) => ({
  payload: body.payload,
  headers: { ...body.headers, ...bearer(adminToken) },
});
