import { mkdir, readdir, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR } from '../../../domain/admin-lists.schema.js';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, expectError, FAST_WRONG_KEY } from '../../test-support/http.js';
import { pngImage } from '../../test-support/images.js';
import { imageUpload } from '../../test-support/multipart.js';
import { photo } from '../../test-support/photos.js';
import { validArtPiece, validBlogPost, validBook } from '../../test-support/test-app.js';
import { uploadNamesIn } from './upload-references.js';

const context = useTestApp();
const uploadsDir = () => context.t.services.uploadsDir;
const storedUploads = async () => (await readdir(uploadsDir())).sort();
const DAY_MS = 24 * 60 * 60 * 1000;

const OLD_UNUSED = 'a0000000000000000000000000000001.png';
const OLD_UNUSED_TOO = 'a0000000000000000000000000000002.png';
const RECENT_UNUSED = 'b0000000000000000000000000000001.png';
const BOOK_COVER = 'c0000000000000000000000000000001.png';
const BLOG_COVER = 'c0000000000000000000000000000002.png';
const ART_IMAGE = 'c0000000000000000000000000000003.png';
const IN_BLOG_TEXT = 'c0000000000000000000000000000004.png';

async function storeUpload(name: string, ageMs: number) {
  const file = path.join(uploadsDir(), name);
  await writeFile(file, pngImage(100));
  const at = new Date(Date.now() - ageMs);
  await utimes(file, at, at);
}

const removal = (payload: unknown, key: string | null = context.token) =>
  context.t.app.inject({
    method: 'POST',
    url: '/api/admin/uploads/unreferenced/remove',
    headers: key ? bearer(key) : {},
    payload: payload as object,
  });

/** Asserts the removal was refused with this status and that no upload was deleted. */
async function expectRefused(payload: unknown, status: number, message?: RegExp) {
  const before = await storedUploads();
  expectError(await removal(payload), status, message);
  expect(await storedUploads()).toEqual(before);
}

beforeAll(async () => {
  for (const name of [OLD_UNUSED, OLD_UNUSED_TOO, BOOK_COVER, BLOG_COVER, ART_IMAGE, IN_BLOG_TEXT]) {
    await storeUpload(name, 2 * DAY_MS);
  }
  await storeUpload(RECENT_UNUSED, 60_000);
  const admin = context.t.callerWithKey(context.token);
  await admin.books.create({ ...validBook, coverImage: `/objects/${BOOK_COVER}` });
  await admin.art.create({ ...validArtPiece, imageUrl: `/objects/${ART_IMAGE}` });
  await admin.blog.create({
    ...validBlogPost,
    coverImage: `https://author.example/objects/${BLOG_COVER}`,
    content: `The map is at /objects/${IN_BLOG_TEXT}. Enjoy.`,
  });
});

describe('uploadNamesIn', () => {
  it('finds /objects/ names in text, also when punctuation follows', () => {
    expect(uploadNamesIn('see /objects/map.png. and https://x.test/objects/a-b_c.webp')).toEqual([
      'map.png.',
      'map.png',
      'a-b_c.webp',
    ]);
    expect(uploadNamesIn('no uploads here /objects/')).toEqual([]);
  });
});

