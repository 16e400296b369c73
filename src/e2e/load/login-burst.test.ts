import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductionServer, type ProductionServer } from '../../../scripts/lib/production-server.mjs';

/** Peak and current resident memory of a process, in MiB. */
function memoryMiB(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { peak: kib('VmHWM') / 1024, now: kib('VmRSS') / 1024 };
}

/** Password guesses as an attacker sends them: all at once, against the real compiled server. */
describe('a burst of password guesses', () => {
  let server: ProductionServer;
  beforeAll(async () => {
    // TRUST_PROXY lets each guess come from its own address (X-Forwarded-For), as from a botnet.
    server = await startProductionServer({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => server?.stop());

  const login = (password: string, address: string) =>
    fetch(`${server.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ password }),
    });

  it('from one address, with the right password among 100 wrong ones: no token, nearly all 429', async () => {
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, n) => login(`Wrong-Password-${n}!`, '203.0.113.7')),
      login(server.adminPassword, '203.0.113.7'),
    ]);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));
    expect(answers.filter((answer) => answer.status === 200)).toEqual([]);
    expect(bodies.some((body) => body.includes('token'))).toBe(false);
    expect(answers.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(99);
    for (const answer of answers.filter((a) => a.status === 429)) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('from 200 addresses: files and the API keep answering fast, and memory stays under 300 MB', async () => {
    const books = (await (await fetch(`${server.baseUrl}/api/books`)).json()) as Array<{ coverImage: string }>;
    const file = `${server.baseUrl}${books[0]!.coverImage}`;

    let settled = 0;
    const guesses = Array.from({ length: 200 }, (_, n) =>
      login(`Wrong-Password-${n}!`, `198.51.${n >> 8}.${n & 255}`).then(async (answer) => {
        await answer.arrayBuffer();
        settled += 1;
        return answer.status;
      }),
    );
    // Past the moment the 200 requests arrive together, while their password checks still run.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBeLessThan(200);
    const timings: number[] = [];
    for (let n = 0; n < 10; n++) {
      for (const url of [file, `${server.baseUrl}/api/books`]) {
        const started = performance.now();
        const answer = await fetch(url);
        await answer.arrayBuffer();
        expect(answer.status).toBe(200);
        timings.push(performance.now() - started);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const statuses = await Promise.all(guesses);

    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(Math.max(...timings)).toBeLessThan(200);
    expect(memoryMiB(server.pid).peak).toBeLessThan(300);
  });
});
