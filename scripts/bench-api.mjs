// `npm run bench:api`: the public-read budget of the issue, measured against the production build.
//
//   GET /api/books and GET /api/blog must reach >= 80% of the requests/s of a route answering the
//   same bytes from memory in the same process (the /__bench/reference/* routes, registered when
//   BENCH_REFERENCE_ROUTES=1), with p99 < 20 ms, under autocannon with 50 connections.
//
// It starts the bench entry (dist/server/src/server/operations/bench/bench-server.js: the production server plus
// those routes) through scripts/lib/production-server.mjs (a free port, a fresh temp DATA_DIR, demo
// content seeded), measures start-up time to the first 200 of /healthz and the RSS after start,
// warms each route up, loads it, then reports the RSS after the load and stops the server.
//
// Options:
//   --duration <s>   seconds of load per route (default 10); --warmup <s> warm-up per route (default 2)
//   --connections <n> (default 50)
//   --rounds <n>     repeat the whole sequence n times and report each route's median (default 1)
//   --json           also print the results as JSON
//   --no-fail        only report: exit 0 even if a budget fails
//   --build          run `npm run build` first even if a build exists
// The load generator runs in this process and shares the machine's cores with the server.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuild, root, startProductionServer } from './lib/production-server.mjs';

const benchServerEntry = path.join(root, 'dist/server/src/server/operations/bench/bench-server.js');

const BUDGET = { minRatio: 0.8, maxP99Ms: 20 };
const PAIRS = [
  { route: '/api/books', reference: '/__bench/reference/books' },
  { route: '/api/blog', reference: '/__bench/reference/blog' },
];
/** Measured in this order; /trpc/books.list is for information only. */
const ROUTES = ['/__bench/reference/books', '/api/books', '/__bench/reference/blog', '/api/blog', '/trpc/books.list'];

function parseArgs(argv) {
  const options = { duration: 10, warmup: 2, connections: 50, rounds: 1, json: false, fail: true, build: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const number = (name) => {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} needs a positive number`);
      return value;
    };
    if (arg === '--duration') options.duration = number(arg);
    else if (arg === '--warmup') options.warmup = number(arg);
    else if (arg === '--connections') options.connections = Math.round(number(arg));
    else if (arg === '--rounds') options.rounds = Math.round(number(arg));
    else if (arg === '--json') options.json = true;
    else if (arg === '--no-fail') options.fail = false;
    else if (arg === '--build') options.build = true;
    else throw new Error(`Unknown option ${arg} (see the top of scripts/bench-api.mjs)`);
  }
  return options;
}

/** The server's log lines, marked, on stderr. */
function forwardServerOutput(chunk) {
  for (const line of String(chunk).split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
}

/** One GET; resolves with status, headers and body, or rejects (e.g. connection refused). */
function get(port, urlPath, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: urlPath, headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    request.setTimeout(1000, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/** VmRSS of a process in MiB, from /proc (Linux). */
function rssMiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/** User + system CPU time of a process in microseconds, from /proc (Linux); null elsewhere. */
const CLOCK_TICKS_PER_SECOND = 100;
function cpuMicros(pid) {
  try {
    // Fields after the command name (which is in parentheses and may contain spaces): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The reference must answer what its /api route answers: same status, body and headers (but Date). */
async function checkSameBytes(port) {
  const problems = [];
  for (const { route, reference } of PAIRS) {
    const [api, ref] = [await get(port, route), await get(port, reference)];
    if (ref.status === 404) {
      throw new Error(
        `${reference} is missing: the build predates src/server/site/http/bench-reference.ts. Run: npm run bench:api -- --build`,
      );
    }
    if (api.status !== 200) problems.push(`${route} answered ${api.status}`);
    if (api.status !== ref.status) problems.push(`${reference} answered ${ref.status}, ${route} ${api.status}`);
    if (!api.body.equals(ref.body)) problems.push(`${reference} body differs from ${route}`);
    const names = new Set([...Object.keys(api.headers), ...Object.keys(ref.headers)]);
    names.delete('date');
    for (const name of names) {
      if (api.headers[name] !== ref.headers[name]) {
        problems.push(
          `header ${name}: ${route} ${JSON.stringify(api.headers[name])}, ${reference} ${JSON.stringify(ref.headers[name])}`,
        );
      }
    }
    // The ETag must also be honoured the same way.
    const etag = api.headers.etag;
    if (etag) {
      const [api304, ref304] = [
        await get(port, route, { 'if-none-match': etag }),
        await get(port, reference, { 'if-none-match': etag }),
      ];
      if (api304.status !== 304 || ref304.status !== 304) {
        problems.push(
          `If-None-Match: ${route} answered ${api304.status}, ${reference} ${ref304.status} (304 expected)`,
        );
      }
    }
  }
  return problems;
}

function load(port, urlPath, seconds, connections) {
  return autocannon({
    url: `http://127.0.0.1:${port}${urlPath}`,
    connections,
    duration: seconds,
    pipelining: 1,
  });
}

