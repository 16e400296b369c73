// `npm run bench:list-attack`: the list attack of issue 30 against the production build, with 5,000 posts.
//
//   Budget: the server survives; every answer is a 200 or a 4xx; `/books` answers in < 300 ms at the 99th
//   percentile while ten addresses send `GET /trpc/blog.list,…(×20)?batch=1` one after another, and again while
//   they send the heaviest batch still served (10 calls of 50 posts); peak RSS < 400 MB.
//
// The production build runs as a child process (scripts/lib/production-server.mjs: the flags and environment of
// `npm start`, RATE_LIMITS=off so every batch is served, TRUST_PROXY=true so each attacker has its own address).
// It starts once to create its database with the demo content, stops, gets 5,000 published posts of ~1,200 words
// written straight into site.sqlite (scripts/lib/list-attack.mjs), and starts again. Then: ten batches at once from
// one address; then twice --seconds (10) of ten addresses sending batches one after another (the report's, then the
// heaviest served) while a reader loads /books every 100 ms. The RSS is read from /proc every 50 ms; the peak is the kernel's VmHWM.
//
// Options: --posts <n> (default 5000), --seconds <n> (default 10), --build (rebuild first), --no-fail (report only).
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, startProductionServer } from './lib/production-server.mjs';
import { percentile, parseFlags, positiveNumber } from './lib/load-stats.mjs';
import {
  ATTACK_BATCH_CALLS,
  MOST_CALLS_SERVED,
  attackUrl,
  burst,
  countStatuses,
  memoryOf,
  seedPosts,
  spreadAttackUrl,
  sustained,
} from './lib/list-attack.mjs';

const BUDGET_P99_MS = 300;
const BUDGET_RSS_MB = 400;
const USAGE = 'Usage: npm run bench:list-attack [-- --posts N --seconds S --build --no-fail]';

const flags = parseFlags(
  {
    posts: { type: 'string' },
    seconds: { type: 'string' },
    build: { type: 'boolean' },
    'no-fail': { type: 'boolean' },
  },
  USAGE,
);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const postCount = Math.round(positiveNumber(flags.posts, 5000, 'posts', USAGE, { max: 100_000 }));
const seconds = positiveNumber(flags.seconds, 10, 'seconds', USAGE, { max: 600 });

ensureBuild({ force: flags.build });
const dataDir = await mkdtemp(path.join(tmpdir(), 'list-attack-'));
const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', BACKUP_EVERY: 'off' };
const failures = [];
let server;
try {
  await (await startProductionServer(env)).stop();
  const seeding = performance.now();
  seedPosts(dataDir, postCount);
  console.log(
    `Wrote ${postCount} posts of ~1,200 words into site.sqlite in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  let output = '';
  server = await startProductionServer(env, { onOutput: (chunk) => (output = (output + chunk).slice(-4000)) });
  console.log(`Started in ${(server.startupMs / 1000).toFixed(1)} s; RSS ${memoryOf(server.pid).rss.toFixed(0)} MB`);

  const atOnce = await burst(server.baseUrl, 10);
  const afterBurst = memoryOf(server.pid);
  console.log(
    `\nTen batches of blog.list ×20 at once: statuses ${JSON.stringify(countStatuses(atOnce))}, ` +
      `largest answer ${(Math.max(...atOnce.map((a) => a.bytes)) / 1e6).toFixed(2)} MB; ` +
      (afterBurst
        ? `RSS ${afterBurst.rss.toFixed(0)} MB, peak ${afterBurst.peak.toFixed(0)} MB`
        : 'the server is gone'),
  );
  if (!afterBurst) {
    failures.push('the server died during the burst');
    console.log(output.split('\n').slice(-8).join('\n'));
  } else {
    // The report's batch (refused whole since issue 30), then the heaviest batch still served: the most calls, each
    // asking for the most posts a page holds.
    const phases = [
      { label: `blog.list ×${ATTACK_BATCH_CALLS}`, url: attackUrl(server.baseUrl) },
      {
        label: `blog.list ×${MOST_CALLS_SERVED} with limit 50`,
        url: attackUrl(server.baseUrl, MOST_CALLS_SERVED, { limit: 50 }),
      },
      {
        label: `blog.list ×${MOST_CALLS_SERVED} with limit 10, each after a random post (served, never cached)`,
        url: spreadAttackUrl(server.baseUrl, postCount),
      },
    ];
    for (const phase of phases) {
      const run = await sustained(server.baseUrl, server.pid, { seconds, url: phase.url });
      const memory = memoryOf(server.pid);
      const times = run.probes.filter((probe) => probe.status === 200).map((probe) => probe.ms);
      const p99 = percentile(times, 99);
      console.log(
        `\nTen addresses sending ${phase.label} one after another for ${seconds} s: ${run.batches.length} batches, ` +
          `statuses ${JSON.stringify(countStatuses(run.batches))}, largest answer ` +
          `${(Math.max(...run.batches.map((a) => a.bytes)) / 1e6).toFixed(2)} MB`,
      );
      console.log(
        `  GET /books meanwhile: ${run.probes.length} requests, statuses ${JSON.stringify(countStatuses(run.probes))}, ` +
          `p50 ${percentile(times, 50)?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms ` +
          `(budget p99 < ${BUDGET_P99_MS} ms)`,
      );
      const peak = memory ? memory.peak : run.peakRss;
      console.log(
        `  RSS: highest sampled ${run.peakRss.toFixed(0)} MB, ` +
          (memory
            ? `kernel peak (VmHWM) ${memory.peak.toFixed(0)} MB, now ${memory.rss.toFixed(0)} MB`
            : 'the server is gone') +
          ` (budget < ${BUDGET_RSS_MB} MB); load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores`,
      );
      if (p99 === null || p99 >= BUDGET_P99_MS)
        failures.push(`${phase.label}: /books p99 ${p99?.toFixed(1)} ms ≥ ${BUDGET_P99_MS} ms`);
      if (peak >= BUDGET_RSS_MB) failures.push(`${phase.label}: peak RSS ${peak.toFixed(0)} MB ≥ ${BUDGET_RSS_MB} MB`);
      const bad = [...run.batches, ...run.probes].filter(
        (a) => !(a.status === 200 || (a.status >= 400 && a.status < 500)),
      );
      if (bad.length > 0)
        failures.push(
          `${phase.label}: ${bad.length} answers neither 200 nor 4xx: ${JSON.stringify(countStatuses(bad))}`,
        );
      if (!memory) {
        failures.push(`${phase.label}: the server died`);
        console.log(output.split('\n').slice(-8).join('\n'));
        break;
      }
    }
    const bad = atOnce.filter((a) => !(a.status === 200 || (a.status >= 400 && a.status < 500)));
    if (bad.length > 0)
      failures.push(`the burst: ${bad.length} answers neither 200 nor 4xx: ${JSON.stringify(countStatuses(bad))}`);
  }
} finally {
  await server?.stop().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
}

console.log(failures.length === 0 ? '\nWithin budget.' : `\nOver budget:\n- ${failures.join('\n- ')}`);
if (failures.length > 0 && !flags['no-fail']) process.exit(1);
