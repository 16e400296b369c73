import { FORBIDDEN_KEY_MESSAGE } from '../http/json-body.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_BODY_BYTES } from '../../../domain/limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import { UNPARSABLE_JSON_TEXTS, WRONG_SHAPE_JSON_TEXTS, wrongValuesFor } from '../../test-support/garbage.js';
import { bearer, createVia, expectError, freshAddress, type InjectOptions } from '../../test-support/http.js';
import { multipartBody } from '../../test-support/multipart.js';
import {
  TEST_ADMIN_PASSWORD,
  validArtPiece,
  validBlogPost,
  validBook,
  validPreorderBook,
  validExcerpt,
  validPlaylist,
} from '../../test-support/test-app.js';

type Ids = { book: string; excerpt: string; blog: string; art: string; playlist: string };
type WriteEndpoint = { method: 'POST' | 'PUT'; url: string; valid: Record<string, unknown> };

const TABLES = [
  'users',
  'adminSessions',
  'contactSubmissions',
  'newsletterSubscriptions',
  'books',
  'excerpts',
  'blogPosts',
  'artPieces',
  'playlists',
  'preorders',
] as const;

const context = useTestApp();
const inject = (options: InjectOptions) => context.t.app.inject(options);

/** Every table's rows, to prove a batch of refused requests changed nothing. */
async function snapshot(): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    TABLES.map(
      async (table) =>
        [table, await context.t.services.db.selectFrom(table).selectAll().orderBy('id').execute()] as const,
    ),
  );
  return Object.fromEntries(entries);
}

let ids: Ids;
let writeEndpoints: WriteEndpoint[];

beforeAll(async () => {
  const create = (url: string, payload: object) =>
    createVia<{ id: string }>(context.t.app, url, context.token, payload);
  const book = (await create('/api/books', validPreorderBook)).id;
  ids = {
    book,
    excerpt: (await create('/api/excerpts', validExcerpt(book))).id,
    blog: (await create('/api/blog', validBlogPost)).id,
    art: (await create('/api/art', validArtPiece)).id,
    playlist: (await create('/api/playlists', validPlaylist)).id,
  };
  const content: [string, string, Record<string, unknown>][] = [
    ['/api/books', ids.book, { ...validBook }],
    ['/api/excerpts', ids.excerpt, validExcerpt(ids.book)],
    ['/api/blog', ids.blog, { ...validBlogPost }],
    ['/api/art', ids.art, { ...validArtPiece }],
    ['/api/playlists', ids.playlist, structuredClone(validPlaylist)],
  ];
  writeEndpoints = [
    ...content.flatMap(([url, id, valid]): WriteEndpoint[] => [
      { method: 'POST', url, valid },
      { method: 'PUT', url: `${url}/${id}`, valid },
    ]),
    { method: 'POST', url: '/api/contact', valid: { name: 'Ada', email: 'ada@example.com', message: 'Hello' } },
    { method: 'POST', url: '/api/newsletter', valid: { email: 'ada@example.com' } },
    {
      method: 'POST',
      url: '/api/preorders',
      valid: {
        bookId: book,
        customerName: 'Ada',
        customerEmail: 'ada@example.com',
        preferredFormat: 'ebook',
        phoneNumber: '1',
        specialRequests: 'x',
      },
    },
    { method: 'POST', url: '/api/admin/login', valid: { password: TEST_ADMIN_PASSWORD } },
    {
      method: 'POST',
      url: '/api/admin/change-password',
      valid: { currentPassword: TEST_ADMIN_PASSWORD, newPassword: 'Another!Pass9' },
    },
  ];
});

