// `npm run bench:weight`: what a reader's first view and the server process weigh, on the production
// build with demo content, in one run (issue 36, "Pages and process that weigh less").
//
//   Goals: home and blog-post HTML <= 50 KB raw and <= 12 KB brotli; <= 120 KB of JavaScript on a
//   first view of /, /books, a book and a post, as Chromium fetches it over plain HTTP (gzip: Chromium
//   asks for brotli only over HTTPS); /healthz answering <= 1 s after `node` starts; idle RSS
//   <= 100 MB; RSS after 60 s of load <= 200 MB.
//
// 1. Start: the server as `npm start` runs it (same node flags and malloc settings, through
//    scripts/lib/production-server.mjs): a first start on a fresh DATA_DIR (migrations, demo content),
//    then a restart on it: spawn -> first 200 of /healthz, and the RSS after 3 s idle.
// 2. HTML: each page as sent, raw (no Accept-Encoding) and brotli (what a browser over HTTPS gets).
// 3. First view in Chromium (fresh profile, no cache, plain HTTP): bytes on the wire per kind
//    (document, script, stylesheet, font, image), until the network is idle; then the scripts the reader's
//    first intent (a key) imports, until the page has hydrated (the app: reported, not budgeted); the admin
//    chunk must never load; CLS and LCP from the browser's own PerformanceObserver.
// 4. Load: --seconds (default 60) of pages, API reads and a search at 20 connections (as bench:start),
//    then the RSS.
// Options: --seconds N (load), --no-load (skip 4), --screenshots DIR (PNG of each page at 375 and
// 1280 px wide), --json, --no-fail (exit 0 over a byte budget; time and RSS goals are only reported:
// the machine may be shared, its load average is printed with the figures).
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { parseFlags, positiveNumber, rssMb, sleep } from './lib/load-stats.mjs';
import { ensureBuild, firstPostPath, startProductionServer } from './lib/production-server.mjs';

const USAGE =
  'Usage: npm run bench:weight [-- --seconds N] [--no-load] [--screenshots DIR] [--json] [--no-fail] [--build]';
const GOALS = {
  htmlRawKb: 50,
  htmlBrotliKb: 12,
  firstViewJsKb: 120,
  healthzMs: 1000,
  idleRssMb: 100,
  loadedRssMb: 200,
};
const IDLE_WAIT_MS = 3000;
const WIDTHS = [375, 1280];

const flags = parseFlags(
  {
    seconds: { type: 'string' },
    'no-load': { type: 'boolean' },
    screenshots: { type: 'string' },
    json: { type: 'boolean' },
    'no-fail': { type: 'boolean' },
    build: { type: 'boolean' },
  },
  USAGE,
);
const loadSeconds = positiveNumber(flags.seconds, 60, 'seconds', USAGE, { max: 600 });
const kb = (bytes) => Math.round(bytes / 102.4) / 10;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** One GET with the given Accept-Encoding: the body's length on the wire and its encoding. */
function getBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/html', 'accept-encoding': encoding } });
    request.on('error', reject);
    request.on('response', (response) => {
      let bytes = 0;
      response.on('data', (chunk) => (bytes += chunk.length));
      response.on('end', () =>
        resolve({ status: response.statusCode, bytes, encoding: response.headers['content-encoding'] ?? 'identity' }),
      );
    });
  });
}

async function htmlWeight(baseUrl, pagePath) {
  const url = `${baseUrl}${pagePath}`;
  await getBytes(url, 'identity'); // rendered once, then served from the HTML cache as every later request is
  const [raw, brotli] = [await getBytes(url, 'identity'), await getBytes(url, 'br')];
  if (raw.status !== 200) throw new Error(`${pagePath} answered ${raw.status}`);
  if (brotli.encoding !== 'br') throw new Error(`${pagePath} was not sent with brotli (${brotli.encoding})`);
  return { raw: raw.bytes, brotli: brotli.bytes };
}

const sumBodies = (requests) => requests.reduce((sum, request) => sum + request.body, 0);

