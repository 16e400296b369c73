// `npm run bench:copies`: the cost of selling files direct (issue 32).
//
//   Budgets: watermarking a 5 MB EPUB (ex-libris page, OPF fingerprint, ZIP comment) takes < 150 ms and < 30 MB
//   of extra RSS; a 1 GB audiobook download grows the server's RSS by < 20 MB; 50 concurrent downloads of it keep
//   the /books page's p99 < 100 ms.
//
// Part 1 runs in this process on the compiled server modules (npm run build:server first when stale): a 5 MB EPUB
// (a 4.2 MB cover image, stored; 40 chapters, 3.6 MB of XHTML deflated to ~0.9 MB) is written to a file store in a temporary folder, then
// copied --runs times through openStoredZip → readEpubStructure → makeEpubCopy → store.write, as makePersonalCopy
// does; RSS is sampled every 2 ms, the extra RSS is the highest sample over the process's RSS before the runs.
//
// Part 2 starts the production build with the bench entry (operations/bench/copies-bench-server.ts: the site
// plus a route that sends a personal copy through sendStoredFile, the streamed, ranged send) on a temporary
// DATA_DIR (SQLite), uploads a 1 GB MP3 audiobook (4 chapters of 256 MB) through the admin's upload route, makes
// the buyer's ZIP, downloads it once (the server's RSS sampled from /proc every 20 ms), then --downloads at once
// while one reader requests /books again and again (its p50/p99 reported).
//
// Before the downloads, /books alone for 10 s gives the machine's baseline p50/p99 (the machine is shared).
// The downloads come from another process (scripts/lib/download-crowd.mjs), as readers are other machines: a
// client reading 50 streams at loopback speed in this process held its event loop and timed itself, not /books.
// They read as fast as loopback allows unless --rate-mb paces each one (a reader's connection: 50 at
// 2 MB/s is 100 MB/s, a 1 Gbit/s uplink full); --seconds ends the concurrent downloads after that long (the
// bytes moved are reported; completeness is then not checked).
//
// Options: --runs <n> (default 20), --downloads <n> (default 50), --audio-mb <n> (default 1024), --rate-mb <n>
// (per download, MB/s; default unpaced), --seconds <n> (default: until done), --build (rebuild first),
// --skip-server (part 1 only), --no-fail (report only).
import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { importCompiledServerModule } from './lib/compiled-server.mjs';
import { percentile, rssMb } from './lib/load-stats.mjs';
import { ensureBuild, root, startProductionServer } from './lib/production-server.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '20'));
const downloads = Number(option('--downloads', '50'));
const audioMb = Number(option('--audio-mb', '1024'));
const rateMb = Number(option('--rate-mb', '0'));
const seconds = Number(option('--seconds', '0'));
const BUDGET = { watermarkMs: 150, watermarkRssMb: 30, downloadRssMb: 20, booksP99Ms: 100 };
const failures = [];
const check = (ok, text) => {
  console.log(`${ok ? 'ok  ' : 'OVER'} ${text}`);
  if (!ok) failures.push(text);
};

async function partOne() {
  const { makeDemoEpub } = await importCompiledServerModule('sales/copies/demo-epub.js');
  const { createSalesFileStore } = await importCompiledServerModule('sales/copies/sales-file-store.js');
  const { openStoredZip } = await importCompiledServerModule('sales/copies/zip-access.js');
  const { readEpubStructure } = await importCompiledServerModule('sales/copies/epub-structure.js');
  const { makeEpubCopy } = await importCompiledServerModule('sales/copies/epub-copy.js');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-copies-'));
  try {
    const store = createSalesFileStore(null, 'files', dataDir);
    const epub = await makeDemoEpub({
      chapters: 40,
      paragraphs: 200,
      coverBytes: 4.2 * 1024 * 1024,
      variedProse: true,
    });
    const bytes = await store.write('original', Readable.from([epub]));
    console.log(
      `EPUB: ${(bytes / 1024 / 1024).toFixed(2)} MB: 40 chapters (3.6 MB of XHTML, ~0.9 MB deflated) and a 4.2 MB cover`,
    );
    const copyOnce = async (n) => {
      const { zip, entries } = await openStoredZip(store, 'original', bytes);
      const structure = await readEpubStructure(zip, entries);
      if (!structure.ok) throw new Error(structure.problems.join('; '));
      const stamp = {
        buyerName: 'Ada Reader',
        orderRef: `${n}`,
        fingerprint: `cbench${String(n).padStart(6, '0')}`,
        madeAt: new Date(),
      };
      const written = await store.write(`copy-${n}`, makeEpubCopy(zip, entries, structure.layout, stamp));
      await store.remove(`copy-${n}`);
      return written;
    };
    await copyOnce(-1); // warm-up: modules, zlib
    globalThis.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 2);
    const times = [];
    for (let n = 0; n < runs; n += 1) {
      const started = performance.now();
      await copyOnce(n);
      times.push(performance.now() - started);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    clearInterval(sampler);
    const extraMb = (peak - baseline) / 1024 / 1024;
    const p50 = percentile(times, 50);
    const worst = Math.max(...times);
    console.log(
      `Watermark 5 MB EPUB, ${runs} runs: p50 ${p50.toFixed(0)} ms, max ${worst.toFixed(0)} ms; extra RSS ${extraMb.toFixed(1)} MB`,
    );
    check(p50 < BUDGET.watermarkMs, `watermark p50 ${p50.toFixed(0)} ms < ${BUDGET.watermarkMs} ms`);
    check(
      extraMb < BUDGET.watermarkRssMb,
      `watermark extra RSS ${extraMb.toFixed(1)} MB < ${BUDGET.watermarkRssMb} MB`,
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A chapter of `mb` MB: an ID3v2.3 tag with its title, then MPEG frames (1 MB blocks reused, streamed). */
function* mp3Chapter(title, mb) {
  const text = Buffer.concat([Buffer.from([0]), Buffer.from(title, 'latin1')]);
  const frame = Buffer.alloc(10);
  frame.write('TIT2', 0, 'latin1');
  frame.writeUInt32BE(text.length, 4);
  const tag = Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 10 + text.length]), frame, text]);
  yield tag;
  const mpeg = Buffer.alloc(417);
  mpeg.set([0xff, 0xfb, 0x90, 0x64]);
  const block = Buffer.concat(Array.from({ length: Math.ceil((1024 * 1024) / 417) }, () => mpeg)).subarray(
    0,
    1024 * 1024,
  );
  for (let n = 0; n < mb; n += 1) yield block;
}

