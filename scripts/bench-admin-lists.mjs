// `npm run bench:admin-lists`: the admin's subscriber list at the size an attack found it answered whole
// (597,551 subscribers: `GET /api/admin/newsletter` took 19 s, 155 MB, RSS 770 MB).
//
// The production build runs as a child process (demo content, RATE_LIMITS=off, temporary DATA_DIR, SQLite). The
// subscribers are added by one INSERT … SELECT over a recursive CTE, straight into the server's database file
// (WAL: the server keeps serving). Then, as the admin and a script would ask: the list's first page, a page far
// down by its cursors, an address search, the counts by status, and the whole list as CSV; each with its time,
// its answer's bytes and the server's RSS after it (and the peak RSS sampled every 20 ms), and /healthz's worst
// time while it ran (how long the site stalled).
//
// Budgets: a page ≤ 500 ms and ≤ 200 KB, the server's peak RSS ≤ 300 MB over the pages and counts; the CSV export's
// peak is reported (it reads every row, a page at a time).
//
// Options: --subscribers <n> (default 600000), --entry <compiled main.js> (another build, e.g. the code before
// paging, to compare), --build (rebuild first), --no-fail.
import Database from 'better-sqlite3';
import path from 'node:path';
import { loadavg } from 'node:os';
import { ensureBuild, startProductionServer } from './lib/production-server.mjs';
import { rssMb } from './lib/load-stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const subscriberCount = Number(option('--subscribers', '600000'));
const entry = option('--entry', undefined);
const BUDGET = { pageMs: 500, pageKb: 200, peakRssMb: 300 };

function seed(dataDir, count) {
  const db = new Database(path.join(dataDir, 'site.sqlite'));
  db.pragma('busy_timeout = 10000');
  const started = performance.now();
  db.prepare(
    `INSERT INTO newsletter_subscriptions (id, email, is_active, created_at, confirmed_at, interests, source)
     WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     SELECT 'bench-' || i, 'reader' || i || '@example.com', CASE WHEN i % 10 = 0 THEN 0 ELSE 1 END,
       strftime('%Y-%m-%dT%H:%M:%fZ', 1577836800 + i * 97, 'unixepoch'),
       CASE WHEN i % 4 = 0 THEN NULL ELSE '2020-01-01T00:00:00.000Z' END,
       CASE WHEN i % 5 = 0 THEN '["new-releases"]' ELSE NULL END,
       CASE WHEN i % 3 = 0 THEN 'import:mailchimp' ELSE 'form:/' END
     FROM n`,
  ).run(count);
  db.close();
  return (performance.now() - started) / 1000;
}

/** Asks /healthz again and again while `work` runs: the worst answer time is how long the site stalled. */
async function measure(server, label, work) {
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(server.pid));
    } catch {
      // the server is gone; the request's failure says why
    }
  }, 20);
  let running = true;
  let worstHealthzMs = 0;
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
      worstHealthzMs = Math.max(worstHealthzMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const started = performance.now();
  let outcome;
  try {
    outcome = await work();
  } finally {
    running = false;
    await prober;
    clearInterval(sampler);
  }
  const result = {
    what: label,
    ms: Number((performance.now() - started).toFixed(0)),
    kb: Number((outcome.bytes / 1024).toFixed(1)),
    rows: outcome.rows,
    rssAfterMb: rssMb(server.pid),
    peakRssMb: peak,
    worstHealthzMs: Number(worstHealthzMs.toFixed(0)),
  };
  console.log(JSON.stringify(result));
  return result;
}

async function main() {
  ensureBuild({ force: args.includes('--build') });
  const server = await startProductionServer({}, { dataDirPrefix: 'bench-admin-lists-', ...(entry ? { entry } : {}) });
  // A session token, as the admin uses: the password itself would cost a scrypt hash per request.
  const login = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  const auth = { authorization: `Bearer ${(await login.json()).token}` };
  const get = async (url, accept = 'application/json') => {
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { ...auth, accept } });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.toString().slice(0, 200)}`);
    return { response, body };
  };
  try {
    const seconds = seed(server.dataDir, subscriberCount);
    console.log(`Seeded ${subscriberCount} subscribers in ${seconds.toFixed(1)} s; RSS ${rssMb(server.pid)} MB`);
    const results = [];
    results.push(
      await measure(server, 'GET /api/admin/newsletter', async () => {
        const { body } = await get('/api/admin/newsletter');
        return { bytes: body.length, rows: JSON.parse(body.toString()).length };
      }),
    );
    const paged = (await get('/api/admin/newsletter?limit=1')).response.headers.has('x-next-cursor');
    if (paged) {
      results.push(
        await measure(server, 'GET /api/admin/newsletter?limit=500, the 20th page by cursor', async () => {
          let url = '/api/admin/newsletter?limit=500';
          let last;
          for (let page = 1; page <= 20; page++) {
            last = await get(url);
            url = `/api/admin/newsletter?limit=500&cursor=${last.response.headers.get('x-next-cursor')}`;
          }
          return { bytes: last.body.length, rows: JSON.parse(last.body.toString()).length };
        }),
      );
      results.push(
        await measure(server, 'GET /api/admin/newsletter?search=reader12345', async () => {
          const { body } = await get('/api/admin/newsletter?search=reader12345');
          return { bytes: body.length, rows: JSON.parse(body.toString()).length };
        }),
      );
      const summaryInput = encodeURIComponent(JSON.stringify({ json: { search: '' } }));
      results.push(
        await measure(server, 'admin.newsletterSummary (counts by status)', async () => {
          const { body } = await get(`/trpc/admin.newsletterSummary?input=${summaryInput}`);
          return { bytes: body.length, rows: 1 };
        }),
      );
    }
    const csv = await measure(server, 'GET /api/admin/newsletter.csv (every row)', async () => {
      const { body } = await get('/api/admin/newsletter.csv', 'text/csv');
      return { bytes: body.length, rows: body.toString().split('\r\n').length - 2 };
    });
    const report = {
      machine: `shared, 2 cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      subscribers: subscriberCount,
      build: entry ?? 'this tree',
      results: [...results, csv],
    };
    console.log(JSON.stringify(report, null, 2));
    const failures = [];
    for (const result of results) {
      if (result.ms > BUDGET.pageMs) failures.push(`${result.what}: ${result.ms} ms (budget ${BUDGET.pageMs} ms)`);
      if (result.kb > BUDGET.pageKb) failures.push(`${result.what}: ${result.kb} KB (budget ${BUDGET.pageKb} KB)`);
      if (result.peakRssMb > BUDGET.peakRssMb)
        failures.push(`${result.what}: peak RSS ${result.peakRssMb} MB (budget ${BUDGET.peakRssMb} MB)`);
    }
    if (failures.length > 0) {
      console.error(`Over budget: ${failures.join('; ')}`);
      if (!args.includes('--no-fail')) process.exitCode = 1;
    } else console.log('Within budget.');
  } finally {
    await server.stop();
  }
}

await main();
