import { availableParallelism, loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CALLS_PER_BATCH } from '../../../domain/limits.js';
import { LIMITS } from '../../site/rate-limit/request-limits.js';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { freshAddress } from '../../test-support/http.js';
import { createLongPosts } from '../../test-support/long-posts.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { MAX_SEARCHES_PER_REQUEST, TOO_MANY_SEARCHES_PER_REQUEST } from '../../trpc/trpc.js';

/** The probe's query: ten of the commonest words and a one-letter prefix. */
const HEAVY_QUERY = 'the and of a to in was it her t';

const context = {} as { t: TestApp; removeBuild: () => Promise<void>; baseUrl: string };

beforeAll(async () => {
  const build = await createFakeClientBuild();
  // Over real sockets, so the server's event loop is shared as in production; the addresses are
  // told by a trusted proxy's X-Forwarded-For.
  context.t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' }, { clientDir: build.clientDir });
  context.removeBuild = build.remove;
  context.baseUrl = await context.t.app.listen({ host: '127.0.0.1', port: 0 });
  // 300 posts of ~1,200 words, as in the probe.
  const startedAt = performance.now();
  await createLongPosts(context.t.services.db, 300);
  console.log(`300 posts written in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);
}, 240_000);

afterAll(async () => {
  await context.t.close();
  await context.removeBuild();
});

const searchUrl = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;

/** A GET tRPC batch of `count` searches for `q`. */
function batchUrl(q: string, count: number): string {
  const input = Object.fromEntries(Array.from({ length: count }, (_, n) => [n, { json: { q } }]));
  const paths = Array.from({ length: count }, () => 'search.results').join(',');
  return `/trpc/${paths}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

async function get(url: string, address = freshAddress()) {
  const res = await fetch(`${context.baseUrl}${url}`, { headers: { 'x-forwarded-for': address } });
  return { statusCode: res.status, body: await res.text() };
}

/** The answer, how long it took, and how many searches ended meanwhile (what the request waited for, at most). */
async function timedGet(url: string, address = freshAddress()) {
  const gate = context.t.services.searchGate;
  const searchesBefore = gate.completed;
  const startedAt = performance.now();
  const res = await get(url, address);
  return {
    res: { ...res, json: <T>() => JSON.parse(res.body) as T },
    ms: performance.now() - startedAt,
    searchesMeanwhile: gate.completed - searchesBefore,
  };
}

/**
 * The most searches that may end while one other request is in flight, if that request waits for
 * the searches under way only and never for a queue of them: the gate's concurrency, plus one
 * that may end while this same process reads the answer (the client shares the server's event
 * loop here). Twelve queued searches would show as twelve. Wall-clock budgets (/healthz and
 * /books in milliseconds) are measured by `npm run bench:search -- --attack`, not asserted here.
 */
const mostSearchesSeen = () => context.t.services.searchGate.concurrency + 1;

/** Long enough for the server to have read a request sent just before and started on it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Searches from each address in `workerData` until told to stop; posts back what each was answered. */
const ATTACKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, addresses, inFlight } = workerData;
let attacking = true;
parentPort.once('message', () => { attacking = false; });
const tally = Object.fromEntries(addresses.map((address) => [address, { served: 0, refused: 0 }]));
const loop = async (address) => {
  while (attacking) {
    const res = await fetch(url, { headers: { 'x-forwarded-for': address } });
    await res.arrayBuffer();
    tally[address][res.status === 200 ? 'served' : 'refused'] += 1;
  }
};
Promise.all(addresses.flatMap((address) => Array.from({ length: inFlight }, () => loop(address)))).then(() =>
  parentPort.postMessage(tally),
);
`;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe('site search under attack (300 posts of ~1,200 words)', () => {
  it('still finds what a reader looks for, and answers the heavy query', async () => {
    const { res } = await timedGet(searchUrl(HEAVY_QUERY));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ results: unknown[] }>().results.length).toBeGreaterThan(0);
  });

  it(`refuses the searches of a GET batch past ${MAX_SEARCHES_PER_REQUEST}, and /healthz answers meanwhile`, async () => {
    // The most calls a batch may carry (a bigger one is refused whole, before any search runs).
    const batch = timedGet(batchUrl(HEAVY_QUERY, MAX_CALLS_PER_BATCH));
    await settle();
    const health = await timedGet('/healthz');
    const { res } = await batch;
    expect(health.res.statusCode).toBe(200);
    expect(health.searchesMeanwhile).toBeLessThanOrEqual(mostSearchesSeen());
    const answers = res.json<Array<{ result?: unknown; error?: { json: { message: string } } }>>();
    expect(answers).toHaveLength(MAX_CALLS_PER_BATCH);
    expect(answers.slice(0, MAX_SEARCHES_PER_REQUEST).every((answer) => answer.result)).toBe(true);
    for (const answer of answers.slice(MAX_SEARCHES_PER_REQUEST))
      expect(answer.error?.json.message).toBe(TOO_MANY_SEARCHES_PER_REQUEST);
  });

  it('answers /healthz between searches while twelve addresses each send the heavy search at once', async () => {
    const searches = Array.from({ length: 12 }, () => timedGet(searchUrl(HEAVY_QUERY)));
    await settle();
    const health = await timedGet('/healthz');
    const answers = await Promise.all(searches);
    expect(health.res.statusCode).toBe(200);
    expect(health.searchesMeanwhile).toBeLessThanOrEqual(mostSearchesSeen());
    expect(answers.every(({ res }) => res.statusCode === 200 || res.statusCode === 429)).toBe(true);
  });

  it('serves /books between searches, never after a queue of them, while two addresses search as fast as they are allowed', async () => {
    const reader = freshAddress();
    // The page has been visited before (its render is cached), as on a live site.
    expect((await get('/books', reader)).statusCode).toBe(200);
    const attackers = [freshAddress(), freshAddress()];
    // The attackers run in a thread of their own, as on another machine: four requests in flight per
    // address, each sent the moment the previous one is answered.
    const attack = new Worker(ATTACKER, {
      eval: true,
      workerData: { url: `${context.baseUrl}${searchUrl(HEAVY_QUERY)}`, addresses: attackers, inFlight: 4 },
    });
    const tallies = new Promise<Record<string, { served: number; refused: number }>>((resolve, reject) => {
      attack.once('message', resolve);
      attack.once('error', reject);
    });
    const pageTimes: number[] = [];
    const searchesWaited: number[] = [];
    const until = performance.now() + 4_000;
    while (performance.now() < until) {
      const { res, ms, searchesMeanwhile } = await timedGet('/books', reader);
      expect(res.statusCode).toBe(200);
      pageTimes.push(ms);
      searchesWaited.push(searchesMeanwhile);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    attack.postMessage('stop');
    const tally = await tallies;
    await attack.terminate();
    const p99 = percentile(pageTimes, 99);
    console.log(
      `/books under a search attack: ${pageTimes.length} pages, p50 ${percentile(pageTimes, 50).toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms (load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores); ` +
        `searches per address ${JSON.stringify(Object.values(tally))}`,
    );
    // A page waits for the searches under way at most (one on SQLite, two on PostgreSQL), never for a queue of them.
    expect(percentile(searchesWaited, 99)).toBeLessThanOrEqual(mostSearchesSeen());
    // Each address was held to its search budget: a heavy search costs more than one unit.
    for (const address of attackers) {
      expect(tally[address]!.served).toBeLessThanOrEqual(LIMITS.searchCost.limit);
      expect(tally[address]!.refused).toBeGreaterThan(0);
    }
  });
});