/**
 * One HTTP request; the answer's bytes are counted (the first 64 chunks kept as text). `rateMb` paces the
 * reading (a reader's connection), `signal` ends it early (resolves with the bytes so far, `aborted`).
 */
function request(baseUrl, method, pathname, { token, headers = {}, body, rateMb = 0, signal } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}${pathname}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
    req.on('response', (res) => {
      const chunks = [];
      let bytes = 0;
      const started = performance.now();
      const finish = (aborted) =>
        resolve({ status: res.statusCode, bytes, aborted, text: Buffer.concat(chunks).toString('utf8') });
      signal?.addEventListener('abort', () => {
        finish(true);
        req.destroy();
      });
      res.on('data', (chunk) => {
        bytes += chunk.length;
        if (chunks.length < 64) chunks.push(chunk);
        if (rateMb > 0) {
          const aheadMs = (bytes / (rateMb * 1024 * 1024)) * 1000 - (performance.now() - started);
          if (aheadMs > 5) {
            res.pause();
            setTimeout(() => res.resume(), aheadMs);
          }
        }
      });
      res.on('end', () => finish(false));
      res.on('error', (error) => (signal?.aborted ? undefined : reject(error)));
    });
    req.on('error', (error) => (signal?.aborted ? undefined : reject(error)));
    if (body instanceof Readable) body.pipe(req);
    else req.end(body);
  });
}

function uploadChapter(baseUrl, token, bookId, name, mb) {
  const boundary = '----BenchCopies7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Readable.from(
    (function* () {
      yield head;
      yield* mp3Chapter(name, mb);
      yield tail;
    })(),
  );
  return request(baseUrl, 'POST', `/api/admin/books/${bookId}/editions/audiobook/files`, {
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
}

/** The downloads, from scripts/lib/download-crowd.mjs in a child process: { complete, bytes, seconds }. */
function spawnCrowd(url, token) {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(root, 'scripts/lib/download-crowd.mjs'), url, String(downloads), String(rateMb), String(seconds)],
      { env: { ...process.env, DOWNLOAD_TOKEN: token }, maxBuffer: 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').at(-1)))),
    );
  });
}