/** Chromium's first view of a page: wire bytes by resource type, the admin chunk check, CLS and LCP. */
async function firstView(browser, baseUrl, pagePath, screenshotDir) {
  // Chromium offers brotli to 127.0.0.1 (a secure context) but not to a site over plain HTTP: ask for gzip as it would.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'accept-encoding': 'gzip, deflate' },
  });
  await context.addInitScript(() => {
    const vitals = { cls: 0, lcp: 0 };
    globalThis.__weightVitals = vitals;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) vitals.cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => {
    finished.push(
      Promise.all([request.sizes(), request.response()]).then(
        ([sizes, response]) => ({
          path: new URL(request.url()).pathname,
          type: request.resourceType(),
          body: sizes.responseBodySize,
          headers: sizes.responseHeadersSize,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
        }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const vitals = await page.evaluate(() => ({ ...globalThis.__weightVitals }));
  const requests = (await Promise.all(finished)).filter(Boolean);
  // The reader's first intent (a key: any control would do) imports the app; hydrated, the router removes its
  // bootstrap global.
  const firstViewCount = finished.length;
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !('$_TSR' in globalThis), null, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const onIntent = (await Promise.all(finished.slice(firstViewCount))).filter(Boolean);
  if (screenshotDir) {
    const name = pagePath === '/' ? 'home' : pagePath.replace(/^\//, '').replace(/[^a-z0-9-]+/gi, '_');
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await sleep(300);
      await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true });
    }
  }
  await context.close();
  const byType = {};
  for (const request of requests) {
    const kind = request.type === 'fetch' || request.type === 'xhr' ? 'data' : request.type;
    byType[kind] = (byType[kind] ?? 0) + request.body;
  }
  return {
    requests: requests.length,
    totalBytes: requests.reduce((sum, request) => sum + request.body + request.headers, 0),
    byType,
    adminRequested: [...requests, ...onIntent].some((request) => /\/assets\/Admin[^/]*\.js$/.test(request.path)),
    scripts: requests.filter((request) => request.type === 'script').sort((a, b) => b.body - a.body),
    /** The app, imported on the reader's first intent. */
    onIntentScripts: onIntent.filter((request) => request.type === 'script').sort((a, b) => b.body - a.body),
    cls: Math.round(vitals.cls * 1000) / 1000,
    lcpMs: Math.round(vitals.lcp),
  };
}

async function starts() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-weight-'));
  try {
    const fresh = await startProductionServer({ DATA_DIR: dataDir });
    const first = { healthzMs: Math.round(fresh.startupMs), idleRssMb: (await sleep(IDLE_WAIT_MS), rssMb(fresh.pid)) };
    await fresh.stop();
    const again = await startProductionServer({ DATA_DIR: dataDir });
    const restart = {
      healthzMs: Math.round(again.startupMs),
      idleRssMb: (await sleep(IDLE_WAIT_MS), rssMb(again.pid)),
    };
    await again.stop();
    return { first, restart };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

ensureBuild({ force: flags.build });
console.log(`Node ${process.version}, ${os.cpus().length} cores; load average at start: ${loadAverage()}\n`);
const results = { loadAverageAtStart: os.loadavg(), pages: [] };
results.start = await starts();
const server = await startProductionServer();
let failed = false;
try {
  const postPath = await firstPostPath(server.baseUrl);
  const [firstBook] = await (await fetch(`${server.baseUrl}/api/books`)).json();
  const pages = [
    { path: '/', kind: 'home' },
    { path: '/books', kind: 'books' },
    { path: `/books/${firstBook.slug}`, kind: 'book' },
    { path: postPath, kind: 'post' },
  ];
  if (flags.screenshots) mkdirSync(flags.screenshots, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  try {
    for (const { path: pagePath, kind } of pages) {
      const html = await htmlWeight(server.baseUrl, pagePath);
      const view = await firstView(browser, server.baseUrl, pagePath, flags.screenshots);
      results.pages.push({ path: pagePath, kind, html, view });
    }
  } finally {
    await browser.close();
  }
  console.log('Page                                               HTML raw / br   First view (gzip over HTTP)');
  for (const { path: pagePath, kind, html, view } of results.pages) {
    const budgeted = kind === 'home' || kind === 'post';
    const htmlOver = budgeted && (kb(html.raw) > GOALS.htmlRawKb || kb(html.brotli) > GOALS.htmlBrotliKb);
    const jsOver = kb(view.byType.script ?? 0) > GOALS.firstViewJsKb;
    if (htmlOver || jsOver || view.adminRequested) failed = true;
    const types = ['document', 'script', 'stylesheet', 'font', 'image', 'data']
      .filter((type) => view.byType[type])
      .map((type) => `${type} ${kb(view.byType[type])}`)
      .join(', ');
    console.log(
      `${pagePath.slice(0, 50).padEnd(50)} ${String(kb(html.raw)).padStart(6)} / ${String(kb(html.brotli)).padStart(4)} KB` +
        `${budgeted ? (htmlOver ? ' OVER' : ' ok  ') : '     '}  JS ${kb(view.byType.script ?? 0)} KB ${jsOver ? 'OVER' : 'ok'}, ` +
        `CSS ${kb(view.byType.stylesheet ?? 0)} KB, ${view.requests} requests, ${kb(view.totalBytes)} KB in all ` +
        `(${types}); CLS ${view.cls}, LCP ${view.lcpMs} ms; on first intent JS ${kb(sumBodies(view.onIntentScripts))} KB; ` +
        `admin code: ${view.adminRequested ? 'LOADED' : 'no'}`,
    );
  }
  console.log('\nScripts of the home page, on the first view, then on the first intent (bytes on the wire, encoding):');
  for (const script of [...results.pages[0].view.scripts, ...results.pages[0].view.onIntentScripts])
    console.log(`  ${String(kb(script.body)).padStart(6)} KB  ${script.encoding.padEnd(8)} ${script.path}`);

  if (!flags['no-load']) {
    const paths = ['/', '/books', postPath, '/blog', '/excerpts', '/api/books', '/api/blog', '/search?q=lantern'];
    await sleep(IDLE_WAIT_MS);
    const idleRssMb = rssMb(server.pid);
    const load = await autocannon({
      url: server.baseUrl,
      connections: 20,
      duration: loadSeconds,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    results.load = {
      seconds: loadSeconds,
      idleRssMb,
      afterLoadRssMb: rssMb(server.pid),
      requests: load.requests.total,
      non2xx: load.non2xx,
    };
  }
} finally {
  await server.stop();
}
results.loadAverageAtEnd = os.loadavg();

const verdict = (value, goal, unit) => `${value} ${unit} (goal <= ${goal}: ${value <= goal ? 'met' : 'NOT met'})`;
const { first, restart } = results.start;
console.log(
  `\nFirst start (migrations + demo content): /healthz ${first.healthzMs} ms, idle RSS ${first.idleRssMb} MB`,
);
console.log(
  `Restart on that data: /healthz ${verdict(restart.healthzMs, GOALS.healthzMs, 'ms')}, idle RSS ${verdict(restart.idleRssMb, GOALS.idleRssMb, 'MB')}`,
);
if (results.load) {
  const { load } = results;
  console.log(
    `RSS after ${load.seconds} s of load at 20 connections: ${verdict(load.afterLoadRssMb, GOALS.loadedRssMb, 'MB')} ` +
      `(${load.requests} requests, ${load.non2xx} non-2xx; idle before: ${load.idleRssMb} MB after the page views)`,
  );
}
console.log(`Load average at the end: ${loadAverage()} (time and RSS on a shared machine are noisy)`);
if (flags.json) console.log(`BENCH_WEIGHT ${JSON.stringify(results)}`);
console.log(failed ? '\nbench-weight: a byte budget is over' : '\nbench-weight: byte budgets met');
process.exit(failed && !flags['no-fail'] ? 1 : 0);
