// `npm run bench:analytics`: what counting page views costs.
//
//   1. Throughput of a blog post page (the HTML cache serves it) at 50 connections with analytics
//      off and on, in the same run, alternating (off, on, off, on) so that both see the same
//      machine; budget: on within 10 % of off. Every request is sent as a browser would (a phone's
//      user agent, Accept-Encoding), so each one is counted; afterwards the stats API must show
//      exactly as many views as the on-runs answered.
//   2. The roll-up and the tables for a generated year of traffic (10,000 views a day, 365 days,
//      on a SQLite file): time to roll up, and the database size once raw events older than 30 days
//      are gone; budget: well under 100 MB.
//
// Options: --duration <s per run> (default 5), --connections <n> (default 50), --days <n> (default 365),
//          --views-per-day <n> (default 10000), --no-fail (report only).
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { ensureBuild, firstPostPath, root, startProductionServer } from './lib/production-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const duration = option('--duration', 5);
const connections = option('--connections', 50);
const days = option('--days', 365);
const viewsPerDay = option('--views-per-day', 10_000);
const BUDGET = { maxSlowdown: 0.1, maxYearMb: 100 };

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const headers = { 'accept-encoding': 'br, gzip, deflate', accept: 'text/html', 'user-agent': PHONE };

function load(url, seconds) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

/** `total` requests, 50 at a time; the number answered 200. */
async function fetchAll(url, total) {
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next++ < total) {
      const answer = await fetch(url, { headers });
      await answer.arrayBuffer();
      if (answer.status === 200) ok += 1;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return ok;
}

async function throughput() {
  const off = await startProductionServer({ LOG_LEVEL: 'warn', ANALYTICS: 'off' });
  const on = await startProductionServer({ LOG_LEVEL: 'warn', ANALYTICS: 'on' });
  try {
    const page = await firstPostPath(on.baseUrl);
    const figures = { off: [], on: [] };
    for (const server of [off, on]) await load(`${server.baseUrl}${page}`, 1); // warm-up
    const views = async () => {
      const answer = await fetch(`${on.baseUrl}/api/admin/stats`, {
        headers: { authorization: `Bearer ${on.adminPassword}` },
      });
      return (await answer.json()).views;
    };
    for (let round = 0; round < 2; round++) {
      for (const [name, server] of [
        ['off', off],
        ['on', on],
      ]) {
        const result = await load(`${server.baseUrl}${page}`, duration);
        if (result.errors || result.non2xx)
          throw new Error(`${name}: ${result.errors} errors, ${result.non2xx} non-2xx`);
        figures[name].push(result.requests.average);
      }
    }
    // Exactness: a fixed number of requests (a timed run leaves its last ones unanswered).
    const before = await views();
    const answeredOn = await fetchAll(`${on.baseUrl}${page}`, 3000);
    const counted = (await views()) - before;
    const mean = (list) => list.reduce((sum, value) => sum + value, 0) / list.length;
    return { page, off: mean(figures.off), on: mean(figures.on), runs: figures, answeredOn, counted };
  } finally {
    await Promise.all([off.stop(), on.stop()]);
  }
}

