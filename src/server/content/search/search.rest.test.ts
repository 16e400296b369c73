import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../domain/search.js';
import { EMPTY_SEARCH_QUERY, SEARCH_QUERY_TOO_LONG } from '../../../domain/search.schema.js';
import { LIMITS } from '../../site/rate-limit/request-limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import { HOSTILE_QUERIES } from '../../test-support/hostile-search-queries.js';
import { bearer, createVia, expectError, freshAddress } from '../../test-support/http.js';
import { validBlogPost, validBook, validExcerpt } from '../../test-support/test-app.js';

const context = useTestApp();
const limited = useTestApp({ RATE_LIMITS: 'on' });

/** Percent-encoded; a lone surrogate (not encodable) goes as the bytes a careless client would send. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const isWellFormed = (q: string) => q.match(LONE_SURROGATE) === null;
const encodeQuery = (q: string) =>
  encodeURIComponent(q.replace(LONE_SURROGATE, '\ufffd')).replace(/%EF%BF%BD/g, '%ED%A0%80');
const searchUrl = (q: string, extra = '') => `/api/search?q=${encodeQuery(q)}${extra}`;
/** Query strings no browser would send: malformed percent escapes and invalid UTF-8. */
const MALFORMED_QUERY_STRINGS = ['%', '%%', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%00', 'a%2', '%C0%AF'];
const search = (q: string, extra = '') =>
  context.t.app.inject({ method: 'GET', url: searchUrl(q, extra), remoteAddress: freshAddress() });

type Answer = { query: string; results: Array<Record<string, unknown>>; hasMore: boolean };

describe('GET /api/search', () => {
  it('answers the documented shape for each kind of result', async () => {
    const book = await createVia(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'The Gloaming Crown',
    });
    const excerpt = await createVia(context.t.app, '/api/excerpts', context.token, {
      ...validExcerpt(book.id),
      title: 'Gloaming',
      spoilerLevel: 'minor',
    });
    const post = await createVia<{ id: string; publishedAt: string }>(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      title: 'Notes on the gloaming',
    });

    const res = await search('gloaming');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const answer = res.json<Answer>();
    expect(Object.keys(answer).sort()).toEqual(['hasMore', 'query', 'results']);
    expect(answer.query).toBe('gloaming');
    expect(answer.hasMore).toBe(false);
    const byKind = Object.fromEntries(answer.results.map((hit) => [hit.kind, hit]));
    expect(byKind.book).toEqual({
      kind: 'book',
      id: book.id,
      url: '/books/the-gloaming-crown',
      title: 'The Gloaming Crown',
      titleHtml: 'The <mark>Gloaming</mark> Crown',
      snippetHtml: 'A queen without a kingdom.',
      titleSegments: [
        { text: 'The ', marked: false },
        { text: 'Gloaming', marked: true },
        { text: ' Crown', marked: false },
      ],
      snippetSegments: [{ text: 'A queen without a kingdom.', marked: false }],
    });
    expect(byKind.excerpt).toEqual({
      kind: 'excerpt',
      id: excerpt.id,
      url: `/excerpts/${excerpt.slug}`,
      title: 'Gloaming',
      titleHtml: '<mark>Gloaming</mark>',
      snippetHtml: expect.any(String),
      titleSegments: [{ text: 'Gloaming', marked: true }],
      snippetSegments: expect.any(Array),
      spoilerLevel: 'minor',
      bookTitle: 'The Gloaming Crown',
    });
    expect(byKind.post).toEqual({
      kind: 'post',
      id: post.id,
      url: '/blog/notes-on-the-gloaming',
      title: 'Notes on the gloaming',
      titleHtml: 'Notes on the <mark>gloaming</mark>',
      snippetHtml: 'A new chapter for subscribers. First paragraph. Second paragraph.',
      titleSegments: [
        { text: 'Notes on the ', marked: false },
        { text: 'gloaming', marked: true },
      ],
      snippetSegments: [{ text: 'A new chapter for subscribers. First paragraph. Second paragraph.', marked: false }],
      category: 'announcements',
      publishedAt: post.publishedAt,
    });
  });

  it('follows writes made through the API at once', async () => {
    const post = await createVia(context.t.app, '/api/blog', context.token, { ...validBlogPost, title: 'Thornwick' });
    expect((await search('thornwick')).json<Answer>().results.map((hit) => hit.id)).toEqual([post.id]);
    const updated = await context.t.app.inject({
      method: 'PUT',
      url: `/api/blog/${post.id}`,
      headers: bearer(context.token),
      payload: { ...validBlogPost, title: 'Briarwick' },
    });
    expect(updated.statusCode).toBe(200);
    expect((await search('thornwick')).json<Answer>().results).toEqual([]);
    expect((await search('briarwick')).json<Answer>().results.map((hit) => hit.id)).toEqual([post.id]);
    const deleted = await context.t.app.inject({
      method: 'DELETE',
      url: `/api/blog/${post.id}`,
      headers: bearer(context.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await search('briarwick')).json<Answer>().results).toEqual([]);
  });

  it('answers 200 with no results when nothing searchable is left of the words', async () => {
    for (const q of ['*', '"', '()', '😀']) {
      const res = await search(q);
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
      expect(res.json<Answer>().results, q).toEqual([]);
    }
    // An operator word is only a word: it finds the text that has it.
    const post = await createVia(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      title: 'Do not wake the marsh',
    });
    const operatorWord = await search('NOT');
    expect(operatorWord.statusCode).toBe(200);
    const hits = operatorWord.json<Answer>().results;
    expect(hits.map((hit) => hit.id)).toContain(post.id);
    for (const hit of hits) expect(`${String(hit.titleHtml)} ${String(hit.snippetHtml)}`).toMatch(/<mark>not/i);
    expect((await search('***')).json<Answer>()).toEqual({ query: '***', results: [], hasMore: false });
  });

  it('refuses a missing, blank or too long query and a bad limit with 400, saying why', async () => {
    const get = (url: string) => context.t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() });
    expectError(await get('/api/search'), 400, EMPTY_SEARCH_QUERY);
    expectError(await get('/api/search?q='), 400, EMPTY_SEARCH_QUERY);
    expectError(await get('/api/search?q=%20%20%20'), 400, EMPTY_SEARCH_QUERY);
    expectError(await get(searchUrl('a'.repeat(SEARCH_QUERY_MAX_LENGTH + 1))), 400, SEARCH_QUERY_TOO_LONG);
    expectError(await get(searchUrl('x'.repeat(10_000))), 400, SEARCH_QUERY_TOO_LONG);
    expectError(await get('/api/search?q=a&q=b'), 400);
    for (const limit of ['0', '51', 'abc', '1.5', '-1', ''])
      expectError(await get(`${searchUrl('ash')}&limit=${limit}`), 400, /limit/);
    expect((await get(searchUrl('a'.repeat(SEARCH_QUERY_MAX_LENGTH)))).statusCode).toBe(200);
    expect((await get(`${searchUrl('ash')}&limit=50`)).statusCode).toBe(200);
  });

  it('stands many hostile queries at once: only 200 or 400, never a 500', async () => {
    await createVia(context.t.app, '/api/blog', context.token, {
      ...validBlogPost,
      title: 'NEAR the crown',
      content: 'title: body: (a) "b" * ^ 灰の王冠',
    });
    const queries = [...HOSTILE_QUERIES, ...HOSTILE_QUERIES.map((query) => `crown ${query}`)];
    const urls = [
      ...queries.map((q) => searchUrl(q)),
      // Some sent raw (not percent-encoded), as a careless or hostile client would.
      ...queries.filter((q) => q.length < 100 && !/[\s#&%?]/.test(q)).map((q) => `/api/search?q=${q}`),
      ...MALFORMED_QUERY_STRINGS.map((raw) => `/api/search?q=${raw}`),
      ...MALFORMED_QUERY_STRINGS.map((raw) => `/api/search?q=ash&limit=${raw}`),
    ];
    const requests = Array.from({ length: 3 }, () => urls).flat();
    const answers = await Promise.all(
      requests.map((url) => context.t.app.inject({ method: 'GET', url, remoteAddress: freshAddress() })),
    );
    const statuses = new Set(answers.map((res) => res.statusCode));
    for (const status of statuses) expect([200, 400]).toContain(status);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThan(requests.length / 2);
  });

  it('stands hostile queries through tRPC too, batched', async () => {
    const short = HOSTILE_QUERIES.filter((q) => q.length < 100 && isWellFormed(q));
    const batches = Array.from({ length: Math.ceil(short.length / 10) }, (_, index) =>
      short.slice(index * 10, index * 10 + 10),
    );
    const responses = await Promise.all(
      batches.map((batch) => {
        const input = Object.fromEntries(batch.map((q, index) => [index, { json: { q } }]));
        const paths = batch.map(() => 'search.results').join(',');
        return context.t.app.inject({
          method: 'GET',
          url: `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
          remoteAddress: freshAddress(),
        });
      }),
    );
    for (const [index, res] of responses.entries()) {
      expect([200, 207, 400], res.body.slice(0, 300)).toContain(res.statusCode);
      const answers = res.json<Array<{ result?: unknown; error?: { json: { data: { httpStatus: number } } } }>>();
      expect(answers).toHaveLength(batches[index]!.length);
      for (const answer of answers) if (answer.error) expect(answer.error.json.data.httpStatus).toBe(400);
    }
  });
});

describe('GET /api/search rate limit', () => {
  it('counts against the per-address limit of public reads, answering 429 with Retry-After past it', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: LIMITS.publicRead.limit }, () =>
        limited.t.app.inject({ method: 'GET', url: '/api/books', remoteAddress: address }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const refused = await limited.t.app.inject({ method: 'GET', url: searchUrl('ash'), remoteAddress: address });
    expectError(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('holds an address to its search budget (a search costs one unit at least), answering 429 past it', async () => {
    const address = freshAddress();
    let served = 0;
    for (;;) {
      const res = await limited.t.app.inject({
        method: 'GET',
        url: searchUrl(`ash${served % 7}`),
        remoteAddress: address,
      });
      if (res.statusCode !== 200) {
        expectError(res, 429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        break;
      }
      served += 1;
      expect(served).toBeLessThanOrEqual(LIMITS.searchCost.limit);
    }
    // A quick search costs one unit; a slow moment of the machine may have charged a few more.
    expect(served).toBeGreaterThan(LIMITS.searchCost.limit / 2);
    // Another address is not affected.
    const other = await limited.t.app.inject({ method: 'GET', url: searchUrl('ash'), remoteAddress: freshAddress() });
    expect(other.statusCode).toBe(200);
  });
});
