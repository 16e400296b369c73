import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, runsJobs, workerPids } from '../../../scripts/lib/cluster-processes.mjs';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';
import { FREE_FAILURES } from '../../server/auth/guess-throttle.js';
import { LIMITS } from '../../server/rate-limit/request-limits.js';

type Answer = { status: number; body: string };

/**
 * One request on a connection of its own (no keep-alive): the cluster hands each new connection
 * to the next worker, so a series of these reaches every worker.
 */
function request(
  server: ProductionServer,
  method: string,
  urlPath: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: urlPath,
        method,
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...options.headers },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const countOf = (answers: Answer[], status: number) => answers.filter((answer) => answer.status === status).length;

/** WORKERS=2 on the production build: two server processes on one port, one SQLite file. */
describe('WORKERS=2', () => {
  let work = '';
  let dataDir = '';
  let server: ProductionServer;
  let token = '';

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'site-workers-'));
    dataDir = path.join(work, 'data');
    // TRUST_PROXY: each test sprays from its own address (X-Forwarded-For), so their limits stay apart.
    server = await startProductionServer({
      DATA_DIR: dataDir,
      WORKERS: '2',
      RATE_LIMITS: 'on',
      TRUST_PROXY: 'true',
      BACKUP_EVERY: 'off',
    });
    await waitFor(() => (workerPids(server.pid).length === 2 ? true : undefined), 'two workers');
    const login = await request(server, 'POST', '/api/admin/login', {
      body: { password: server.adminPassword },
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    token = (JSON.parse(login.body) as { token: string }).token;
  });
  afterAll(async () => {
    await server?.stop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('runs two workers under one primary, which owns server.pid; one worker has the job role', () => {
    const workers = workerPids(server.pid);
    expect(workers).toHaveLength(2);
    expect(workers.filter(runsJobs)).toHaveLength(1);
  });

  it('a write through one worker is seen by an immediate read from every other: API list and rendered page', async () => {
    const reader = { 'x-forwarded-for': '192.0.2.2' };
    const reads = () =>
      Promise.all(
        Array.from({ length: 6 }, (_, n) => request(server, 'GET', n % 2 ? '/blog' : '/api/blog', { headers: reader })),
      );
    // Both workers have the list and the page in their caches before the write.
    for (const answer of await reads()) expect(answer.status).toBe(200);
    for (const answer of await reads()) expect(answer.status).toBe(200);

    const title = `Written through one worker ${Date.now()}`;
    const created = await request(server, 'POST', '/api/blog', {
      body: {
        title,
        summary: 'Seen by all.',
        content: 'Text.',
        category: 'announcements',
        coverImage: 'https://example.com/c.png',
      },
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' },
    });
    expect(created.status, created.body).toBe(201);
    // Sequential, each on a new connection: the workers take turns answering.
    for (let n = 0; n < 8; n++) {
      const answer = await request(server, 'GET', n % 4 < 2 ? '/api/blog' : '/blog', { headers: reader });
      expect(answer.status).toBe(200);
      expect(answer.body).toContain(title);
    }
  });

  it('stores every one of 120 writes sent at once through both workers', async () => {
    const marker = `parallel-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, n) =>
        request(server, 'POST', '/api/contact', {
          body: { name: 'Many at once', email: `reader${n}@example.com`, message: `${marker} ${n}` },
          // Each from its own address: the form limit is per address.
          headers: { 'x-forwarded-for': `198.18.${n >> 8}.${n & 255}` },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(120).fill(201));
    const listed = await request(server, 'GET', '/api/admin/contact', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '192.0.2.1' },
    });
    const stored = (JSON.parse(listed.body) as Array<{ message: string }>).filter((row) =>
      row.message.startsWith(marker),
    );
    expect(new Set(stored.map((row) => row.message)).size).toBe(120);
  });

  it('counts the read limit of an address across workers: the limit is served, not one more', async () => {
    const limit = LIMITS.publicRead.limit;
    const headers = { 'x-forwarded-for': '198.51.100.10' };
    const answers: Answer[] = [];
    for (let sent = 0; sent < limit + 40; sent += 40) {
      answers.push(
        ...(await Promise.all(Array.from({ length: 40 }, () => request(server, 'GET', '/api/books', { headers })))),
      );
    }
    // Workers spend grants of the primary's count: at most a hit or two granted to one is left unspent.
    const served = countOf(answers, 200);
    expect(served).toBeLessThanOrEqual(limit);
    expect(served).toBeGreaterThanOrEqual(limit - 2);
    expect(countOf(answers, 429)).toBe(answers.length - served);
  });

  it('throttles password guesses spread over both workers as one guesser', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.20' };
    const guess = (n: number) =>
      request(server, 'POST', '/api/admin/login', { body: { password: `Wrong-guess-${n}!` }, headers });
    // The free failures and the first counted one, each on a new connection: the workers take turns.
    for (let n = 0; n <= FREE_FAILURES; n++) expect((await guess(n)).status).toBe(401);
    // Now the address waits 2 s, on every worker: with a throttle per worker, each would still have free tries.
    // The right password goes with the spray, so all of it arrives well within those 2 s.
    const [right, ...spray] = await Promise.all([
      request(server, 'POST', '/api/admin/login', { body: { password: server.adminPassword }, headers }),
      ...Array.from({ length: 24 }, (_, n) => guess(100 + n)),
    ]);
    expect(countOf(spray, 429)).toBe(spray.length);
    expect(right!.status).toBe(429);
  });

  it('kill -9 of the job worker under load: the other keeps serving, a new one takes its place and role', async () => {
    const [before, jobWorker] = [workerPids(server.pid), workerPids(server.pid).find(runsJobs)];
    expect(jobWorker).toBeDefined();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Array<{ at: number; ok: boolean; why?: string }> = [];
    let running = true;
    let sent = 0;
    const loop = async () => {
      while (running) {
        // Each request from its own address, so the read limit stays out of the way.
        const headers = { 'x-forwarded-for': `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent++ & 255}` };
        const outcome = await new Promise<{ ok: boolean; why?: string }>((resolve) => {
          http
            .get({ host: '127.0.0.1', port: server.port, path: '/api/books', agent, headers }, (response) => {
              response.resume();
              response.on('end', () => resolve({ ok: response.statusCode === 200, why: String(response.statusCode) }));
            })
            .on('error', (error: NodeJS.ErrnoException) => resolve({ ok: false, why: error.code ?? error.message }))
            // A connection the primary handed to the worker just before it died is never answered.
            .setTimeout(5_000, function (this: http.ClientRequest) {
              this.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
            });
        });
        outcomes.push({ at: Date.now(), ...outcome });
      }
    };
    const loops = Array.from({ length: 8 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const killedAt = Date.now();
    process.kill(jobWorker!, 'SIGKILL');
    const replacement = await waitFor(
      () => {
        const now = workerPids(server.pid);
        const fresh = now.find((pid) => !before.includes(pid));
        return now.length === 2 && fresh ? fresh : undefined;
      },
      'a new worker',
      90_000,
    );
    await waitFor(() => (runsJobs(replacement) ? true : undefined), 'the job role on the new worker', 90_000);
    await waitFor(
      () => (server.log().includes(`worker ${replacement} is serving`) ? true : undefined),
      'it to serve',
      90_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all(loops);
    agent.destroy();

    const failed = outcomes.filter((outcome) => !outcome.ok);
    const servedAfterKill = outcomes.filter((outcome) => outcome.ok && outcome.at > killedAt + 100);
    // At most the killed worker's in-flight requests: one per connection of the load.
    expect(
      failed.length,
      JSON.stringify(failed.map((outcome) => [outcome.at - killedAt, outcome.why])),
    ).toBeLessThanOrEqual(8);
    expect(servedAfterKill.length).toBeGreaterThan(20);
    expect(isAlive(jobWorker!)).toBe(false);
    // The new worker serves too: fresh connections reach both.
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(server, 'GET', '/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
  }, 180_000);

  it('SIGTERM stops the primary and every worker, and removes server.pid', async () => {
    const processes = [server.pid, ...workerPids(server.pid)];
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    await server.stop();
    expect(processes.filter(isAlive)).toEqual([]);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });
});