async function partTwo() {
  ensureBuild({ force: args.includes('--build') });
  const entry = path.join(root, 'dist/server/src/server/operations/bench/copies-bench-server.js');
  const server = await startProductionServer({ LOG_LEVEL: 'warn' }, { entry, dataDirPrefix: 'bench-copies-' });
  try {
    const login = await fetch(`${server.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    const { token } = await login.json();
    const books = await (await fetch(`${server.baseUrl}/api/books`)).json();
    const book = (Array.isArray(books) ? books : books.items).find((candidate) => candidate.slug === 'the-ashwarden');
    const chapters = 4;
    const started = performance.now();
    let firstId = null;
    for (let n = 1; n <= chapters; n += 1) {
      const answer = await uploadChapter(
        server.baseUrl,
        token,
        book.id,
        `chapter-${n}.mp3`,
        Math.round(audioMb / chapters),
      );
      if (answer.status !== 201) throw new Error(`upload ${n}: ${answer.status} ${answer.text}`);
      firstId ??= JSON.parse(answer.text).id;
    }
    console.log(
      `Uploaded a ${audioMb} MB audiobook (${chapters} chapters) in ${((performance.now() - started) / 1000).toFixed(1)} s; server RSS ${rssMb(server.pid)} MB`,
    );
    const made = performance.now();
    const copyAnswer = await request(server.baseUrl, 'POST', '/__bench/copies', {
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ editionFileId: firstId }),
    });
    if (copyAnswer.status !== 201) throw new Error(`copy: ${copyAnswer.status} ${copyAnswer.text}`);
    const copy = JSON.parse(copyAnswer.text);
    console.log(
      `Made the buyer's ZIP (${(copy.bytes / 1024 / 1024).toFixed(0)} MB) in ${((performance.now() - made) / 1000).toFixed(1)} s; server RSS ${rssMb(server.pid)} MB`,
    );

    const sample = (into) =>
      setInterval(() => {
        try {
          into.peak = Math.max(into.peak, rssMb(server.pid));
        } catch {
          /* the server is gone: the download fails and says so */
        }
      }, 20);
    const one = { peak: rssMb(server.pid) };
    const oneBefore = one.peak;
    let timer = sample(one);
    const single = await request(server.baseUrl, 'GET', `/__bench/copies/${copy.fileId}`, { token });
    clearInterval(timer);
    if (single.bytes !== copy.bytes) throw new Error(`single download: ${single.status}, ${single.bytes} bytes`);
    const singleGrowth = one.peak - oneBefore;
    console.log(
      `One download of ${(copy.bytes / 1024 / 1024).toFixed(0)} MB: server RSS ${oneBefore} → peak ${one.peak} MB (+${singleGrowth.toFixed(1)} MB)`,
    );
    check(
      singleGrowth < BUDGET.downloadRssMb,
      `1 GB download RSS growth ${singleGrowth.toFixed(1)} MB < ${BUDGET.downloadRssMb} MB`,
    );

    // The machine's baseline: /books alone, as long as it takes to have a p99 worth the name.
    const alone = [];
    const aloneUntil = performance.now() + 10_000;
    while (performance.now() < aloneUntil) {
      const t0 = performance.now();
      const page = await request(server.baseUrl, 'GET', '/books');
      if (page.status !== 200) throw new Error(`/books answered ${page.status}`);
      alone.push(performance.now() - t0);
    }
    console.log(
      `/books alone (no download): ${alone.length} requests in 10 s, p50 ${percentile(alone, 50)?.toFixed(1)} ms, p99 ${percentile(alone, 99)?.toFixed(1)} ms`,
    );

    const many = { peak: rssMb(server.pid) };
    const manyBefore = many.peak;
    timer = sample(many);
    let done = false;
    const latencies = [];
    const reader = (async () => {
      while (!done) {
        const t0 = performance.now();
        const page = await request(server.baseUrl, 'GET', '/books');
        if (page.status !== 200) throw new Error(`/books answered ${page.status}`);
        latencies.push(performance.now() - t0);
      }
    })();
    // Held until the crowd is done (a failing /books is then told, not an unhandled rejection).
    const readerFailure = reader.then(
      () => null,
      (error) => error,
    );
    // The crowd downloads from its own process; this one only times /books.
    const crowd = spawnCrowd(`${server.baseUrl}/__bench/copies/${copy.fileId}`, token);
    const { complete, bytes: moved, seconds: elapsed } = await crowd;
    done = true;
    const failed = await readerFailure;
    if (failed) throw failed;
    clearInterval(timer);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    console.log(
      `${downloads} downloads at once (${rateMb > 0 ? `each paced at ${rateMb} MB/s` : 'unpaced'}${seconds > 0 ? `, ended after ${seconds} s` : ''}): ` +
        `${complete} complete, ${(moved / 1024 / 1024 / 1024).toFixed(2)} GB in ${elapsed.toFixed(1)} s (${(moved / 1024 / 1024 / elapsed).toFixed(0)} MB/s); ` +
        `server RSS ${manyBefore} → peak ${many.peak} MB (+${(many.peak - manyBefore).toFixed(1)}); /books ${latencies.length} requests, p50 ${p50?.toFixed(1)} ms, p99 ${p99?.toFixed(1)} ms`,
    );
    if (seconds === 0) check(complete === downloads, `${complete}/${downloads} downloads complete`);
    check(
      p99 !== null && p99 < BUDGET.booksP99Ms,
      `/books p99 ${p99?.toFixed(1)} ms < ${BUDGET.booksP99Ms} ms during ${downloads} downloads`,
    );
    check(
      many.peak - manyBefore < BUDGET.downloadRssMb,
      `RSS growth during ${downloads} downloads ${(many.peak - manyBefore).toFixed(1)} MB < ${BUDGET.downloadRssMb} MB`,
    );
  } finally {
    await server.stop();
  }
}

console.log(
  `Load average at start: ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')} (${(await import('node:os')).cpus().length} cores)`,
);
await partOne();
if (!args.includes('--skip-server')) await partTwo();
if (failures.length > 0 && !args.includes('--no-fail')) {
  console.error(`Over budget: ${failures.join('; ')}`);
  process.exit(1);
}