/** Sends raw JSON text as the admin; returns a description when the answer is not a 4xx JSON error. */
async function badAnswer(endpoint: { method: string; url: string }, body: string): Promise<string | null> {
  const res = await inject({
    method: endpoint.method as 'POST',
    url: endpoint.url,
    headers: { ...bearer(context.token), 'content-type': 'application/json' },
    payload: body,
  });
  let error: unknown;
  try {
    error = res.json<{ error: unknown }>().error;
  } catch {
    error = undefined;
  }
  if (res.statusCode >= 400 && res.statusCode < 500 && typeof error === 'string' && error.trim() !== '') return null;
  return `${endpoint.method} ${endpoint.url} ${body.slice(0, 80)} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
}

describe('garbage never yields a 500 and never changes anything', () => {
  it('refuses bodies of the wrong shape at every write endpoint', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const endpoint of writeEndpoints) {
      for (const body of WRONG_SHAPE_JSON_TEXTS) {
        const problem = await badAnswer(endpoint, body);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses malformed JSON and prototype-pollution keys at every write endpoint (400)', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    const endpoints = [
      ...writeEndpoints,
      { method: 'POST', url: '/api/admin/logout' },
      { method: 'DELETE', url: `/api/books/${ids.book}` },
    ];
    for (const endpoint of endpoints) {
      for (const text of UNPARSABLE_JSON_TEXTS) {
        const problem = await badAnswer(endpoint, text);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a wrong type (or a huge value) in each field of each write endpoint', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const endpoint of writeEndpoints) {
      for (const [field, valid] of Object.entries(endpoint.valid)) {
        for (const wrong of wrongValuesFor(valid)) {
          const problem = await badAnswer(endpoint, JSON.stringify({ ...endpoint.valid, [field]: wrong }));
          if (problem) problems.push(`${field}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('answers 400 "Malformed JSON" for broken JSON', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ada",',
    });
    expectError(res, 400, 'Malformed JSON in request body');
  });

  it.each([
    '{"__proto__": {"isAdmin": true}, "name": "Ada", "email": "ada@example.com", "message": "Hi"}',
    '{"name": "Ada", "email": "ada@example.com", "message": "Hi", "constructor": {"prototype": {"isAdmin": true}}}',
  ])('says what is wrong with a prototype-pollution key, instead of "Malformed JSON": %s', async (payload) => {
    const res = await inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectError(res, 400, FORBIDDEN_KEY_MESSAGE);
  });

  it('answers 413 for a body over 1 MB, before anything else', async () => {
    const before = await snapshot();
    const big = JSON.stringify({ ...validBook, description: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const headers = { 'content-type': 'application/json' };
    expectError(
      await inject({
        method: 'POST',
        url: '/api/books',
        headers: { ...headers, ...bearer(context.token) },
        payload: big,
      }),
      413,
      'Request body is too large (at most 1 MB)',
    );
    expectError(await inject({ method: 'POST', url: '/api/contact', headers, payload: big }), 413);
    expectError(await inject({ method: 'POST', url: '/api/books', headers, payload: big }), 413);
    expect(await snapshot()).toEqual(before);
  });

  it('accepts a body just under 1 MB (the limit is on bytes, the field bounds on characters)', async () => {
    const res = await inject({
      method: 'POST',
      url: '/api/excerpts',
      headers: bearer(context.token),
      payload: { ...validExcerpt(ids.book), content: 'é'.repeat(200_000) },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
  });

  it.each([
    ['text/plain', 'hello', 400],
    ['application/x-www-form-urlencoded', 'title=x&status=published', 415],
    ['application/xml', '<book/>', 415],
    [
      multipartBody([{ field: 'title', content: 'x' }]).headers['content-type']!,
      multipartBody([{ field: 'title', content: 'x' }]).payload,
      415,
    ],
  ])('refuses a %s body to a JSON endpoint', async (contentType, payload, status) => {
    const before = await snapshot();
    const res = await inject({
      method: 'POST',
      url: '/api/books',
      headers: { ...bearer(context.token), 'content-type': contentType },
      payload,
    });
    expectError(res, status);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a JSON write with no body at all', async () => {
    expectError(await inject({ method: 'POST', url: '/api/contact' }), 400);
    expectError(
      await inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '',
      }),
      400,
      'Request body is empty',
    );
  });
});

describe('reads with bad parameters', () => {
  it.each([
    ['/api/blog?category=a&category=b', 400],
    ['/api/blog?category=%00', 400],
    [`/api/books/${'x'.repeat(150)}`, 400],
    [`/api/books/${'x'.repeat(300)}`, 414],
    ['/api/books/%00', 404],
    ['/api/books/%E2%98%A0', 404],
    ['/api/excerpts/..%2F..%2Fetc%2Fpasswd', 404],
  ])('GET %s answers %i with a JSON error', async (url, status) => {
    expectError(await inject({ method: 'GET', url }), status);
  });

  it('answers 400 JSON to a malformed URL', async () => {
    expectError(await inject({ method: 'GET', url: '/api/books/%ZZ' }), 400);
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api/books/some-id/extra'],
    ['POST', '/api/unknown'],
    ['DELETE', '/api/books'],
    ['PATCH', '/api/books/some-id'],
    ['GET', '/api/admin'],
    ['GET', '/nothing-here'],
  ] as const)('%s %s answers 404 JSON', async (method, url) => {
    const message = expectError(await inject({ method, url }), 404);
    expect(message).toContain('Not found');
  });
});

describe('odd Authorization headers', () => {
  it.each([
    'Bearer',
    'Bearer    ',
    'Basic YWRtaW46YWRtaW4=',
    `Bearer ${'x'.repeat(10_000)}`,
    'Bearer ☠☠☠',
    `Token ${TEST_ADMIN_PASSWORD}`,
  ])('refuses %j with 401', async (authorization) => {
    const res = await inject({
      method: 'GET',
      url: '/api/admin/verify',
      headers: { authorization },
      remoteAddress: freshAddress(),
    });
    expectError(res, 401);
  });

  it('accepts the bearer scheme in any case', async () => {
    const res = await inject({
      method: 'GET',
      url: '/api/admin/verify',
      headers: { authorization: `bearer ${context.token}` },
    });
    expect(res.statusCode).toBe(200);
  });
});
