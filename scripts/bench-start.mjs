// `npm run bench:start`: memory and start time of the production server on demo content.
//
//   Goals (issue 36): /healthz answers <= 1 s after `node` starts, idle RSS <= 100 MB, RSS after 60 s
//   of load <= 200 MB.
//
// 1. What each heavy module costs when imported into a fresh `node` (ms and RSS), and which of
//    them a started, idle server has loaded (/proc/PID/maps for native addons; the server's
//    loaded-module list is not visible from outside, so JS modules are judged by RSS).
// 2. --runs N starts (default 5): each a first start on a fresh DATA_DIR (migrations and demo
//    content), then a restart on it; spawn -> first 200 of /healthz, and RSS after 3 s idle.
//    Medians are reported: the machine may be shared.
// 3. One server under load for --seconds (default 60): pages, API reads and a search at 20
//    connections; RSS after the load.
// Options: --runs N, --seconds N, --json, --node-flags "..." (node's flags instead of those `npm start` gives it, to
// compare). The server runs on the Node this script runs on (npm run: the project's Node 24).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { percentile, parseFlags, positiveNumber, rssMb, sleep } from './lib/load-stats.mjs';
import { ensureBuild, firstPostPath, root, startProductionServer } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run bench:start [-- --runs N] [--seconds N] [--json] [--node-flags "--flag ..."]';
const GOALS = { healthzMs: 1000, idleRssMb: 100, loadedRssMb: 200 };
const IDLE_WAIT_MS = 3000;

/** Imported into a fresh process one at a time, in production mode, as the server would. */
const MODULES = [
  'fastify',
  'kysely',
  'better-sqlite3',
  'zod',
  '@trpc/server',
  'react-dom/server',
  'markdown-it',
  'sharp',
  'nodemailer',
  'pg',
  '@react-email/render',
  '@react-email/html',
  './dist/ssr/entry-server.js',
  './dist/server/src/server/serve.js',
];

const flags = parseFlags(
  {
    runs: { type: 'string' },
    seconds: { type: 'string' },
    json: { type: 'boolean' },
    'node-flags': { type: 'string' },
  },
  USAGE,
);
/** The server's node flags when --node-flags gives them; otherwise those of `npm start`. */
const serverOptions =
  flags['node-flags'] === undefined ? {} : { nodeFlags: flags['node-flags'].split(/\s+/).filter(Boolean) };
const runs = Math.round(positiveNumber(flags.runs, 5, '--runs', USAGE, { max: 50 }));
const loadSeconds = positiveNumber(flags.seconds, 60, '--seconds', USAGE, { max: 600 });
const median = (values) => percentile(values, 50);

function moduleCosts() {
  const measure = (code) =>
    JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', code], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, NODE_ENV: 'production' },
      }),
    );
  const bare = measure('console.log(JSON.stringify({ rss: process.memoryUsage().rss }))');
  return MODULES.map((specifier) => {
    try {
      const { ms, rss } = measure(
        `const t = performance.now(); await import(${JSON.stringify(specifier)}); ` +
          'console.log(JSON.stringify({ ms: performance.now() - t, rss: process.memoryUsage().rss }))',
      );
      return { module: specifier, ms: Math.round(ms), rssMb: Math.round((rss - bare.rss) / 104857.6) / 10 };
    } catch {
      return { module: specifier, ms: null, rssMb: null };
    }
  });
}

/** Native addons a process has mapped: sharp's libvips and the database drivers show whether they were loaded. */
function loadedNativeAddons(pid) {
  const maps = execFileSync('cat', [`/proc/${pid}/maps`], { encoding: 'utf8' });
  return [
    ...new Set([...maps.matchAll(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*\.(?:node|so[.\d]*)$/gm)].map((m) => m[1])),
  ];
}

async function idleRss(pid) {
  await sleep(IDLE_WAIT_MS);
  return rssMb(pid);
}

async function startRuns() {
  const first = [];
  const restart = [];
  let addons = [];
  for (let run = 0; run < runs; run++) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-start-'));
    try {
      const fresh = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, serverOptions);
      first.push({ healthzMs: fresh.startupMs, idleRssMb: await idleRss(fresh.pid) });
      await fresh.stop();
      const again = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, serverOptions);
      restart.push({ healthzMs: again.startupMs, idleRssMb: await idleRss(again.pid) });
      addons = loadedNativeAddons(again.pid);
      await again.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const summary = (list) => ({
    healthzMs: Math.round(median(list.map((r) => r.healthzMs))),
    idleRssMb: median(list.map((r) => r.idleRssMb)),
    all: list.map((r) => [Math.round(r.healthzMs), r.idleRssMb]),
  });
  return { first: summary(first), restart: summary(restart), addons };
}

async function underLoad() {
  const server = await startProductionServer({ LOG_LEVEL: 'warn' }, serverOptions);
  try {
    const post = await firstPostPath(server.baseUrl);
    const paths = ['/', '/books', post, '/blog', '/excerpts', '/api/books', '/api/blog', '/search?q=lantern'];
    const idle = await idleRss(server.pid);
    const result = await autocannon({
      url: server.baseUrl,
      connections: 20,
      duration: loadSeconds,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    return {
      idleRssMb: idle,
      afterLoadRssMb: rssMb(server.pid),
      requests: result.requests.total,
      requestsPerSecond: Math.round(result.requests.average),
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

ensureBuild();
console.log(
  `Node ${process.version}; ${runs} start(s), ${loadSeconds} s of load. The machine may be shared: medians.` +
    `${serverOptions.nodeFlags ? ` Node flags: ${serverOptions.nodeFlags.join(' ')}.` : ''}\n`,
);
const modules = moduleCosts();
console.log('Import cost in a fresh process (production mode):');
for (const m of modules)
  console.log(`  ${m.module.padEnd(40)} ${String(m.ms).padStart(5)} ms ${String(m.rssMb).padStart(6)} MB`);
const starts = await startRuns();
console.log(`\nNative addons loaded by an idle server: ${starts.addons.join(', ') || 'none'}`);
const load = await underLoad();
const verdict = (value, goal) => `${value} (goal <= ${goal}: ${value <= goal ? 'met' : 'NOT met'})`;
console.log(
  `\nFirst start (migrate + demo content), median of ${runs}: /healthz ${starts.first.healthzMs} ms, idle RSS ${starts.first.idleRssMb} MB`,
);
console.log(
  `Restart on that data, median of ${runs}: /healthz ${verdict(starts.restart.healthzMs, GOALS.healthzMs)} ms`,
);
console.log(
  `  idle RSS ${verdict(starts.restart.idleRssMb, GOALS.idleRssMb)} MB  (runs [ms, MB]: ${JSON.stringify(starts.restart.all)})`,
);
console.log(
  `RSS after ${loadSeconds} s of load: ${verdict(load.afterLoadRssMb, GOALS.loadedRssMb)} MB ` +
    `(${load.requests} requests, ${load.requestsPerSecond}/s, ${load.non2xx} non-2xx; idle before: ${load.idleRssMb} MB)`,
);
if (flags.json) console.log(`BENCH_START ${JSON.stringify({ node: process.version, modules, starts, load })}`);
