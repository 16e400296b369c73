import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobRunner } from '../operations/jobs/job-runner.js';
import { createFakeClientBuild } from '../test-support/fake-client-build.js';
import { openAdminSession } from '../test-support/sessions.js';
import { createTestApp, validBlogPost, type TestApp } from '../test-support/test-app.js';
import { contentFederationJob } from './content-federation.js';
import { fediverseQueueJob } from './fediverse-queue.js';

/**
 * Issue 35's delivery budget, measured (`npm run bench:federation`): a post to 10,000 followers on 500 servers is
 * queued in under a second and sent in batches without raising `/books` p99 above 100 ms. The figures are printed;
 * only counts are asserted (every live server got exactly one signed Create; a dead server's delivery is queued
 * again for later, not dropped and not retried at once). The back-off over a day: delivery-retry.test.ts.
 */

const SERVERS = 500;
const FOLLOWERS_PER_SERVER = 20;
/** The last ones are dead: five answer 500, five refuse the connection. */
const FAILING = 5;
const REFUSING = 5;
const LIVE = SERVERS - FAILING - REFUSING;
const SAMPLE_EVERY_MS = 25;

/**
 * The 500 remote servers, in a thread of their own (as on other machines: their work does not share the site's
 * event loop). Each is an HTTP server on a loopback port with a shared inbox at /inbox that answers 202 (or 500),
 * and counts what it was sent: the activities' types, and whether each came signed (draft-cavage `Signature` or
 * RFC 9421 `Signature-Input`) with the site's key.
 */
const REMOTES = `
const { parentPort, workerData } = require('node:worker_threads');
const { createServer } = require('node:http');
const { servers, failing, refusing } = workerData;
const tallies = [];
const handles = [];
async function start(index) {
  const status = index >= servers - failing - refusing && index < servers - refusing ? 500 : 202;
  const tally = { creates: 0, signed: 0, rfc9421: 0, others: 0, keyIds: [] };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      let type = null;
      try { type = JSON.parse(Buffer.concat(chunks).toString('utf8')).type; } catch {}
      if (request.method === 'POST' && request.url === '/inbox' && type === 'Create') {
        tally.creates += 1;
        const signature = [request.headers['signature-input'], request.headers['signature']].join(' ');
        if (typeof request.headers['signature'] === 'string') {
          tally.signed += 1;
          if (typeof request.headers['signature-input'] === 'string') tally.rfc9421 += 1;
          const keyId = /keyid="([^"]+)"/i.exec(signature)?.[1];
          if (keyId && !tally.keyIds.includes(keyId)) tally.keyIds.push(keyId);
        }
      } else tally.others += 1;
      response.writeHead(status).end();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = server.address().port;
  if (index >= servers - refusing) await new Promise((resolve) => server.close(resolve));
  else handles.push(server);
  tallies.push(tally);
  return port;
}
(async () => {
  const ports = [];
  for (let index = 0; index < servers; index++) ports.push(await start(index));
  parentPort.postMessage({ ports });
  parentPort.on('message', async (message) => {
    if (message === 'tally') return parentPort.postMessage({ tallies });
    for (const server of handles) server.closeAllConnections();
    await Promise.all(handles.map((server) => new Promise((resolve) => server.close(resolve))));
    parentPort.postMessage({ closed: true });
  });
})();
`;

type Tally = { creates: number; signed: number; rfc9421: number; others: number; keyIds: string[] };

const context = {} as {
  t: TestApp;
  removeBuild: () => Promise<void>;
  baseUrl: string;
  remotes: Worker;
  ports: number[];
  runner: JobRunner;
};

function ask<T>(message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    context.remotes.once('error', reject);
    context.remotes.once('message', (answer: T) => {
      context.remotes.off('error', reject);
      resolve(answer);
    });
    context.remotes.postMessage(message);
  });
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const serverOrigin = (port: number) => `http://127.0.0.1:${port}`;

