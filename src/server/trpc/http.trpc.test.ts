import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { COVER_IMAGE_MESSAGE } from '../../domain/images.js';
import { MAX_CALLS_PER_BATCH } from '../../domain/limits.js';
import { useTestApp } from '../test-support/app-context.js';
import { FREE_FAILURES } from '../auth/guess-throttle.js';
import { bearer, createVia, freshAddress } from '../test-support/http.js';
import { TEST_ADMIN_PASSWORD, validBlogPost, validBook } from '../test-support/test-app.js';
import { ONE_PASSWORD_PER_REQUEST } from './trpc.js';

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

describe('password guesses over tRPC batches', () => {
  /** A POST batch of `calls` (procedure, input) in tRPC's batch format. */
  function batch(calls: Array<[string, unknown]>, remoteAddress: string, headers: Record<string, string> = {}) {
    const payload = Object.fromEntries(calls.map(([, input], index) => [index, superjson.serialize(input)]));
    return context.t.app.inject({
      method: 'POST',
      url: `/trpc/${calls.map(([procedure]) => procedure).join(',')}?batch=1`,
      remoteAddress,
      headers,
      payload,
    });
  }

  it('carries at most one login: 9 wrong passwords and the right one last get no token', async () => {
    const calls: Array<[string, unknown]> = Array.from({ length: MAX_CALLS_PER_BATCH - 1 }, (_, n) => [
      'admin.login',
      { password: `Wrong-Password-${n}!` },
    ]);
    calls.push(['admin.login', { password: TEST_ADMIN_PASSWORD }]);
    const res = await batch(calls, freshAddress());
    const answers = JSON.parse(res.body) as Array<{ result?: unknown; error?: { json: { message: string } } }>;
    expect(answers).toHaveLength(MAX_CALLS_PER_BATCH);
    expect(answers.filter((answer) => answer.result)).toEqual([]);
    expect(answers.slice(1).every((answer) => answer.error?.json.message === ONE_PASSWORD_PER_REQUEST)).toBe(true);
  });

  it('checks a password header once for the whole batch', async () => {
    const address = freshAddress();
    const wrong = await context.t.app.inject({
      method: 'GET',
      url: `/trpc/${Array(MAX_CALLS_PER_BATCH).fill('admin.verify').join(',')}?batch=1&input={}`,
      remoteAddress: address,
      headers: bearer('Wrong-Password-batch!'),
    });
    const answers = JSON.parse(wrong.body) as Array<{ error?: { json: { data: { code: string } } } }>;
    expect(answers).toHaveLength(MAX_CALLS_PER_BATCH);
    expect(answers.every((answer) => answer.error?.json.data.code === 'UNAUTHORIZED')).toBe(true);
    // One failure was counted, not ten: the next FREE_FAILURES - 1 single guesses are still 401, not 429.
    for (let n = 0; n < FREE_FAILURES - 1; n++) {
      const res = await context.t.app.inject({
        method: 'GET',
        url: '/api/admin/verify',
        headers: bearer(`Wrong-Password-${n}!`),
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it('sends Retry-After with a throttled answer', async () => {
    const address = freshAddress();
    for (let n = 0; n <= FREE_FAILURES; n++)
      await batch([['admin.login', { password: `Wrong-${n}-Password!` }]], address);
    const res = await batch([['admin.login', { password: TEST_ADMIN_PASSWORD }]], address);
    expect(res.statusCode).toBe(429);
    // The wait left after the 2 s back-off: whole seconds, rounded up (1 when the guesses took over a second).
    expect(res.headers['retry-after']).toMatch(/^[12]$/);
  });
});
