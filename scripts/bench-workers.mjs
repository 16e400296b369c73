// `npm run bench:workers`: what all cores on one box buy. For WORKERS=1, then WORKERS=2, it starts
// the production build (scripts/lib/production-server.mjs: free port, fresh temp DATA_DIR, demo
// content) and loads GET /api/books and the server-rendered post page (/blog/<first post>) with
// autocannon, then prints both side by side. Then, on WORKERS=2, the kill -9 of one worker under
// load: the failed requests (at most the killed worker's in-flight ones: one per connection it
// held), the requests served after the kill, and whether the primary started a replacement.
//
// Rate limits are on, as in production, and the requests come from 2,000 addresses in turn
// (TRUST_PROXY and X-Forwarded-For), like visitors, each under its read limit: every request is
// counted, in the primary's shared counters with WORKERS=2. --addresses changes how many.
//
// Options:
//   --duration <s>     seconds of load per route (default 10); --warmup <s> per route (default 2)
//   --connections <n>  (default 50)
//   --limits off       RATE_LIMITS=off: no per-request counting at all
//   --addresses <n>    client addresses the requests cycle through (default 2000, at most 65536)
//   --no-kill          skip the kill -9 check;  --kill-seconds <s> its load (default 6)
//   --json             also print the results as JSON
// The load generator runs in this process on the same machine: with 2 cores, it takes a good share
// of one, so WORKERS=2 gets less than two cores' worth; the figures say what this machine gives.
import os from 'node:os';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { runsJobs, workerPids } from './lib/cluster-processes.mjs';
import { parseFlags, poolAddress, positiveNumber, sleep } from './lib/load-stats.mjs';
import { ensureBuild, firstPostPath, startProductionServer } from './lib/production-server.mjs';

const USAGE =
  'Usage: npm run bench:workers [-- --duration S --warmup S --connections N --limits on|off --addresses N --no-kill --kill-seconds S --json]';
const flags = parseFlags(
  {
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    limits: { type: 'string' },
    addresses: { type: 'string' },
    'no-kill': { type: 'boolean' },
    'kill-seconds': { type: 'string' },
    json: { type: 'boolean' },
  },
  USAGE,
);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const DURATION = positiveNumber(flags.duration, 10, 'duration', USAGE, { max: 600 });
const WARMUP = positiveNumber(flags.warmup, 2, 'warmup', USAGE, { max: 60 });
const CONNECTIONS = Math.round(positiveNumber(flags.connections, 50, 'connections', USAGE, { max: 1000 }));
const KILL_SECONDS = positiveNumber(flags['kill-seconds'], 6, 'kill-seconds', USAGE, { max: 120 });
if (flags.limits !== undefined && flags.limits !== 'on' && flags.limits !== 'off') {
  console.error(`--limits must be on or off\n${USAGE}`);
  process.exit(2);
}
const LIMITS = flags.limits ?? 'on';
const ADDRESSES = Math.round(positiveNumber(flags.addresses, 2000, 'addresses', USAGE, { max: 65_536 }));

/** User + system CPU time of a process in microseconds, from /proc (Linux); 0 when it is gone. */
function cpuMicros(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

/** CPU time of the server: the process, plus its workers when it is a cluster's primary. */
const serverCpuMicros = (pid) => [pid, ...workerPids(pid)].reduce((sum, each) => sum + cpuMicros(each), 0);

let sent = 0;
/** The requests cycle through ADDRESSES client addresses: the read limit counts every one. */
function load(port, urlPath, seconds) {
  return autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: [
      {
        setupRequest: (request) => {
          request.headers = { ...request.headers, 'x-forwarded-for': poolAddress(20, sent++, ADDRESSES) };
          return request;
        },
      },
    ],
  });
}

/** The server under measurement, stopped (with its workers) if the run is interrupted. */
let running = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void Promise.resolve(running?.stop()).finally(() => process.exit(130));
  });
}

async function startServer(workers) {
  running = await startProductionServer(
    { WORKERS: String(workers), RATE_LIMITS: LIMITS, TRUST_PROXY: 'true', BACKUP_EVERY: 'off' },
    { dataDirPrefix: `bench-workers-${workers}-` },
  );
  return running;
}

async function waitForWorkers(server, count) {
  const deadline = Date.now() + 60_000;
  while (workerPids(server.pid).length !== count || !server.log().includes('workers serving')) {
    if (Date.now() > deadline) throw new Error(`${count} workers did not start:\n${server.log()}`);
    await sleep(100);
  }
}