beforeAll(async () => {
  context.remotes = new Worker(REMOTES, {
    eval: true,
    workerData: { servers: SERVERS, failing: FAILING, refusing: REFUSING },
  });
  const started = new Promise<{ ports: number[] }>((resolve, reject) => {
    context.remotes.once('message', resolve);
    context.remotes.once('error', reject);
  });
  const build = await createFakeClientBuild();
  context.removeBuild = build.remove;
  // The inboxes are on loopback: Fedify's own delivery fetches them as given (the site's outbound rules cover
  // remote documents only; no document is fetched here).
  context.t = await createTestApp({}, { clientDir: build.clientDir });
  context.baseUrl = await context.t.app.listen({ host: '127.0.0.1', port: 0 });
  context.ports = (await started).ports;

  // 10,000 accepted followers, 20 on each server, all with the server's shared inbox (as Mastodon, Misskey,
  // Pleroma and GoToSocial publish one).
  const createdAt = new Date(Date.UTC(2026, 0, 1)).toISOString();
  const rows = context.ports.flatMap((port, server) =>
    Array.from({ length: FOLLOWERS_PER_SERVER }, (_, n) => ({
      actorId: `${serverOrigin(port)}/users/reader${n}`,
      handle: `@reader${n}@server${server}.example`,
      server: `server${server}.example`,
      inbox: `${serverOrigin(port)}/users/reader${n}/inbox`,
      sharedInbox: `${serverOrigin(port)}/inbox`,
      followId: `${serverOrigin(port)}/follows/${n}`,
      status: 'accepted',
      createdAt,
    })),
  );
  for (let start = 0; start < rows.length; start += 500)
    await context.t.services.db
      .insertInto('fediverseFollowers')
      .values(rows.slice(start, start + 500))
      .execute();

  // A fediverse request notes the site's origin (no PUBLIC_URL here), as a remote server's lookup would.
  const actor = await fetch(`${context.baseUrl}/ap/actors/site`, { headers: { accept: 'application/activity+json' } });
  expect(actor.status).toBe(200);
  // The two fediverse jobs of the site's job runner (site-jobs.ts), as in production.
  const { services } = context.t;
  context.runner = new JobRunner(
    [
      fediverseQueueJob(services.fediverse.queue, services.fediverse.federation),
      contentFederationJob({ db: services.db, fediverse: services.fediverse, cache: services.cache }),
    ],
    { log: { error: (details, message) => console.error(message, details) }, db: services.db },
  );
}, 120_000);

afterAll(async () => {
  await context.runner?.stop();
  vi.restoreAllMocks();
  await context.t?.close();
  await context.removeBuild?.();
  if (context.remotes) {
    await ask('close');
    await context.remotes.terminate();
  }
});

/** `/books` over a real socket, its milliseconds. */
async function timedBooks(): Promise<number> {
  const startedAt = performance.now();
  const answer = await fetch(`${context.baseUrl}/books`);
  await answer.arrayBuffer();
  expect(answer.status).toBe(200);
  return performance.now() - startedAt;
}