function summarise(urlPath, result, serverCpuMicros) {
  return {
    route: urlPath,
    requestsPerSecond: result.requests.average,
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
    /** Server CPU time (user + system) per answered request: less sensitive to a busy machine than req/s. */
    serverCpuMicrosPerRequest:
      serverCpuMicros === null || !result.requests.total ? null : serverCpuMicros / result.requests.total,
  };
}

/** One route over several rounds: the median of each figure, failures summed. */
function combineRounds(samples) {
  if (samples.length === 1) return samples[0];
  const cpu = samples.map((sample) => sample.serverCpuMicrosPerRequest).filter((value) => value !== null);
  return {
    route: samples[0].route,
    requestsPerSecond: median(samples.map((sample) => sample.requestsPerSecond)),
    latencyMs: {
      p50: median(samples.map((sample) => sample.latencyMs.p50)),
      p99: median(samples.map((sample) => sample.latencyMs.p99)),
      max: Math.max(...samples.map((sample) => sample.latencyMs.max)),
    },
    requests: samples.reduce((sum, sample) => sum + sample.requests, 0),
    non2xx: samples.reduce((sum, sample) => sum + sample.non2xx, 0),
    errors: samples.reduce((sum, sample) => sum + sample.errors, 0),
    timeouts: samples.reduce((sum, sample) => sum + sample.timeouts, 0),
    bytesPerSecond: median(samples.map((sample) => sample.bytesPerSecond)),
    serverCpuMicrosPerRequest: cpu.length ? median(cpu) : null,
    rounds: samples.map((sample) => ({
      requestsPerSecond: sample.requestsPerSecond,
      p99: sample.latencyMs.p99,
      serverCpuMicrosPerRequest: sample.serverCpuMicrosPerRequest,
    })),
  };
}

const pad = (value, width) => String(value).padEnd(width);
const padLeft = (value, width) => String(value).padStart(width);