describe('admin endpoints for unreferenced uploads', () => {
  it.each([
    ['GET', '/api/admin/uploads/unreferenced'],
    ['POST', '/api/admin/uploads/unreferenced/remove'],
    ['GET', '/api/admin/backups/latest'],
  ] as const)('%s %s answers 401 without a key or with a wrong one', async (method, url) => {
    const before = await storedUploads();
    const payload = method === 'POST' ? { names: [OLD_UNUSED] } : undefined;
    expectError(await context.t.app.inject({ method, url, payload }), 401, 'Admin key required');
    expectError(await context.t.app.inject({ method, url, payload, headers: bearer(FAST_WRONG_KEY) }), 401);
    expect(await storedUploads()).toEqual(before);
  });

  it('lists only the uploads no content references, with the end of their 24-hour grace period', async () => {
    const res = await context.t.app.inject({
      method: 'GET',
      url: '/api/admin/uploads/unreferenced',
      headers: bearer(context.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<{ name: string; bytes: number; uploadedAt: string; removableFrom: string }[]>();
    expect(list.map((upload) => upload.name)).toEqual([OLD_UNUSED, OLD_UNUSED_TOO, RECENT_UNUSED]);
    const recent = list[2]!;
    expect(recent.bytes).toBe(pngImage(100).length);
    expect(Date.parse(recent.removableFrom) - Date.parse(recent.uploadedAt)).toBe(DAY_MS);
  });

  it('answers a page at a time (?limit=&cursor=, the next cursor in X-Next-Cursor and Link), 400 for bad ones', async () => {
    const get = (url: string) => context.t.app.inject({ method: 'GET', url, headers: bearer(context.token) });
    const first = await get('/api/admin/uploads/unreferenced?limit=2');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ name: string }[]>().map((upload) => upload.name)).toEqual([OLD_UNUSED, OLD_UNUSED_TOO]);
    const cursor = String(first.headers['x-next-cursor']);
    expect(first.headers.link).toBe(`</api/admin/uploads/unreferenced?limit=2&cursor=${cursor}>; rel="next"`);
    const second = await get(`/api/admin/uploads/unreferenced?limit=2&cursor=${cursor}`);
    expect(second.json<{ name: string }[]>().map((upload) => upload.name)).toEqual([RECENT_UNUSED]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    expectError(await get('/api/admin/uploads/unreferenced?limit=501'), 400, 'Limit must be at most 500');
    expectError(await get('/api/admin/uploads/unreferenced?limit=0'), 400, 'Limit must be at least 1');
    expectError(await get('/api/admin/uploads/unreferenced?limit=all'), 400, 'Limit must be a number');
    expectError(await get('/api/admin/uploads/unreferenced?cursor=not-a-cursor'), 400, BAD_CURSOR);
  });

  it.each([
    ['a path out of the folder', { names: ['../site.sqlite'] }],
    ['an absolute path', { names: ['/etc/passwd'] }],
    ['a nested path', { names: ['sub/file.png'] }],
    ['a hidden file', { names: ['.env'] }],
    ['an encoded traversal', { names: ['..%2Fsite.sqlite'] }],
    ['an empty name', { names: [''] }],
    ['a very long name', { names: ['a'.repeat(5000)] }],
    ['no names', { names: [] }],
    ['too many names', { names: Array.from({ length: 501 }, (_, i) => `f${i}.png`) }],
    ['names that are not a list', { names: OLD_UNUSED }],
    ['a name that is not text', { names: [42] }],
    ['no body', undefined],
    ['an array body', [OLD_UNUSED]],
  ])('refuses %s with 400 and removes nothing', async (_label, payload) => {
    await expectRefused(payload, 400);
  });

  it('refuses names that content references, with 409', async () => {
    for (const name of [BOOK_COVER, BLOG_COVER, ART_IMAGE, IN_BLOG_TEXT]) {
      await expectRefused({ names: [name] }, 409, new RegExp(`${name} is still used by content`));
    }
  });

  it('refuses an upload younger than 24 hours, with 409 and when it becomes removable', async () => {
    await expectRefused(
      { names: [RECENT_UNUSED] },
      409,
      /uploaded less than 24 hours ago and can be removed from \d{4}-/,
    );
  });

  it('refuses names that are not uploads (missing, the database, a folder or a link), with 404', async () => {
    await mkdir(path.join(uploadsDir(), 'folder.png'));
    await symlink(path.join(context.t.dataDir, 'site.sqlite'), path.join(uploadsDir(), 'link.png'));
    for (const name of ['missing.png', 'site.sqlite', 'folder.png', 'link.png']) {
      await expectRefused({ names: [name] }, 404, new RegExp(`no upload named ${name.replace('.', '\\.')}`));
    }
  });

  it('removes nothing when one name of several is refused', async () => {
    await expectRefused({ names: [OLD_UNUSED, BOOK_COVER] }, 409, /Nothing was removed/);
  });

  it('removes old unreferenced uploads and nothing else', async () => {
    const before = await storedUploads();
    const res = await removal({ names: [OLD_UNUSED, OLD_UNUSED_TOO, OLD_UNUSED] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: [OLD_UNUSED, OLD_UNUSED_TOO] });
    expect(await storedUploads()).toEqual(before.filter((name) => name !== OLD_UNUSED && name !== OLD_UNUSED_TOO));
    await expectRefused({ names: [OLD_UNUSED] }, 404);
  });

  it('works the same through tRPC', async () => {
    const admin = context.t.callerWithKey(context.token);
    await expect(admin.maintenance.removeUnreferencedUploads({ names: ['../x'] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(admin.maintenance.removeUnreferencedUploads({ names: [RECENT_UNUSED] })).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(context.t.publicCaller().maintenance.unreferencedUploads()).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await admin.maintenance.unreferencedUploads()).items.map((upload) => upload.name)).toContain(RECENT_UNUSED);
  });
});

describe('unreferenced uploads with responsive variants', () => {
  it('lists a processed upload once, with its variants counted in its bytes, and removes them together', async () => {
    const body = imageUpload(await photo(700, 500));
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...body.headers, ...bearer(context.token) },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const name = res.json<{ path: string }>().path.slice('/objects/'.length);
    const base = name.replace(/\.jpg$/, '');
    const variants = (await storedUploads()).filter((file) => file.startsWith(`${base}-`));
    expect(variants).toHaveLength(12);
    const old = new Date(Date.now() - 2 * DAY_MS);
    await utimes(path.join(uploadsDir(), name), old, old);

    const listed = (await context.t.callerWithKey(context.token).maintenance.unreferencedUploads()).items;
    expect(listed.filter((upload) => upload.name.startsWith(base)).map((upload) => upload.name)).toEqual([name]);
    expect(listed.find((upload) => upload.name === name)!.bytes).toBeGreaterThan(10_000);

    await expectRefused({ names: [variants[0]] }, 404);
    expect((await removal({ names: [name] })).statusCode).toBe(200);
    expect((await storedUploads()).filter((file) => file.startsWith(base))).toEqual([]);
    const row = await context.t.services.db
      .selectFrom('images')
      .select('name')
      .where('name', '=', name)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