async function sampleBooks(until: () => boolean, at: number[], when: number[] = []): Promise<void> {
  while (!until()) {
    when.push(performance.now());
    at.push(await timedBooks());
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
}

describe('a post to 10,000 followers on 500 servers', () => {
  it('is queued at once, reaches every live server exactly once, signed, and leaves the dead ones queued for later', async () => {
    const { services } = context.t;
    const { queue } = services.fediverse;
    const admin = context.t.callerWithKey(await openAdminSession(services));
    // What Fedify queued, and when: the fan-out message, then one delivery per inbox.
    let fanoutAt: number | null = null;
    let deliveriesQueuedAt: number | null = null;
    let deliveriesQueued = 0;
    const enqueueMany = queue.enqueueMany.bind(queue);
    vi.spyOn(queue, 'enqueueMany').mockImplementation(async (messages, options) => {
      await enqueueMany(messages, options);
      for (const message of messages as Array<{ type?: string; attempt?: number }>) {
        if (message.type === 'fanout') fanoutAt ??= performance.now();
        if (message.type === 'outbox' && message.attempt === 0) deliveriesQueued += 1;
      }
      if (deliveriesQueued >= SERVERS) deliveriesQueuedAt ??= performance.now();
    });

    // The page has been seen before (its render cached), as on a live site; then /books alone for a while.
    await timedBooks();
    const idle: number[] = [];
    const idleUntil = performance.now() + 2_000;
    await sampleBooks(() => performance.now() > idleUntil, idle);

    const rssBefore = process.memoryUsage().rss;
    const cpuBefore = process.cpuUsage();
    context.runner.start();
    const publishedAt = performance.now();
    await admin.blog.create({ ...validBlogPost, title: 'To ten thousand readers' });
    const answeredAt = performance.now();

    // /books every 25 ms until every live server has its Create (the tally asked for every 250 ms, by the test).
    let delivered = false;
    let deliveredAt = 0;
    const during: number[] = [];
    const sampledAt: number[] = [];
    const loopDelay = monitorEventLoopDelay({ resolution: 5 });
    loopDelay.enable();
    const sampling = sampleBooks(() => delivered, during, sampledAt);
    const deadline = performance.now() + 40_000;
    while (!delivered && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const sofar = (await ask<{ tallies: Tally[] }>('tally')).tallies;
      if (sofar.slice(0, LIVE).every((tally) => tally.creates >= 1)) {
        delivered = true;
        deliveredAt = performance.now();
      }
    }
    delivered = true;
    await sampling;
    loopDelay.disable();
    const slowest = during
      .map((ms, index) => ({ ms, at: sampledAt[index]! - publishedAt }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3);
    // The failed deliveries were given back to the queue (runDue waits for a batch's sends): let the job finish.
    await context.runner.stop();
    const rssAfter = process.memoryUsage().rss;
    const cpu = process.cpuUsage(cpuBefore);
    const tallies = (await ask<{ tallies: Tally[] }>('tally')).tallies;

    const queuedMs = (deliveriesQueuedAt ?? Number.NaN) - publishedAt;
    const sentMs = deliveredAt - publishedAt;
    const idleP99 = percentile(idle, 99);
    const duringP99 = percentile(during, 99);
    const verdict = (holds: boolean) => (holds ? 'holds' : 'DOES NOT HOLD');
    console.log(
      [
        `Delivery to ${SERVERS * FOLLOWERS_PER_SERVER} followers on ${SERVERS} servers (${LIVE} live), ` +
          `load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores:`,
        `  publish answered in ${(answeredAt - publishedAt).toFixed(0)} ms; fan-out queued after ` +
          `${((fanoutAt ?? Number.NaN) - publishedAt).toFixed(0)} ms; ${deliveriesQueued} deliveries queued after ` +
          `${queuedMs.toFixed(0)} ms (budget < 1,000 ms: ${verdict(queuedMs < 1_000)})`,
        `  every live server had its Create after ${sentMs.toFixed(0)} ms; the site's process used ` +
          `${((cpu.user + cpu.system) / 1000).toFixed(0)} ms of CPU meanwhile (the remote servers run in a thread of their own, counted too)`,
        `  /books idle: ${idle.length} pages, p50 ${percentile(idle, 50).toFixed(1)} ms, p99 ${idleP99.toFixed(1)} ms`,
        `  /books during delivery: ${during.length} pages, p50 ${percentile(during, 50).toFixed(1)} ms, ` +
          `p99 ${duringP99.toFixed(1)} ms, max ${Math.max(...during).toFixed(1)} ms ` +
          `(budget p99 <= 100 ms: ${verdict(duringP99 <= 100)})`,
        `  slowest pages: ${slowest.map((page) => `${page.ms.toFixed(0)} ms at +${page.at.toFixed(0)} ms`).join(', ')}; ` +
          `event loop delay max ${(loopDelay.max / 1e6).toFixed(0)} ms, p99 ${(loopDelay.percentile(99) / 1e6).toFixed(0)} ms`,
        `  RSS ${mb(rssBefore)} before, ${mb(rssAfter)} after`,
      ].join('\n'),
    );

    // Every live server: exactly one Create, signed with the site's key; nothing else.
    const live = tallies.slice(0, LIVE);
    expect(live.filter((tally) => tally.creates === 1 && tally.signed === 1).length).toBe(LIVE);
    expect(live.reduce((sum, tally) => sum + tally.others, 0)).toBe(0);
    const keyIds = new Set(live.flatMap((tally) => tally.keyIds));
    expect([...keyIds].every((keyId) => keyId.startsWith(`${context.baseUrl}/ap/actors/site#`))).toBe(true);
    // The servers that answer 500 were tried once each, not again at once: one attempt is two requests, RFC 9421
    // first and, on its failure, the draft-cavage signature (Fedify's double knock).
    const failing = tallies.slice(LIVE, LIVE + FAILING);
    expect(failing.map((tally) => [tally.creates, tally.signed, tally.rfc9421])).toEqual(
      Array(FAILING).fill([2, 2, 1]),
    );
    // The dead servers' deliveries are queued again, each once, for a later try; nothing else is left.
    const left = await services.db.selectFrom('fediverseQueue').select(['message', 'runAt']).execute();
    const retries = left.map((row) => ({
      message: JSON.parse(row.message) as { type: string; inbox: string; attempt: number },
      runAt: new Date(row.runAt).getTime(),
    }));
    const deadInboxes = context.ports.slice(LIVE).map((port) => `${serverOrigin(port)}/inbox`);
    expect(retries.map((retry) => retry.message.inbox).sort()).toEqual([...deadInboxes].sort());
    expect(retries.every((retry) => retry.message.type === 'outbox' && retry.message.attempt === 1)).toBe(true);
    expect(retries.every((retry) => retry.runAt > Date.now() + 30_000)).toBe(true);
  }, 90_000);
});
