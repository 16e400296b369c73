import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_MESSAGE } from '../../domain/images.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer, createVia } from '../test-support/http.js';
import { validBlogPost, validBook } from '../test-support/test-app.js';

const context = useTestApp();

/** The superjson envelope of a tRPC answer, deserialized. */
function resultOf<T>(body: string): T {
  const parsed = JSON.parse(body) as { result: { data: Parameters<typeof superjson.deserialize>[0] } };
  return superjson.deserialize<T>(parsed.result.data);
}

const inputQuery = (input: unknown) => `input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;

describe('the tRPC HTTP endpoint', () => {
  it('GET /trpc/books.list answers the list in a superjson envelope', async () => {
    const book = await createVia(context.t.app, '/api/books', context.token, validBook);
    const res = await context.t.app.inject({ method: 'GET', url: '/trpc/books.list' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { data: { json: [book] } } });
  });

  it('carries dates as Dates through superjson, and takes query input', async () => {
    await createVia(context.t.app, '/api/blog', context.token, { ...validBlogPost, category: 'soundtracks' });
    const res = await context.t.app.inject({
      method: 'GET',
      url: `/trpc/blog.list?${inputQuery({ category: 'soundtracks' })}`,
    });
    expect(res.statusCode).toBe(200);
    const posts = resultOf<{ category: string; publishedAt: Date }[]>(res.body);
    expect(posts).toHaveLength(1);
    expect(posts[0]!.category).toBe('soundtracks');
    expect(posts[0]!.publishedAt).toBeInstanceOf(Date);
  });

  it('POST a mutation with a bearer token', async () => {
    const res = await context.t.app.inject({
      method: 'POST',
      url: '/trpc/books.create',
      headers: bearer(context.token),
      payload: superjson.serialize({ ...validBook, title: 'Over tRPC' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = resultOf<{ id: string; title: string }>(res.body);
    expect(created).toMatchObject({ id: expect.any(String), title: 'Over tRPC' });
    const list = await context.t.app.inject({ method: 'GET', url: '/api/books' });
    expect(list.json()).toContainEqual(expect.objectContaining({ id: created.id }));
  });

  it('answers errors with the human message and status, without a stack', async () => {
    const unauthorized = await context.t.app.inject({
      method: 'POST',
      url: '/trpc/books.create',
      payload: superjson.serialize(validBook),
    });
    expect(unauthorized.statusCode).toBe(401);
    const error401 = superjson.deserialize<{ message: string; data: Record<string, unknown> }>(
      unauthorized.json<{ error: Parameters<typeof superjson.deserialize>[0] }>().error,
    );
    expect(error401.message).toBe('Admin key required');
    expect(error401.data).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(error401.data.stack).toBeUndefined();
    expect(unauthorized.body).not.toMatch(/at .*\.ts:\d+/);

    const invalid = await context.t.app.inject({
      method: 'POST',
      url: '/trpc/books.create',
      headers: bearer(context.token),
      payload: superjson.serialize({ ...validBook, coverImage: 'nope' }),
    });
    expect(invalid.statusCode).toBe(400);
    const error = invalid.json<{
      error: { json: { message: string; data: { fieldErrors: Record<string, string> } } };
    }>().error.json;
    expect(error.message).toBe(COVER_IMAGE_MESSAGE);
    expect(error.data.fieldErrors).toEqual({ coverImage: COVER_IMAGE_MESSAGE });
  });

  it('answers NOT_FOUND for an unknown procedure', async () => {
    const res = await context.t.app.inject({ method: 'GET', url: '/trpc/books.nothing' });
    expect(res.statusCode).toBe(404);
  });

  it('batches several queries in one request', async () => {
    const res = await context.t.app.inject({
      method: 'GET',
      url: `/trpc/books.list,art.list?batch=1&${inputQuery({ 0: undefined, 1: undefined })}`,
    });
    expect(res.statusCode).toBe(200);
    const answers = res.json<{ result: { data: { json: unknown[] } } }[]>();
    expect(answers).toHaveLength(2);
    expect(answers[1]!.result.data.json).toEqual([]);
  });
});
