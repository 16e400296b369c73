import { randomBytes } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_TYPES_MESSAGE } from '../../../domain/images.js';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '../../../domain/limits.js';
import { MAX_STORED_SIDE } from '../images/process-image.js';
import { expectSameBytes } from '../../test-support/bytes.js';
import { useTestApp } from '../../test-support/app-context.js';
import { cpuTimeOf } from '../../test-support/cpu-time.js';
import { bearer, expectError, FAST_WRONG_KEY, freshAddress } from '../../test-support/http.js';
import {
  HEIC_PHOTO,
  heicClaiming,
  pngDeclaring,
  pngImage,
  SVG_IMAGE,
  TEXT_POSING_AS_PNG,
  TINY_PNG,
} from '../../test-support/images.js';
import { metadataOf, photo } from '../../test-support/photos.js';
import { imageUpload, multipartBody, TEST_BOUNDARY } from '../../test-support/multipart.js';
import { TEST_ADMIN_PASSWORD } from '../../test-support/test-app.js';

const context = useTestApp();
const uploadsDir = () => path.join(context.t.dataDir, 'uploads');
const storedFiles = () => readdir(uploadsDir());

const upload = (
  body: { payload: Buffer; headers: Record<string, string> },
  key: string | null = context.token,
  remoteAddress?: string,
) =>
  context.t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...(key ? bearer(key) : {}) },
    payload: body.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Asserts the request was refused with this status and stored no file. */
async function expectRefusedUpload(
  body: { payload: Buffer; headers: Record<string, string> },
  status: number,
  message?: string | RegExp,
  key?: string | null,
) {
  const before = await storedFiles();
  expectError(await upload(body, key === undefined ? context.token : key, freshAddress()), status, message);
  expect(await storedFiles()).toEqual(before);
}