function printTable(rows, verdicts) {
  const header = `${pad('route', 26)}${padLeft('req/s', 9)}${padLeft('p50 ms', 8)}${padLeft('p99 ms', 8)}${padLeft('cpu us/req', 12)}${padLeft('failed', 8)}   vs reference`;
  console.log(header);
  console.log('-'.repeat(header.length + 20));
  for (const row of rows) {
    const verdict = verdicts.find((v) => v.route === row.route);
    const versus = verdict
      ? `${(verdict.ratio * 100).toFixed(1)}%  ${verdict.pass ? 'PASS' : 'FAIL'}${verdict.reasons.length ? ` (${verdict.reasons.join('; ')})` : ''}`
      : row.route.startsWith('/__bench')
        ? '(reference)'
        : '(information)';
    const cpu = row.serverCpuMicrosPerRequest === null ? '-' : Math.round(row.serverCpuMicrosPerRequest);
    console.log(
      `${pad(row.route, 26)}${padLeft(Math.round(row.requestsPerSecond), 9)}${padLeft(row.latencyMs.p50, 8)}${padLeft(row.latencyMs.p99, 8)}${padLeft(cpu, 12)}${padLeft(row.non2xx + row.errors + row.timeouts, 8)}   ${versus}`,
    );
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));

  ensureBuild({ force: options.build });
  const server = await startProductionServer(
    { ADMIN_PASSWORD: 'bench-admin-password' },
    { entry: benchServerEntry, dataDirPrefix: 'bench-api-', onOutput: forwardServerOutput },
  );
  const { port, pid, startupMs } = server;
  let exitCode = 0;
  try {
    const rssAfterStartMiB = rssMiB(pid);
    console.log(`Server pid ${pid} on port ${port}, data in ${server.dataDir}`);
    console.log(
      `Start-up to first 200 of /healthz: ${Math.round(startupMs)} ms; RSS after start: ${rssAfterStartMiB} MiB`,
    );

    const problems = await checkSameBytes(port);
    for (const problem of problems) console.log(`MISMATCH: ${problem}`);

    const [loadAverage] = os.loadavg();
    if (loadAverage > os.cpus().length * 0.5) {
      console.log(
        `Note: the machine is already busy (1-min load average ${loadAverage.toFixed(1)}): req/s will be noisy.`,
      );
    }
    console.log(
      `Load: autocannon, ${options.connections} connections, pipelining 1, ${options.warmup} s warm-up + ${options.duration} s per route${options.rounds > 1 ? `, ${options.rounds} rounds (medians)` : ''} (${os.cpus().length} cores shared with the load generator)\n`,
    );
    const samples = new Map(ROUTES.map((route) => [route, []]));
    for (let round = 1; round <= options.rounds; round++) {
      if (options.rounds > 1) console.log(`round ${round}/${options.rounds}...`);
      for (const route of ROUTES) {
        await load(port, route, options.warmup, options.connections);
        const cpuBefore = cpuMicros(pid);
        const result = await load(port, route, options.duration, options.connections);
        const cpuAfter = cpuMicros(pid);
        samples
          .get(route)
          .push(summarise(route, result, cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore));
      }
    }
    const rows = ROUTES.map((route) => combineRounds(samples.get(route)));
    const rssAfterLoadMiB = rssMiB(pid);

    const verdicts = PAIRS.map(({ route, reference }) => {
      const api = rows.find((row) => row.route === route);
      const ref = rows.find((row) => row.route === reference);
      const ratio = api.requestsPerSecond / ref.requestsPerSecond;
      const reasons = [];
      if (ratio < BUDGET.minRatio) reasons.push(`< ${BUDGET.minRatio * 100}%`);
      if (!(api.latencyMs.p99 < BUDGET.maxP99Ms)) reasons.push(`p99 >= ${BUDGET.maxP99Ms} ms`);
      if (api.non2xx + api.errors + api.timeouts > 0) reasons.push('failed requests');
      return { route, reference, ratio, pass: reasons.length === 0, reasons };
    });

    printTable(rows, verdicts);
    console.log(
      `(p99 < ${BUDGET.maxP99Ms} ms and >= ${BUDGET.minRatio * 100}% of the reference's req/s are judged for the /api routes only; ` +
        'cpu us/req is the server process CPU time per answered request, steadier than req/s on a busy machine)',
    );
    console.log(`\nRSS after load: ${rssAfterLoadMiB} MiB (after start: ${rssAfterStartMiB} MiB)`);

    const pass = problems.length === 0 && verdicts.every((verdict) => verdict.pass);
    console.log(
      pass
        ? 'Budget: PASS'
        : `Budget: FAIL${problems.length ? ' (reference answers differ from the /api routes)' : ''}${options.fail ? '' : ' (--no-fail: reporting only)'}`,
    );
    if (options.json) {
      const results = {
        options: {
          ...options,
          pipelining: 1,
          cores: os.cpus().length,
          node: process.version,
          loadAverageAtStart: loadAverage,
        },
        budget: BUDGET,
        startupMs: Math.round(startupMs),
        rssAfterStartMiB,
        rssAfterLoadMiB,
        routes: rows,
        verdicts,
        mismatches: problems,
        pass,
      };
      console.log(JSON.stringify(results, null, 2));
    }
    if (!pass && options.fail) exitCode = 1;
  } finally {
    await server.stop();
  }
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
