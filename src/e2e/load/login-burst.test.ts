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

  it('from 200 addresses: files and the API keep answering while the guesses are checked, memory under 300 MB', async () => {
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
    // The burst has reached the server once its first guesses are answered (those refused at once);
    // the admitted ones take two check slots for several scrypt checks each (~0.1-0.4 s apiece).
    while (settled === 0) await new Promise((resolve) => setImmediate(resolve));
    // Counted, not timed (how fast is `npm run bench:login-burst`'s to say): with the checks off the
    // event loop and file reads not starved of libuv's pool, every one of these is answered while
    // guesses are still being checked; a server the checks blocked would answer them after the burst.
    let answeredDuringBurst = 0;
    for (let n = 0; n < 10; n++) {
      for (const url of [file, `${server.baseUrl}/api/books`]) {
        const answer = await fetch(url);
        await answer.arrayBuffer();
        expect(answer.status).toBe(200);
        if (settled < 200) answeredDuringBurst += 1;
      }
    }
    const statuses = await Promise.all(guesses);

    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(answeredDuringBurst, 'file and API answers while guesses were still checked').toBe(20);
    expect(memoryMiB(server.pid).peak).toBeLessThan(300);
  });
});