describe('POST /api/upload', () => {
  it('stores a real PNG and answers its /objects/ path and display name', async () => {
    const res = await upload(imageUpload(TINY_PNG, 'ember-cover.png'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ path: string; filename: string }>();
    expect(body).toEqual({
      path: expect.stringMatching(/^\/objects\/[0-9a-f]{32}\.png$/),
      filename: 'ember-cover.png',
    });
    const stored = path.join(uploadsDir(), body.path.slice('/objects/'.length));
    expect(await metadataOf(await readFile(stored))).toMatchObject({ format: 'png', width: 1, height: 1 });
    // Readable by the site's own user only, in a folder only it may enter.
    expect((await stat(stored)).mode & 0o777).toBe(0o600);
    expect((await stat(uploadsDir())).mode & 0o777).toBe(0o700);
  });

  it('serves the upload back: the stored bytes, image/png, nosniff, cached for a year', async () => {
    const { path: objectPath } = (await upload(imageUpload(TINY_PNG))).json<{ path: string }>();
    const res = await context.t.app.inject({ method: 'GET', url: objectPath });
    expect(res.statusCode).toBe(200);
    expectSameBytes(
      res.rawPayload,
      await readFile(path.join(uploadsDir(), objectPath.slice('/objects/'.length))),
      'served upload',
    );
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it.each([
    ['JPEG', 'jpeg', 'jpg', 'image/jpeg'],
    ['GIF', 'gif', 'gif', 'image/gif'],
    ['WebP', 'webp', 'webp', 'image/webp'],
    ['AVIF', 'avif', 'avif', 'image/avif'],
  ] as const)('accepts %s, named and served by its content', async (_name, format, extension, mimeType) => {
    const res = await upload(imageUpload(await photo(48, 32, { format }), 'picture', 'application/octet-stream'));
    expect(res.statusCode, res.body).toBe(201);
    const { path: objectPath } = res.json<{ path: string }>();
    expect(objectPath.endsWith(`.${extension}`)).toBe(true);
    const served = await context.t.app.inject({ method: 'GET', url: objectPath });
    expect(served.headers['content-type']).toBe(mimeType);
    expect((await metadataOf(served.rawPayload)).width).toBe(48);
  });

  it('judges by content, not by the declared name or type', async () => {
    const res = await upload(imageUpload(TINY_PNG, 'notes.txt', 'text/plain'));
    expect(res.statusCode).toBe(201);
    expect(res.json<{ path: string }>().path).toMatch(/\.png$/);
  });

  it('keeps only the base name of the file for display', async () => {
    const res = await upload(imageUpload(TINY_PNG, '..\\..\\secret/../../etc/cover\u0007.png'));
    expect(res.json()).toMatchObject({ filename: 'cover.png' });
  });

  it(`accepts an image of exactly ${MAX_UPLOAD_MB} MB`, async () => {
    const image = pngImage(MAX_UPLOAD_BYTES - TINY_PNG.length - 20);
    expect(image.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect(image.length).toBeGreaterThan(MAX_UPLOAD_BYTES - 64);
    const res = await upload(imageUpload(image));
    expect(res.statusCode, res.body).toBe(201);
  });

  it(`refuses a file over ${MAX_UPLOAD_MB} MB (413), storing nothing`, async () => {
    await expectRefusedUpload(
      imageUpload(pngImage(MAX_UPLOAD_BYTES)),
      413,
      `File too large: images must be at most ${MAX_UPLOAD_MB} MB`,
    );
  });

  it('takes a full-size phone photo over the old 5 MB limit, stored at most MAX_STORED_SIDE on its longest side', async () => {
    // Noise, so the JPEG stays as heavy as a phone's (about 9 MB).
    const big = await sharp(randomBytes(4032 * 3024 * 3), { raw: { width: 4032, height: 3024, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(6.5 * 1024 * 1024);
    const res = await upload(imageUpload(big, 'IMG_0001.jpg', 'image/jpeg'));
    expect(res.statusCode, res.body).toBe(201);
    const stored = await readFile(path.join(uploadsDir(), path.basename(res.json<{ path: string }>().path)));
    const { width, height } = await metadataOf(stored);
    expect([width, height]).toEqual([MAX_STORED_SIDE, Math.round((3024 * MAX_STORED_SIDE) / 4032)]);
  });

  it('stores a HEIC photo (an iPhone’s) as a JPEG original with JPEG, WebP and AVIF variants of its size', async () => {
    const res = await upload(imageUpload(HEIC_PHOTO, 'IMG_0002.HEIC', 'image/heic'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ path: string; filename: string }>();
    expect(body).toEqual({ path: expect.stringMatching(/^\/objects\/[0-9a-f]{32}\.jpg$/), filename: 'IMG_0002.HEIC' });
    const name = path.basename(body.path);
    const original = await readFile(path.join(uploadsDir(), name));
    expect(await metadataOf(original)).toMatchObject({ format: 'jpeg', width: 600, height: 400 });
    // Decoded right: the top-left pixel is the red of the photo's left half, the top-right one dark.
    const { data, info } = await sharp(original).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(170);
    expect(data[1]).toBeLessThan(80);
    expect(data[(info.width - 1) * info.channels]).toBeLessThan(80);

    const base = name.replace(/\.jpg$/, '');
    const variants = (await storedFiles()).filter((file) => file.startsWith(`${base}-`)).sort();
    expect(variants).toEqual(
      ['320', '480', '600'].flatMap((width) => ['avif', 'jpg', 'webp'].map((ext) => `${base}-${width}.${ext}`)).sort(),
    );
    for (const variant of variants) {
      const width = Number(/-(\d+)\./.exec(variant)![1]);
      const format = { avif: 'heif', jpg: 'jpeg', webp: 'webp' }[variant.split('.').pop()!];
      expect(await metadataOf(await readFile(path.join(uploadsDir(), variant)))).toMatchObject({
        format,
        width,
        height: Math.round((width * 400) / 600),
      });
    }
  });

  it('refuses a file named .heic that is not a HEIC photo (415), storing nothing', async () => {
    await expectRefusedUpload(
      imageUpload(TEXT_POSING_AS_PNG, 'IMG_0003.heic', 'image/heic'),
      415,
      UPLOAD_TYPES_MESSAGE,
    );
    // The HEIC brand with nothing HEIC after it: recognised by its first bytes, then unreadable.
    const hollow = Buffer.concat([Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), Buffer.alloc(64)]);
    await expectRefusedUpload(imageUpload(hollow, 'IMG_0004.heic', 'image/heic'), 400, /damaged or incomplete/);
  });

  it('refuses, before decoding, a HEIC whose header claims a size past the limits, in parallel', async () => {
    const claims: [Buffer, number, RegExp][] = [
      [heicClaiming(50_000, 40_000), 413, /megapixels/],
      [heicClaiming(12_000, 1_000), 413, /longest side/],
      [heicClaiming(6_000, 500), 400, /too narrow/],
    ];
    const before = await storedFiles();
    const { result: answers, cpuMs } = await cpuTimeOf(() =>
      Promise.all(
        claims.flatMap(([bytes]) =>
          Array.from({ length: 4 }, () =>
            upload(imageUpload(bytes, 'bomb.heic', 'image/heic'), context.token, freshAddress()),
          ),
        ),
      ),
    );
    answers.forEach((res, index) =>
      expectError(res, claims[Math.floor(index / 4)]![1], claims[Math.floor(index / 4)]![2]),
    );
    // 2.5 billion pixels decoded would take minutes of CPU; the header check answers at once.
    expect(cpuMs, 'CPU time for the refusals, ms').toBeLessThan(15_000);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses text posing as a PNG (415), storing nothing', async () => {
    await expectRefusedUpload(imageUpload(TEXT_POSING_AS_PNG, 'x.png', 'image/png'), 415, UPLOAD_TYPES_MESSAGE);
  });

  it('refuses SVG (415): it can carry script', async () => {
    await expectRefusedUpload(imageUpload(SVG_IMAGE, 'logo.svg', 'image/svg+xml'), 415);
  });

  it('refuses an empty file (415)', async () => {
    await expectRefusedUpload(imageUpload(Buffer.alloc(0)), 415);
  });

  it.each([
    ['no parts at all', multipartBody([])],
    [
      'the file in another field',
      multipartBody([{ field: 'file', filename: 'a.png', contentType: 'image/png', content: TINY_PNG }]),
    ],
    ['a text field named image', multipartBody([{ field: 'image', content: 'not a file' }])],
  ])('refuses a body with %s (400), storing nothing', async (_case, body) => {
    await expectRefusedUpload(body, 400, 'No image received: send it in the field "image"');
  });

  it('refuses a body that is not multipart (415)', async () => {
    const body = {
      payload: Buffer.from(JSON.stringify({ image: 'x' })),
      headers: { 'content-type': 'application/json' },
    };
    await expectRefusedUpload(body, 415);
  });

  it.each([
    ['without a boundary', { payload: Buffer.from('whatever'), headers: { 'content-type': 'multipart/form-data' } }],
    ['cut off in the middle', { ...imageUpload(TINY_PNG), payload: imageUpload(TINY_PNG).payload.subarray(0, 120) }],
    [
      'with a wrong boundary',
      { ...imageUpload(TINY_PNG), headers: { 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}x` } },
    ],
    [
      'of garbage',
      {
        payload: Buffer.from('\u0000\u0001garbage\r\n\r\n--'),
        headers: { 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}` },
      },
    ],
  ])('refuses a malformed multipart body %s (4xx, never 500), storing nothing', async (_case, body) => {
    const before = await storedFiles();
    const res = await upload(body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expectError(res, res.statusCode);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an upload without a key or with a wrong key (401), storing nothing', async () => {
    await expectRefusedUpload(imageUpload(TINY_PNG), 401, 'Admin key required', null);
    await expectRefusedUpload(imageUpload(TINY_PNG), 401, 'Invalid admin key', FAST_WRONG_KEY);
    await expectRefusedUpload(imageUpload(pngImage(MAX_UPLOAD_BYTES)), 401, 'Admin key required', null);
  });

  it('accepts the password itself as the key', async () => {
    expect((await upload(imageUpload(TINY_PNG), TEST_ADMIN_PASSWORD)).statusCode).toBe(201);
  });
});

describe('POST /api/upload: stripped originals and responsive variants', () => {
  const storedName = (objectPath: string) => objectPath.slice('/objects/'.length);

  it("strips a phone photo's EXIF GPS from every stored file, turns it upright and stores its variants", async () => {
    const phone = await photo(1000, 750, { gps: true, orientation: 6 });
    const before = new Set(await storedFiles());
    const res = await upload(imageUpload(phone, 'IMG_2041.jpg'));
    expect(res.statusCode, res.body).toBe(201);
    const name = storedName(res.json<{ path: string }>().path);
    const base = name.replace(/\.jpg$/, '');

    const added = (await storedFiles()).filter((file) => !before.has(file)).sort();
    const expected = [name];
    for (const width of [320, 480, 640, 750])
      expected.push(`${base}-${width}.avif`, `${base}-${width}.webp`, `${base}-${width}.jpg`);
    expect(added).toEqual(expected.sort());
    for (const file of added) {
      const metadata = await metadataOf(await readFile(path.join(uploadsDir(), file)));
      expect(metadata, file).toMatchObject({ exif: null, xmp: null, iptc: null });
      expect(metadata.width, file).toBeLessThanOrEqual(750);
      expect(metadata.height! > metadata.width!, `${file} is upright`).toBe(true);
      expect((await stat(path.join(uploadsDir(), file))).mode & 0o777).toBe(0o600);
    }

    const row = await context.t.services.db
      .selectFrom('images')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirst();
    expect(row).toMatchObject({ width: 750, height: 1000, placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(JSON.parse(row!.variants)).toHaveLength(12);

    const variant = await context.t.app.inject({ method: 'GET', url: `/objects/${base}-640.avif` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/avif');
    expect(variant.headers['cache-control']).toContain('immutable');
  });

  it('refuses a truncated JPEG (400), storing nothing', async () => {
    const whole = await photo(800, 600);
    await expectRefusedUpload(imageUpload(whole.subarray(0, whole.length >> 1)), 400, /damaged or incomplete/);
  });

  it('refuses a decompression bomb (413) without decoding it, storing nothing', async () => {
    await expectRefusedUpload(imageUpload(pngDeclaring(60_000, 60_000)), 413, /at most 40 megapixels/);
  });
});

describe('GET /objects/<name>', () => {
  it('answers 404 JSON for a file that does not exist', async () => {
    expectError(
      await context.t.app.inject({ method: 'GET', url: '/objects/0123456789abcdef0123456789abcdef.png' }),
      404,
    );
  });

  it.each([
    '/objects/',
    '/objects/../site.sqlite',
    '/objects/%2e%2e/site.sqlite',
    '/objects/..%2fsite.sqlite',
    '/objects/%2e%2e%2fsite.sqlite',
    '/objects/.hidden',
  ])('never serves anything outside the uploads folder (%s)', async (url) => {
    const res = await context.t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.rawPayload.subarray(0, 15).toString()).not.toBe('SQLite format 3');
  });
});
