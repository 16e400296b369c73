import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { bearer, createVia } from '../../test-support/http.js';
import { validBlogPost, validBook, validExcerpt } from '../../test-support/test-app.js';

const context = useTestApp();
const get = (url: string, headers: Record<string, string> = {}) =>
  context.t.app.inject({ method: 'GET', url, headers });

describe('ETag caching of public lists', () => {
  it('GET /api/books returns an ETag and no-cache; If-None-Match answers 304 with no body', async () => {
    await createVia(context.t.app, '/api/books', context.token, validBook);
    const first = await get('/api/books');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get('/api/books');
    expect(again.headers.etag).toBe(etag);
    expect(again.body).toBe(first.body);

    const revalidated = await get('/api/books', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');

    const strongForm = etag.slice(2);
    expect((await get('/api/books', { 'if-none-match': `"older", ${strongForm}` })).statusCode).toBe(304);

    const stale = await get('/api/books', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(first.json());
  });

  it.each([
    [
      'create',
      async () => {
        await createVia(context.t.app, '/api/books', context.token, { ...validBook, title: 'Newly Added' });
      },
    ],
    [
      'update',
      async (id: string) => {
        const res = await context.t.app.inject({
          method: 'PUT',
          url: `/api/books/${id}`,
          headers: bearer(context.token),
          payload: { ...validBook, title: 'Renamed' },
        });
        expect(res.statusCode).toBe(200);
      },
    ],
    [
      'delete',
      async (id: string) => {
        const res = await context.t.app.inject({
          method: 'DELETE',
          url: `/api/books/${id}`,
          headers: bearer(context.token),
        });
        expect(res.statusCode).toBe(204);
      },
    ],
  ] as const)('after an admin %s the list and its ETag change immediately', async (kind, write) => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Cached',
    });
    const before = await get('/api/books');
    const byIdBefore = await get(`/api/books/${book.id}`);
    expect(byIdBefore.statusCode).toBe(200);

    await write(book.id);

    const after = await get('/api/books', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).not.toBe(before.body);
    // The book's own entry changes only when it was the one written.
    const byIdAfter = await get(`/api/books/${book.id}`, { 'if-none-match': byIdBefore.headers.etag as string });
    expect(byIdAfter.statusCode).toBe(kind === 'create' ? 304 : kind === 'update' ? 200 : 404);
  });

  it('a refused write leaves the ETag as it was', async () => {
    const before = await get('/api/books');
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/api/books',
      headers: bearer(context.token),
      payload: { ...validBook, status: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect((await get('/api/books', { 'if-none-match': before.headers.etag as string })).statusCode).toBe(304);
  });

  it('deleting a book refreshes the excerpt list too (its excerpts are gone)', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validBook);
    const excerpt = await createVia<{ id: string }>(
      context.t.app,
      '/api/excerpts',
      context.token,
      validExcerpt(book.id),
    );
    expect((await get('/api/excerpts')).json()).toContainEqual(excerpt);
    await context.t.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: bearer(context.token) });
    expect((await get('/api/excerpts')).json()).not.toContainEqual(excerpt);
    expect((await get(`/api/excerpts/${excerpt.id}`)).statusCode).toBe(404);
  });

  it('a filtered blog list is fresh after a write', async () => {
    const before = await get('/api/blog?category=soundtracks');
    const post = await createVia(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      category: 'soundtracks',
    });
    const after = await get('/api/blog?category=soundtracks', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toContainEqual(post);
  });

  it('an admin list answers 401, not 304, to a matching ETag without a key', async () => {
    const list = await get('/api/admin/contact', bearer(context.token));
    expect(list.statusCode).toBe(200);
    const etag = list.headers.etag as string;
    expect((await get('/api/admin/contact', { ...bearer(context.token), 'if-none-match': etag })).statusCode).toBe(304);
    const anonymous = await get('/api/admin/contact', { 'if-none-match': etag });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Admin key required' });
  });

  it('ETags differ between lists with different content', async () => {
    const books = await get('/api/books');
    const art = await get('/api/art');
    expect(books.headers.etag).not.toBe(art.headers.etag);
  });

  it('sends a public list compressed as the client prefers, the same bytes and ETag in every encoding', async () => {
    for (let n = 0; n < 5; n++)
      await createVia(context.t.app, '/api/books', context.token, { ...validBook, title: `Compressed ${n}` });
    const plain = await get('/api/books');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get('/api/books', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/api/books', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    for (const response of [plain, br, gzip]) {
      expect(response.headers.etag).toBe(plain.headers.etag);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    }
  });

  it('keeps a by-id read only while it exists', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Kept',
    });
    expect((await get(`/api/books/${book.id}`)).json()).toMatchObject({ title: 'Kept' });
    expect((await get(`/api/books/${book.id}`)).json()).toMatchObject({ title: 'Kept' });
    await context.t.app.inject({ method: 'DELETE', url: `/api/books/${book.id}`, headers: bearer(context.token) });
    expect((await get(`/api/books/${book.id}`)).statusCode).toBe(404);
  });
});
