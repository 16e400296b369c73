// `npm run soak [-- --minutes N | --seconds N]`: mixed traffic against the production server on
// a temporary DATA_DIR, on loopback only. Page and API reads at 50 connections (autocannon),
// public form posts from many addresses (X-Forwarded-For, with TRUST_PROXY and the rate limits
// on, as in production), an admin write every second and a backup (`npm run backup`) halfway.
// Reports requests, non-2xx by status, p99 per route, RSS and rows acknowledged vs stored;
// exits 1 when a check fails.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { parseFlags, percentile, poolAddress, positiveNumber, rssMb, sleep } from './lib/load-stats.mjs';
import { ensureBuild, firstPostPath, preorderableBook, root, startProductionServer } from './lib/production-server.mjs';

const USAGE = 'Usage: npm run soak [-- --minutes N | --seconds N]   (default 10 minutes)';
const flags = parseFlags({ minutes: { type: 'string' }, seconds: { type: 'string' } }, USAGE);
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const durationS = Math.round(
  flags.seconds !== undefined
    ? positiveNumber(flags.seconds, 0, 'seconds', USAGE, { max: 86_400 })
    : positiveNumber(flags.minutes, 10, 'minutes', USAGE, { max: 1_440 }) * 60,
);

const ADMIN_PASSWORD = 'Soak-Admin-Pass1!';
const READ_CONNECTIONS = 50;
const FORM_WORKERS = 2;
/** Pause between one worker's form posts: ~2 × 40 posts/s, well inside what a site sees. */
const FORM_PAUSE_MS = 25;
/** RSS is compared with its value after this warm-up (caches filled, JIT settled). */
const WARM_UP_S = Math.min(60, Math.max(10, Math.round(durationS / 3)));
/**
 * Client addresses per kind of traffic: enough that no address passes its per-minute limit
 * (600 reads, 10 form posts) at this load, as few as a busy real site would see.
 */
const ADDRESS_POOL = 4096;
const MAX_RSS_GROWTH = 0.1;
/**
 * Under this load V8 grows the heap for about the first minute before its first major GC brings
 * RSS back down (measured: 135 → 227 → 177 MB), so growth is only judged on runs of 2 minutes or
 * more; a shorter run checks a ceiling instead.
 */
const RSS_GROWTH_MIN_DURATION_S = 120;
const RSS_CEILING_MB = 512;
const execFileAsync = promisify(execFile);

ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'soak-data-'));
const backupDir = await mkdtemp(path.join(tmpdir(), 'soak-backups-'));
const server = await startProductionServer({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD,
  RATE_LIMITS: 'on',
  TRUST_PROXY: 'true',
  BACKUP_EVERY: 'off',
});
// Never let the run outlive its budget, whatever hangs.
const watchdog = setTimeout(
  () => {
    console.error('Soak watchdog: the run took far longer than planned; stopping.');
    void server.stop().finally(() => process.exit(1));
  },
  (durationS + 180) * 1000,
);
watchdog.unref();

const failures = [];
const check = (ok, message) => {
  if (!ok) failures.push(message);
  return ok;
};

async function api(method, url, { body, headers = {}, key } = {}) {
  const started = performance.now();
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? JSON.parse(text) : null,
    headers: response.headers,
    ms: performance.now() - started,
  };
}

