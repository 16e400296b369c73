import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/app-context.js';
import { deleteImage, insertImage } from './images-repository.js';
import { bearer } from '../../test-support/http.js';
import { imageUpload } from '../../test-support/multipart.js';
import { photo } from '../../test-support/photos.js';
import { validArtPiece, validBlogPost, validBook } from '../../test-support/test-app.js';

const context = useTestApp();

async function uploadPhoto(width: number, height: number): Promise<string> {
  const body = imageUpload(await photo(width, height), 'photo.jpg', 'image/jpeg');
  const res = await context.t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...bearer(context.token) },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ path: string }>().path;
}

const getJson = async <T>(url: string) => (await context.t.app.inject({ method: 'GET', url })).json<T>();

type WithImage = { coverImage?: string; imageUrl?: string; image?: Record<string, unknown> };

describe('the public lists describe processed uploads as responsive images', () => {
  it('adds `image` to books, art and blog posts and keeps their URL fields as they were', async () => {
    const cover = await uploadPhoto(700, 1050);
    const art = await uploadPhoto(1200, 900);
    const admin = context.t.callerWithKey(context.token);
    const book = await admin.books.create({ ...validBook, coverImage: cover });
    const piece = await admin.art.create({ ...validArtPiece, imageUrl: art });
    const post = await admin.blog.create({ ...validBlogPost, coverImage: cover });
    const external = await admin.books.create({ ...validBook, coverImage: 'https://example.com/cover.jpg' });

    const books = await getJson<(WithImage & { id: string })[]>('/api/books');
    const listed = books.find((item) => item.id === book.id)!;
    expect(listed.coverImage).toBe(cover);
    const base = cover.replace(/\.jpg$/, '');
    expect(listed.image).toEqual({
      width: 700,
      height: 1050,
      placeholder: expect.stringMatching(/^#[0-9a-f]{6}$/),
      variants: [320, 480, 640, 700].flatMap((width) => [
        { url: `${base}-${width}.avif`, width, type: 'image/avif' },
        { url: `${base}-${width}.webp`, width, type: 'image/webp' },
        { url: `${base}-${width}.jpg`, width, type: 'image/jpeg' },
      ]),
    });
    expect(books.find((item) => item.id === external.id)).not.toHaveProperty('image');

    const pieces = await getJson<(WithImage & { id: string })[]>('/api/art');
    const listedPiece = pieces.find((item) => item.id === piece.id)!;
    expect(listedPiece.imageUrl).toBe(art);
    expect(listedPiece.image).toMatchObject({ width: 1200, height: 900 });

    const posts = await getJson<(WithImage & { id: string })[]>('/api/blog');
    expect(posts.find((item) => item.id === post.id)!.image).toMatchObject({ width: 700, height: 1050 });
  });

  it('finds the image through the item’s reference: set when the upload is processed after the item, cleared with the image', async () => {
    const admin = context.t.callerWithKey(context.token);
    const db = context.t.services.db;
    const book = await admin.books.create({ ...validBook, coverImage: '/objects/processed-later.jpg' });
    const refersTo = async () =>
      (await db.selectFrom('books').select('coverImageId').where('id', '=', book.id).executeTakeFirstOrThrow())
        .coverImageId;
    expect(await refersTo()).toBeNull();

    const variants = [{ name: 'processed-later-320.jpg', width: 320, height: 480, format: 'jpeg' as const, bytes: 1 }];
    await insertImage(db, { name: 'processed-later.jpg', width: 320, height: 480, placeholder: '#112233', variants });
    expect(await refersTo()).toBe('processed-later.jpg');
    const listed = (await getJson<(WithImage & { id: string })[]>('/api/books')).find((item) => item.id === book.id)!;
    expect(listed.coverImage).toBe('/objects/processed-later.jpg');
    expect(listed.image).toEqual({
      width: 320,
      height: 480,
      placeholder: '#112233',
      variants: [{ url: '/objects/processed-later-320.jpg', width: 320, type: 'image/jpeg' }],
    });

    await deleteImage(db, 'processed-later.jpg');
    expect(await refersTo()).toBeNull();
    await admin.books.update({ id: book.id, data: { ...validBook, coverImage: '/objects/processed-later.jpg' } });
    const after = (await getJson<(WithImage & { id: string })[]>('/api/books')).find((item) => item.id === book.id)!;
    expect(after.coverImage).toBe('/objects/processed-later.jpg');
    expect(after).not.toHaveProperty('image');
  });
});
