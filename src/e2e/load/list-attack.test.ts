import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import {
  attackUrl,
  burst,
  countStatuses,
  memoryOf,
  MOST_CALLS_SERVED,
  seedPosts,
  sustained,
  type BatchAnswer,
} from '../../../scripts/lib/list-attack.mjs';
import { MAX_CALLS_PER_BATCH } from '../../domain/limits.js';

/** The report's ceiling for the server's resident memory under the attack. */
const RSS_CEILING_MB = 400;
const POSTS = 5_000;

const clearAnswer = (answer: { status: number }) =>
  answer.status === 200 || (answer.status >= 400 && answer.status < 500);

/**
 * Issue 30, item 1: `GET /trpc/blog.list,blog.list,…(×20)?batch=1` sent ten at once ran the server out of memory.
 * Here against the compiled server as `npm start` runs it, with 5,000 posts of ~1,200 words (written straight into
 * its database), rate limits off (every batch is served) and TRUST_PROXY so each attacker has its own address.
 * The timings (/books p99 < 300 ms) are npm run bench:list-attack's.
 */
describe('the list attack, with 5,000 posts', () => {
  let server: ProductionServer;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'list-attack-'));
    const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', BACKUP_EVERY: 'off' };
    await (await startProductionServer(env)).stop();
    seedPosts(dataDir, POSTS);
    server = await startProductionServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const expectAlive = () => {
    expect(memoryOf(server.pid), server.log()).not.toBeNull();
    expect(server.log()).not.toMatch(/heap out of memory/i);
  };

  it('ten batches of blog.list ×20 at once: each refused whole with 400, memory flat', async () => {
    const answers = await burst(server.baseUrl, 10);
    expect(countStatuses(answers)).toEqual({ 400: 10 });
    expect(Math.max(...answers.map((answer) => answer.bytes))).toBeLessThan(1_000);
    expectAlive();
    expect(memoryOf(server.pid)!.peak).toBeLessThan(RSS_CEILING_MB);
  });

  it(`ten batches of the most calls served (${MAX_CALLS_PER_BATCH}) at once: 200 or 413, memory under the ceiling`, async () => {
    expect(MOST_CALLS_SERVED).toBe(MAX_CALLS_PER_BATCH);
    // Ten short pages fit in a request's answers; ten pages of 50 posts do not.
    const url = attackUrl(server.baseUrl, MAX_CALLS_PER_BATCH, { limit: 5 });
    const heavy = attackUrl(server.baseUrl, MAX_CALLS_PER_BATCH, { limit: 50 });
    const answers = await Promise.all(
      [...Array(5).fill(url), ...Array(5).fill(heavy)].map(async (target: string) => {
        const response = await fetch(target);
        return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      }),
    );
    const statuses = countStatuses(answers);
    expect(statuses['200'], JSON.stringify(statuses)).toBe(5);
    expect(statuses['413'], JSON.stringify(statuses)).toBe(5);
    expectAlive();
    expect(memoryOf(server.pid)!.peak).toBeLessThan(RSS_CEILING_MB);
  });

  it.each([
    ['the report’s batch of 20 calls', undefined],
    ['the heaviest batch served (10 calls of 50 posts)', { limit: 50 }],
  ])(
    'ten addresses sending %s one after another for 10 s: no crash, every answer 200 or 4xx, RSS < 400 MB',
    async (_, input) => {
      const url = input ? attackUrl(server.baseUrl, MAX_CALLS_PER_BATCH, input) : attackUrl(server.baseUrl);
      const run = await sustained(server.baseUrl, server.pid, { seconds: 10, addresses: 10, url });
      const failed = [...run.batches, ...run.probes].filter((answer) => !clearAnswer(answer));
      expect(failed, JSON.stringify(countStatuses(failed as BatchAnswer[]))).toEqual([]);
      expect(run.batches.length).toBeGreaterThan(10);
      expect(run.probes.length).toBeGreaterThan(0);
      expect(run.probes.every((probe) => probe.status === 200)).toBe(true);
      expectAlive();
      expect(run.peakRss).toBeLessThan(RSS_CEILING_MB);
      expect(memoryOf(server.pid)!.peak).toBeLessThan(RSS_CEILING_MB);
      // The site still answers its pages and lists afterwards.
      const blog = await fetch(`${server.baseUrl}/api/blog`);
      expect(blog.status).toBe(200);
      expect(((await blog.json()) as unknown[]).length).toBe(20);
    },
  );
});
