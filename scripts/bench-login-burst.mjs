// `npm run bench:login-burst`: how fast the production server keeps serving a file and the API
// while 200 password guesses from 200 addresses arrive at once (a botnet's burst, over real
// sockets, the addresses told by X-Forwarded-For).
//
//   Budget: every file and API answer during the burst within 200 ms (the slowest of 20, per
//   round), the server's peak RSS under 300 MB.
//
// The test src/e2e/load/login-burst.test.ts checks the same burst by counts (every answer comes
// back while the guesses are still being checked) and the RSS ceiling; this script holds the
// wall-clock budget, which only means something on a machine that is not busy with other work.
// Options: --rounds N (default 5; the median and the worst round are reported), --no-fail.
import { readFileSync } from 'node:fs';
import { percentile, parseFlags, positiveNumber } from './lib/load-stats.mjs';
import { ensureBuild, startProductionServer } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run bench:login-burst [-- --rounds N] [--no-fail]';
const BUDGET = { maxLatencyMs: 200, peakRssMb: 300 };
const GUESSES = 200;

const flags = parseFlags({ rounds: { type: 'string' }, 'no-fail': { type: 'boolean' } }, USAGE);
const rounds = Math.round(positiveNumber(flags.rounds, 5, 'rounds', USAGE, { max: 50 }));

/** Peak resident memory of a process in MB (VmHWM), from /proc (Linux). */
function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : NaN;
}

ensureBuild();
// TRUST_PROXY lets each guess come from its own address (X-Forwarded-For).
const server = await startProductionServer({ TRUST_PROXY: 'true' });
let failed = false;
try {
  const books = await (await fetch(`${server.baseUrl}/api/books`)).json();
  const urls = [`${server.baseUrl}${books[0].coverImage}`, `${server.baseUrl}/api/books`];
  const worst = [];
  const all = [];
  for (let round = 0; round < rounds; round++) {
    let settled = 0;
    const guesses = Array.from({ length: GUESSES }, (_, n) =>
      fetch(`${server.baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.${51 + round}.${n >> 8}.${n & 255}` },
        body: JSON.stringify({ password: `Wrong-Password-${round}-${n}!` }),
      }).then(async (answer) => {
        await answer.arrayBuffer();
        settled += 1;
      }),
    );
    while (settled === 0) await new Promise((resolve) => setImmediate(resolve));
    const timings = [];
    for (let n = 0; n < 10; n++) {
      for (const url of urls) {
        const started = performance.now();
        const answer = await fetch(url);
        await answer.arrayBuffer();
        if (answer.status !== 200) throw new Error(`${url} answered ${answer.status} during the burst`);
        timings.push(performance.now() - started);
      }
    }
    await Promise.all(guesses);
    worst.push(Math.max(...timings));
    all.push(...timings);
    console.log(
      `round ${round + 1}: file/API p50 ${percentile(timings, 50).toFixed(1)} ms, slowest ${Math.max(...timings).toFixed(1)} ms`,
    );
  }
  const peak = peakRssMb(server.pid);
  console.log(
    `\n${rounds} rounds of ${GUESSES} guesses: file/API p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms;` +
      ` slowest per round: median ${percentile(worst, 50).toFixed(1)} ms, worst ${Math.max(...worst).toFixed(1)} ms; peak RSS ${peak.toFixed(0)} MB`,
  );
  const checks = [
    [`slowest answer of the median round < ${BUDGET.maxLatencyMs} ms`, percentile(worst, 50) < BUDGET.maxLatencyMs],
    [`peak RSS < ${BUDGET.peakRssMb} MB`, peak < BUDGET.peakRssMb],
  ];
  for (const [label, ok] of checks) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
    if (!ok) failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed && !flags['no-fail'] ? 1 : 0);
