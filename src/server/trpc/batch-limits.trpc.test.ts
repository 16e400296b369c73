import superjson from 'superjson';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_BATCH } from '../../domain/limits.js';
import { useTestApp } from '../test-support/app-context.js';
import { bearer } from '../test-support/http.js';
import { ANSWER_TOO_LARGE, BATCH_TOO_LARGE } from './trpc.js';
import { TOO_MANY_CALLS } from '../site/http/procedure-errors.js';

const context = useTestApp();
const limited = useTestApp({ RATE_LIMITS: 'on' });

/** Posts of `words` words written straight into the database, as a big import leaves them. */
async function seedPosts(count: number, words: number, into = context): Promise<void> {
  const text = Array.from({ length: words }, (_, n) => `word${n % 97}`).join(' ');
  const rows = Array.from({ length: count }, (_, n) => ({
    id: `heavy-${String(n).padStart(4, '0')}`,
    title: `Heavy post ${n}`,
    summary: `Summary ${n}`,
    content: text,
    category: 'announcements',
    coverImage: '',
    publishedAt: new Date(Date.UTC(2030, 0, 1) - n * 60_000).toISOString(),
    slug: `heavy-post-${n}`,
  }));
  for (let start = 0; start < rows.length; start += 100)
    await into.t.services.db
      .insertInto('blogPosts')
      .values(rows.slice(start, start + 100))
      .execute();
  into.t.services.cache.clear();
}

const batchUrl = (calls: number, input?: unknown) => {
  const inputs =
    input === undefined
      ? ''
      : `&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, n) => [n, superjson.serialize(input)]))))}`;
  return `/trpc/${Array(calls).fill('blog.list').join(',')}?batch=1${inputs}`;
};

type BatchAnswer = Array<{
  result?: unknown;
  error?: { json: { message: string; data: { httpStatus: number; path?: string } } };
}>;

/**
 * Issue 30: `GET /trpc/blog.list,…(×20)?batch=1` serialised every post's text twenty times per request, and ten such
 * requests at once ran the server out of memory. A batch carries at most MAX_CALLS_PER_BATCH calls, and each answer
 * and each request's answers are weighed before they are sent.
 */
describe('the cost of a tRPC batch is bounded', () => {
  beforeAll(() => seedPosts(300, 1_200));

  it('refuses the attack’s batch of 20 calls whole, with 400 and the reason, ten at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => context.t.app.inject({ method: 'GET', url: batchUrl(20) })),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      expect(res.body.length).toBeLessThan(1_000);
      expect(res.json()).toMatchObject({ error: { json: { message: TOO_MANY_CALLS } } });
    }
  });

  it('refuses a batch of one call more than the cap, GET or POST, admin or not', async () => {
    const calls = MAX_CALLS_PER_BATCH + 1;
    const get = await context.t.app.inject({
      method: 'GET',
      url: `/trpc/${Array(calls).fill('admin.verify').join(',')}?batch=1`,
      headers: bearer(context.token),
    });
    expect(get.statusCode).toBe(400);
    expect(get.json()).toMatchObject({ error: { json: { message: TOO_MANY_CALLS } } });
    const post = await context.t.app.inject({
      method: 'POST',
      url: `/trpc/${Array(calls).fill('contact.send').join(',')}?batch=1`,
      payload: Object.fromEntries(Array.from({ length: calls }, (_, n) => [n, superjson.serialize({})])),
    });
    expect(post.statusCode).toBe(400);
    expect(post.json()).toMatchObject({ error: { json: { message: TOO_MANY_CALLS } } });
  });

  it('serves a batch of the cap’s size whose answers fit', async () => {
    const res = await context.t.app.inject({ method: 'GET', url: batchUrl(MAX_CALLS_PER_BATCH, { limit: 2 }) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(JSON.parse(res.body) as BatchAnswer).toHaveLength(MAX_CALLS_PER_BATCH);
  });

  it('answers 413 to a batch whose answers together would be over the request’s limit', async () => {
    const res = await context.t.app.inject({ method: 'GET', url: batchUrl(MAX_CALLS_PER_BATCH, { limit: 50 }) });
    expect(res.statusCode).toBe(413);
    const answers = JSON.parse(res.body) as BatchAnswer;
    // Refused whole: the calls that fitted before the limit was met send no posts either.
    expect(answers).toHaveLength(MAX_CALLS_PER_BATCH);
    expect(answers.every((answer) => answer.error?.json.message === BATCH_TOO_LARGE)).toBe(true);
    expect(answers.every((answer) => answer.error?.json.data.httpStatus === 413)).toBe(true);
    expect(answers.every((answer) => answer.error?.json.data.path === 'blog.list')).toBe(true);
    expect(res.body.length).toBeLessThan(10_000);
  });

  it('answers 413 to one call whose answer alone would be over the limit', async () => {
    // 50 posts of 1,200 words fit; of 6,000 longer words, one page is over the limit of one answer.
    const heavy = Array.from({ length: 6_000 }, (_, n) => `longerword${n % 89}`).join(' ');
    await context.t.services.db.updateTable('blogPosts').set({ content: heavy }).execute();
    context.t.services.cache.clear();
    const res = await context.t.app.inject({ method: 'GET', url: '/api/blog?limit=50' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: ANSWER_TOO_LARGE });
  });

  it('renders served pages spread over the blog one at a time, from ten addresses at once', async () => {
    const gate = context.t.services.listGate;
    const spreadBatch = () => {
      const cursor = () => `heavy-${String(Math.floor(Math.random() * 300)).padStart(4, '0')}`;
      const inputs = Object.fromEntries(
        Array.from({ length: MAX_CALLS_PER_BATCH }, (_, n) => [n, superjson.serialize({ limit: 1, cursor: cursor() })]),
      );
      const paths = Array(MAX_CALLS_PER_BATCH).fill('blog.list').join(',');
      return `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
    };
    const completedBefore = gate.completed;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        context.t.app.inject({ method: 'GET', url: spreadBatch(), remoteAddress: `198.51.100.${n + 1}` }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(gate.completed - completedBefore).toBe(10 * MAX_CALLS_PER_BATCH);
    // The reads and renderings queued in the gate: never more at once than it lets through.
    expect(gate.peakRunning).toBeLessThanOrEqual(gate.concurrency);
  });
});

describe('pages of posts with their text, with the public limits on', () => {
  beforeAll(() => seedPosts(50, 200, limited));

  it('refuses with 429 what one address sends beyond one batch’s worth at once, and answers no 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        limited.t.app.inject({
          method: 'GET',
          url: batchUrl(MAX_CALLS_PER_BATCH, { limit: 5 }),
          remoteAddress: '203.0.113.9',
        }),
      ),
    );
    const calls = answers.flatMap((res) => JSON.parse(res.body) as BatchAnswer);
    const refused = calls.filter((call) => call.error?.json.data.httpStatus === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.result).length).toBeGreaterThanOrEqual(MAX_CALLS_PER_BATCH);
    expect(answers.every((res) => res.statusCode < 500)).toBe(true);
  });
});