/** Every row of an admin list, a page of 500 at a time (the next page's cursor comes in X-Next-Cursor). */
async function countAdminRows(path, key) {
  let total = 0;
  let cursor = null;
  do {
    const page = await api('GET', `${path}?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { key });
    total += page.json.length;
    cursor = page.headers.get('x-next-cursor');
  } while (cursor);
  return total;
}

/** Every published post, 50 at a time (the cursor is the id of the last post of the page before). */
async function countPublishedPosts() {
  let total = 0;
  let cursor = null;
  for (;;) {
    const url = `/api/blog?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const page = await api('GET', url, { headers: { 'x-forwarded-for': '10.250.0.1' } });
    total += page.json.length;
    if (page.json.length < 50) return total;
    cursor = String(page.json.at(-1).id);
  }
}

/** Request outcomes of the routes this script drives itself (forms, admin writes). */
const routeStats = new Map();
function record(route, status, ms) {
  const stats = routeStats.get(route) ?? { requests: 0, statuses: {}, latencies: [] };
  stats.requests += 1;
  stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
  stats.latencies.push(ms);
  routeStats.set(route, stats);
}

try {
  const { json: login } = await api('POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD } });
  const adminKey = login.token;
  const postPath = await firstPostPath(server.baseUrl);
  const { bookId, format } = await preorderableBook(server.baseUrl);
  const counts = async () => ({
    contact: await countAdminRows('/api/admin/contact', adminKey),
    newsletter: await countAdminRows('/api/admin/newsletter', adminKey),
    preorders: await countAdminRows('/api/admin/preorders', adminKey),
    blog: await countPublishedPosts(),
  });
  const storedBefore = await counts();
  const acknowledged = { contact: 0, newsletter: 0, preorders: 0, blog: 0 };

  const rss = { start: rssMb(server.pid), warm: null, middle: null, end: null, last: null, max: 0, timeline: [] };
  /** One RSS sample a second: [seconds since start, MB]. */
  const samples = [];
  const deadline = Date.now() + durationS * 1000;
  console.log(`Soak: ${durationS} s against ${server.baseUrl} (server pid ${server.pid}, RSS ${rss.start} MB)`);

  // Reads: one autocannon per route, 10 connections each; every request from the next address of a pool.
  let readCounter = 0;
  const readRoutes = ['/', '/books', postPath, '/api/books', '/api/blog'];
  const reads = readRoutes.map((route) =>
    autocannon({
      url: server.baseUrl,
      connections: READ_CONNECTIONS / readRoutes.length,
      duration: durationS,
      timeout: 20,
      requests: [
        {
          method: 'GET',
          path: route,
          setupRequest: (request) => ({
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': poolAddress(100, readCounter++, ADDRESS_POOL) },
          }),
        },
      ],
    }),
  );

  // Public forms from many addresses: contact, newsletter and preorder in turn.
  let formCounter = 0;
  const FORMS = [
    ['contact', '/api/contact', (n) => ({ name: `Soak ${n}`, email: `soak${n}@example.com`, message: `Message ${n}` })],
    ['newsletter', '/api/newsletter', (n) => ({ email: `soak-reader-${n}@example.com` })],
    [
      'preorders',
      '/api/preorders',
      (n) => ({ bookId, customerName: `Reader ${n}`, customerEmail: `r${n}@example.com`, preferredFormat: format }),
    ],
  ];
  async function formWorker() {
    while (Date.now() < deadline) {
      const n = formCounter++;
      const [kind, url, body] = FORMS[n % FORMS.length];
      try {
        const result = await api('POST', url, {
          body: body(n),
          headers: { 'x-forwarded-for': poolAddress(200, n, ADDRESS_POOL) },
        });
        record(`POST ${url}`, result.status, result.ms);
        if (result.status === 201) acknowledged[kind] += 1;
      } catch (error) {
        record(`POST ${url}`, error.name ?? 'error', 0);
      }
      await sleep(FORM_PAUSE_MS);
    }
  }

  // The author: a new blog post every second.
  async function adminWriter() {
    for (let n = 0; Date.now() < deadline; n++) {
      const started = Date.now();
      try {
        const result = await api('POST', '/api/blog', {
          key: adminKey,
          body: {
            title: `Soak post ${n}`,
            summary: 'Written during the soak test.',
            content: `Paragraph ${n}.\nAnother paragraph.`,
            category: 'announcements',
            coverImage: 'https://example.com/cover.png',
          },
        });
        record('POST /api/blog (admin)', result.status, result.ms);
        if (result.status === 201) acknowledged.blog += 1;
      } catch (error) {
        record('POST /api/blog (admin)', error.name ?? 'error', 0);
      }
      await sleep(Math.max(0, 1000 - (Date.now() - started)));
    }
  }

  // RSS samples, and the backup halfway through.
  async function monitor() {
    const startedAt = Date.now();
    let backup = null;
    while (Date.now() < deadline) {
      await sleep(1000);
      const elapsedS = (Date.now() - startedAt) / 1000;
      const now = rssMb(server.pid);
      rss.max = Math.max(rss.max, now);
      samples.push([elapsedS, now]);
      if (Math.round(elapsedS) % Math.max(5, Math.round(durationS / 20)) === 0)
        rss.timeline.push([Math.round(elapsedS), now]);
      if (backup === null && elapsedS >= durationS / 2) {
        rss.middle = now;
        const started = performance.now();
        backup = execFileAsync(process.execPath, [path.join(root, 'scripts/backup.mjs'), '--out', backupDir], {
          env: { ...process.env, DATA_DIR: dataDir },
          timeout: 120_000,
        }).then(
          ({ stdout }) => ({ ok: true, ms: performance.now() - started, output: stdout.trim() }),
          (error) => ({
            ok: false,
            ms: performance.now() - started,
            output: `${error.stdout ?? ''}${error.stderr ?? error.message}`,
          }),
        );
      }
    }
    return backup;
  }

  const [readResults, , , backupOutcome] = await Promise.all([
    Promise.all(reads),
    Promise.all(Array.from({ length: FORM_WORKERS }, formWorker)),
    adminWriter(),
    monitor(),
  ]);
  rss.last = rssMb(server.pid);
  // Medians over a window right after the warm-up and at the end: one sample swings with each GC.
  const window = Math.max(5, Math.min(60, Math.round(durationS / 10)));
  const medianOf = (from, to) =>
    percentile(
      samples.filter(([t]) => t >= from && t < to).map(([, mb]) => mb),
      50,
    );
  rss.warm = medianOf(WARM_UP_S, WARM_UP_S + window);
  rss.end = medianOf(durationS - window, Infinity);
  const storedAfter = await counts();

  // --- Report ---
  const routes = [];
  readRoutes.forEach((route, index) => {
    const result = readResults[index];
    const statuses = {};
    for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
    if (result.errors) statuses.errors = result.errors;
    if (result.timeouts) statuses.timeouts = result.timeouts;
    routes.push({ route: `GET ${route}`, requests: result.requests.total, statuses, p99: result.latency.p99 });
  });
  for (const [route, stats] of routeStats) {
    routes.push({
      route,
      requests: stats.requests,
      statuses: stats.statuses,
      p99: Math.round(percentile(stats.latencies, 99)),
    });
  }
  const totalRequests = routes.reduce((sum, route) => sum + route.requests, 0);
  const non2xx = {};
  for (const route of routes) {
    for (const [status, count] of Object.entries(route.statuses)) {
      if (!/^2\d\d$/.test(status)) non2xx[status] = (non2xx[status] ?? 0) + count;
    }
  }

  console.log(`\nRequests: ${totalRequests} in ${durationS} s (${Math.round(totalRequests / durationS)}/s)`);
  console.log(`Non-2xx by status: ${Object.keys(non2xx).length ? JSON.stringify(non2xx) : 'none'}`);
  console.log('p99 per route:');
  for (const route of routes) {
    console.log(`  ${route.route.padEnd(28)} ${String(route.requests).padStart(8)} requests   p99 ${route.p99} ms`);
  }
  const growth = rss.warm ? (rss.end - rss.warm) / rss.warm : 0;
  console.log(
    `RSS: start ${rss.start} MB, after the ${WARM_UP_S} s warm-up ${rss.warm} MB (median of ${window} s), ` +
      `middle ${rss.middle} MB, end ${rss.end} MB (median of the last ${window} s; last sample ${rss.last} MB, ` +
      `max ${rss.max} MB); growth after warm-up ${(growth * 100).toFixed(1)}%`,
  );
  console.log(`RSS timeline (s: MB): ${rss.timeline.map(([s, mb]) => `${s}: ${mb}`).join(', ')}`);
  const rows = Object.keys(acknowledged).map((kind) => ({
    kind,
    acknowledged: acknowledged[kind],
    stored: storedAfter[kind] - storedBefore[kind],
  }));
  console.log('Rows acknowledged vs stored:');
  for (const row of rows)
    console.log(`  ${row.kind.padEnd(12)} ${row.acknowledged} acknowledged, ${row.stored} stored`);

  // --- Checks ---
  check(Object.keys(non2xx).length === 0, `non-2xx answers or errors: ${JSON.stringify(non2xx)}`);
  if (durationS >= RSS_GROWTH_MIN_DURATION_S) {
    check(
      rss.warm !== null && growth < MAX_RSS_GROWTH,
      `RSS grew ${(growth * 100).toFixed(1)}% after warm-up (limit 10%)`,
    );
  } else {
    console.log(
      `(Growth is judged on runs of ${RSS_GROWTH_MIN_DURATION_S} s or more; this one checks RSS stays under ${RSS_CEILING_MB} MB.)`,
    );
    check(rss.max < RSS_CEILING_MB, `RSS reached ${rss.max} MB (ceiling ${RSS_CEILING_MB} MB)`);
  }
  for (const row of rows) {
    check(row.acknowledged === row.stored, `${row.kind}: ${row.acknowledged} acknowledged but ${row.stored} stored`);
    check(row.acknowledged > 0, `${row.kind}: no write was acknowledged`);
  }
  if (check(backupOutcome?.ok === true, `the backup halfway failed: ${backupOutcome?.output ?? 'it never ran'}`)) {
    console.log(`Backup halfway: ${Math.round(backupOutcome.ms)} ms, ${backupOutcome.output.split('\n')[0]}`);
    // The archive must verify and restore (checksums, manifest, integrity_check) into an empty folder.
    const [archive] = await readdir(backupDir);
    const restoreDir = await mkdtemp(path.join(tmpdir(), 'soak-restore-'));
    try {
      await execFileAsync(process.execPath, [path.join(root, 'scripts/restore.mjs'), path.join(backupDir, archive)], {
        env: { ...process.env, DATA_DIR: restoreDir },
        timeout: 120_000,
      });
      console.log('Backup archive verified and restored into an empty DATA_DIR.');
    } catch (error) {
      check(false, `restoring the halfway backup failed: ${error.stderr ?? error.message}`);
    } finally {
      await rm(restoreDir, { recursive: true, force: true });
    }
  }
  console.log(`SOAK_RESULT ${JSON.stringify({ durationS, totalRequests, non2xx, routes, rss, rows, failures })}`);
} catch (error) {
  failures.push(`the soak itself failed: ${error.stack ?? error}`);
  console.error(server.log());
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(backupDir, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\nSOAK FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nSoak passed: no failed request, RSS stable, every acknowledged write stored.');