async function measure(workers) {
  const server = await startServer(workers);
  try {
    if (workers > 1) await waitForWorkers(server, workers);
    const routes = ['/api/books', await firstPostPath(server.baseUrl)];
    const rows = [];
    for (const route of routes) {
      await load(server.port, route, WARMUP);
      const cpuBefore = serverCpuMicros(server.pid);
      const result = await load(server.port, route, DURATION);
      const cpu = serverCpuMicros(server.pid) - cpuBefore;
      rows.push({
        workers,
        route: route.startsWith('/blog/') ? '/blog/<post>' : route,
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.errors + result.timeouts + result.non2xx,
        serverCpuMicrosPerRequest: result.requests.total ? Math.round(cpu / result.requests.total) : null,
      });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

/** WORKERS=2 under load on /api/books; one worker gets kill -9 a third of the way in. */
async function killUnderLoad() {
  const server = await startServer(2);
  try {
    await waitForWorkers(server, 2);
    const before = workerPids(server.pid);
    const victim = before.find(runsJobs) ?? before[0];
    const victimRunsJobs = runsJobs(victim);
    const responses = [];
    let killedAt = Infinity;
    const run = load(server.port, '/api/books', KILL_SECONDS);
    run.on('response', (_client, statusCode) => responses.push({ at: Date.now(), ok: statusCode === 200 }));
    const errorKinds = {};
    run.on('reqError', (error) => {
      const kind = `${error.code ?? error.message} at +${Math.round((Date.now() - killedAt) / 100) * 100} ms`;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    });
    await sleep((KILL_SECONDS * 1000) / 3);
    killedAt = Date.now();
    process.kill(victim, 'SIGKILL');
    let replacement = null;
    let servingAt = null;
    const watch = (async () => {
      while (Date.now() < killedAt + KILL_SECONDS * 1000 + 30_000) {
        replacement ??= workerPids(server.pid).find((pid) => !before.includes(pid)) ?? null;
        if (replacement && server.log().includes(`worker ${replacement} is serving`)) {
          servingAt = Date.now();
          return;
        }
        await sleep(50);
      }
    })();
    const result = await run;
    await watch;
    const servedAfterKill = responses.filter((response) => response.ok && response.at > killedAt).length;
    return {
      killedPid: victim,
      killedHadJobRole: victimRunsJobs,
      replacementPid: replacement,
      replacementHasJobRole: replacement ? runsJobs(replacement) : false,
      replacementServingAfterMs: servingAt ? servingAt - killedAt : null,
      connections: CONNECTIONS,
      requests: result.requests.total,
      servedAfterKill,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      errorKinds,
    };
  } finally {
    await server.stop();
  }
}

function printTable(rows) {
  const header = `${'WORKERS'.padEnd(9)}${'route'.padEnd(16)}${'req/s'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'cpu us/req'.padStart(12)}${'failed'.padStart(8)}`;
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of rows) {
    console.log(
      `${String(row.workers).padEnd(9)}${row.route.padEnd(16)}${String(row.requestsPerSecond).padStart(8)}${String(row.p50).padStart(8)}${String(row.p99).padStart(8)}${String(row.serverCpuMicrosPerRequest ?? '-').padStart(12)}${String(row.failed).padStart(8)}`,
    );
  }
}

ensureBuild();
const [loadAverage] = os.loadavg();
console.log(
  `autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per route, RATE_LIMITS=${LIMITS} (requests from ${ADDRESSES} addresses); ` +
    `${os.availableParallelism()} cores shared with the load generator (1-min load average at start: ${loadAverage.toFixed(1)})\n`,
);
const rows = [...(await measure(1)), ...(await measure(2))];
printTable(rows);
for (const route of new Set(rows.map((row) => row.route))) {
  const [one, two] = [1, 2].map((workers) => rows.find((row) => row.workers === workers && row.route === route));
  console.log(`${route}: WORKERS=2 gives ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}x WORKERS=1`);
}
console.log('(cpu us/req: CPU time of all server processes per answered request; the load generator is not in it)');

let kill = null;
let exitCode = 0;
if (!flags['no-kill']) {
  console.log(`\nkill -9 of one worker under load (WORKERS=2, /api/books, ${KILL_SECONDS} s):`);
  kill = await killUnderLoad();
  const failed = kill.errors + kill.timeouts + kill.non2xx;
  console.log(
    `  killed worker ${kill.killedPid}${kill.killedHadJobRole ? ' (the one with the job role)' : ''}; ` +
      `${kill.requests} requests, ${failed} failed (errors ${kill.errors}, timeouts ${kill.timeouts}, non-2xx ${kill.non2xx}); ` +
      `${kill.servedAfterKill} served after the kill`,
  );
  console.log(
    kill.replacementPid
      ? `  replaced by worker ${kill.replacementPid}${kill.replacementHasJobRole ? ' (job role handed over)' : ''}, serving ${kill.replacementServingAfterMs} ms after the kill`
      : '  NOT replaced',
  );
  const pass = kill.replacementPid !== null && kill.servedAfterKill > 0 && failed <= CONNECTIONS;
  console.log(
    pass
      ? `  PASS: failures within the killed worker's in-flight requests (at most one per connection: ${CONNECTIONS})`
      : '  FAIL',
  );
  if (!pass) exitCode = 1;
}
if (flags.json) {
  const results = { connections: CONNECTIONS, limits: LIMITS, addresses: ADDRESSES, loadAverage, rows, kill };
  console.log(JSON.stringify(results, null, 2));
}
process.exit(exitCode);