/** A year of generated traffic in a fresh SQLite file, rolled up by the server's own code (the build). */
async function generatedYear() {
  const dist = (file) => pathToFileURL(path.join(root, 'dist/server/src/server', file)).href;
  const { openDatabase } = await import(dist('db/connection.js'));
  const { migrateToLatest } = await import(dist('db/migrate.js'));
  const { rollUpAnalytics } = await import(dist('analytics/rollup.js'));
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-analytics-'));
  const file = path.join(dir, 'site.db');
  const db = openDatabase(file);
  try {
    await migrateToLatest(db);
    const paths = ['/', '/books', '/blog', '/excerpts', '/art-music', '/about', '/contact', '/preorder'];
    for (let n = 0; n < 40; n++) paths.push(`/blog/post-${n}`);
    for (let n = 0; n < 8; n++) paths.push(`/books/book-${n}`, `/excerpts/excerpt-${n}`);
    const sources = [null, null, null, 'google.com', 'reddit.com', 'newsletter', 'bsky.app', 'goodreads.com'];
    const devices = ['phone', 'phone', 'phone', 'desktop', 'tablet'];
    // Generated rows go in through one prepared statement (the server's batches are what the first part measures).
    const raw = new Database(file);
    const insert = raw.prepare(
      'INSERT INTO analytics_events (day, hour, path, source, campaign, device, visitor) VALUES (@day, @hour, @path, @source, @campaign, @device, @visitor)',
    );
    const insertDay = raw.transaction((rows) => {
      for (const row of rows) insert.run(row);
    });
    const now = new Date();
    const first = new Date(now.getTime() - days * 86_400_000);
    const started = performance.now();
    let inserted = 0;
    for (let d = 0; d < days; d++) {
      const day = new Date(first.getTime() + d * 86_400_000).toISOString().slice(0, 10);
      const rows = [];
      for (let n = 0; n < viewsPerDay; n++) {
        const source = sources[n % sources.length];
        rows.push({
          day,
          hour: n % 24,
          path: paths[(n * 7919) % paths.length],
          source,
          campaign: source === 'newsletter' ? `issue-${d % 12}` : null,
          device: devices[n % devices.length],
          visitor: ((n % 4000) * 2654435761 + d).toString(16).padStart(16, '0').slice(-16),
        });
      }
      insertDay(rows);
      inserted += rows.length;
    }
    const generatedMs = performance.now() - started;
    raw.close();
    const rollStarted = performance.now();
    const result = await rollUpAnalytics(db, now);
    const rollUpMs = performance.now() - rollStarted;
    await sql`VACUUM`.execute(db);
    const bytes = (await stat(file)).size;
    const count = async (table) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = {};
    for (const table of ['analyticsEvents', 'analyticsDailyPages', 'analyticsDailySources', 'analyticsHourly'])
      tables[table] = await count(table);
    return { inserted, generatedMs, rollUpMs, result, bytes, tables };
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * What the server's own recorder costs per view, in this process's CPU time (so a busy shared machine
 * does not change it much): recording 100,000 views from `visitors` visitors over 40 pages, written
 * every 2,000 views as the server does. 2,000 visitors: no two views of a batch alike (the worst case);
 * one visitor on one page: the load test's traffic.
 */
async function recorderCost(visitors, pages) {
  const dist = (file) => pathToFileURL(path.join(root, 'dist/server/src/server', file)).href;
  const { openDatabase } = await import(dist('db/connection.js'));
  const { migrateToLatest } = await import(dist('db/migrate.js'));
  const { PageViewRecorder } = await import(dist('analytics/page-view-recorder.js'));
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-recorder-'));
  const db = openDatabase(path.join(dir, 'site.db'));
  try {
    await migrateToLatest(db);
    const log = { error: (details) => console.error(details) };
    const recorder = new PageViewRecorder(db, { log, flushEveryMs: 3_600_000, maxBuffered: Number.MAX_SAFE_INTEGER });
    const total = 100_000;
    const cpu = () => {
      const used = process.cpuUsage();
      return (used.user + used.system) / 1000;
    };
    const views = Array.from({ length: total }, (_, n) => ({
      at: new Date(),
      path: `/blog/post-${n % pages}`,
      source: pages > 1 && n % 3 === 0 ? 'google.com' : null,
      campaign: null,
      device: 'phone',
      address: `10.0.${(n % visitors) >> 8}.${(n % visitors) % 256}`,
      userAgent: PHONE,
    }));
    let recordMs = 0;
    let writeMs = 0;
    for (let start = 0; start < total; start += 2000) {
      const recordStart = cpu();
      for (let n = start; n < start + 2000; n++) recorder.record(views[n]);
      recordMs += cpu() - recordStart;
      const writeStart = cpu();
      await recorder.flush();
      writeMs += cpu() - writeStart;
    }
    await recorder.close();
    const rows = await db
      .selectFrom('analyticsEvents')
      .select((eb) => eb.fn.sum('views').as('views'))
      .executeTakeFirstOrThrow();
    return {
      visitors,
      total,
      stored: Number(rows.views),
      recordUs: (recordMs * 1000) / total,
      writeUs: (writeMs * 1000) / total,
    };
  } finally {
    await db.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

ensureBuild();
let failed = false;
const costs = [await recorderCost(2000, 40), await recorderCost(1, 1)];
console.log('In-process cost per view (CPU time of this process; 100,000 views written every 2,000, SQLite):');
for (const cost of costs)
  console.log(
    `  ${cost.visitors === 1 ? 'one visitor, one page (the load test)' : `${cost.visitors} visitors, 40 pages (no two alike)`}: recording ${cost.recordUs.toFixed(2)} µs, writing ${cost.writeUs.toFixed(2)} µs; ${cost.stored} views stored`,
  );
console.log('');
const pages = await throughput();
const slowdown = 1 - pages.on / pages.off;
console.log(`Page ${pages.page}, ${connections} connections, 2 × ${duration} s each, alternating (shared machine):`);
console.log(`  analytics off: ${Math.round(pages.off)} req/s  (runs: ${pages.runs.off.map(Math.round).join(', ')})`);
console.log(`  analytics on:  ${Math.round(pages.on)} req/s  (runs: ${pages.runs.on.map(Math.round).join(', ')})`);
console.log(`  difference: ${(slowdown * 100).toFixed(1)} % slower with analytics on`);
console.log(`  exactness: ${pages.counted} views counted for ${pages.answeredOn} answered page requests`);

const year = await generatedYear();
const mb = year.bytes / 1024 / 1024;
console.log('');
console.log(
  `A generated year: ${days} days × ${viewsPerDay} views = ${year.inserted} raw events (${Math.round(year.generatedMs)} ms to insert)`,
);
console.log(
  `  roll-up of ${year.result.daysRolledUp} days: ${Math.round(year.rollUpMs)} ms (${(year.rollUpMs / Math.max(1, year.result.daysRolledUp)).toFixed(1)} ms a day); ${year.result.eventsDeleted} raw events older than 30 days removed`,
);
console.log(
  `  rows kept: ${Object.entries(year.tables)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ')}`,
);
console.log(`  database file after VACUUM: ${mb.toFixed(1)} MB`);

console.log('');
for (const [label, ok] of [
  [`analytics on within ${BUDGET.maxSlowdown * 100} % of off`, slowdown <= BUDGET.maxSlowdown],
  [`${pages.answeredOn} requests counted exactly once`, pages.counted === pages.answeredOn],
  ...costs.map((cost) => [`${cost.total} recorded views stored exactly once`, cost.stored === cost.total]),
  [`a year of ${viewsPerDay} views a day under ${BUDGET.maxYearMb} MB`, mb < BUDGET.maxYearMb],
]) {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  if (!ok) failed = true;
}
process.exit(failed && !args.includes('--no-fail') ? 1 : 0);
