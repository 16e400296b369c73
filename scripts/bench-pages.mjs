// `npm run bench:pages`: throughput of a server-rendered page (a blog post) on the production
// build with demo content, as a browser asks for it (Accept-Encoding: br, gzip).
//
//   Budget: >= 3,000 req/s with p99 < 50 ms at 50 connections (10 s), and a median < 5 ms at one
//   connection. The page is rendered once, then served from the HTML cache until a content write.
//
// Options: --duration <s> (default 10), --connections <n> (default 50), --build (rebuild first),
//          --identity (no Accept-Encoding), --path <url path> (default: the first post from /api/blog),
//          --no-fail (report only).
// The server runs as a child process (RATE_LIMITS=off, temporary DATA_DIR); autocannon runs in
// this process and shares the machine's cores with it.
import autocannon from 'autocannon';
import { ensureBuild, firstPostPath, startProductionServer } from './lib/production-server.mjs';

const BUDGET = { minRps: 3000, maxP99Ms: 50, maxMedianOneConnectionMs: 5 };

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const duration = Number(option('--duration', '10'));
const connections = Number(option('--connections', '50'));
const headers = args.includes('--identity') ? {} : { 'accept-encoding': 'br, gzip, deflate', accept: 'text/html' };

ensureBuild({ force: args.includes('--build') });
const server = await startProductionServer({ LOG_LEVEL: 'warn' });

function run(url, connectionCount, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: connectionCount, duration: seconds, headers, pipelining: 1 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

let failed = false;
try {
  const pagePath = option('--path', await firstPostPath(server.baseUrl));
  const url = `${server.baseUrl}${pagePath}`;
  const first = await fetch(url, { headers });
  const body = Buffer.from(await first.arrayBuffer());
  console.log(
    `Page: ${pagePath} -> ${first.status}, ${body.length} bytes of HTML, ` +
      `${first.headers.get('content-length') ?? '?'} bytes on the wire (${first.headers.get('content-encoding') ?? 'identity'})`,
  );
  if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);

  await run(url, connections, 2); // warm-up (JIT, caches)
  const loaded = await run(url, connections, duration);
  const single = await run(url, 1, duration);

  const errors = loaded.errors + loaded.non2xx + single.errors + single.non2xx;
  const rps = loaded.requests.average;
  console.log('');
  console.log(
    `${connections} connections, ${duration} s: ${Math.round(rps)} req/s (avg), latency p50 ${loaded.latency.p50} ms, p99 ${loaded.latency.p99} ms, max ${loaded.latency.max} ms`,
  );
  console.log(
    `1 connection, ${duration} s:  ${Math.round(single.requests.average)} req/s (avg), latency median ${single.latency.p50} ms ` +
      `(autocannon rounds to whole ms; one request after another: ${(1000 / single.requests.average).toFixed(2)} ms each), p99 ${single.latency.p99} ms`,
  );
  console.log(`errors / non-2xx: ${errors}`);
  const checks = [
    [`>= ${BUDGET.minRps} req/s at ${connections} connections`, rps >= BUDGET.minRps],
    [`p99 < ${BUDGET.maxP99Ms} ms at ${connections} connections`, loaded.latency.p99 < BUDGET.maxP99Ms],
    [
      `median < ${BUDGET.maxMedianOneConnectionMs} ms at 1 connection`,
      single.latency.p50 < BUDGET.maxMedianOneConnectionMs,
    ],
    ['no errors', errors === 0],
  ];
  console.log('');
  for (const [label, ok] of checks) {
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
    if (!ok) failed = true;
  }
} finally {
  await server.stop();
}
process.exit(failed && !args.includes('--no-fail') ? 1 : 0);
