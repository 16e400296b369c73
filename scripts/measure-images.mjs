// `npm run measure:images`: builds a test site whose pictures are real photos and measures what
// phones download. Three 3000×4500 book covers (~3 MB JPEG each) and four 4000×3000 art photos
// are generated with sharp (nothing is downloaded), uploaded through POST /api/upload and put on
// the demo books and art pieces. Then:
//   - bytes transferred by /books and /art-music in Chromium at 375 px (DPR 2 and 3), on load and
//     after scrolling to the end, and the largest image delivered (budget: /books on load ≤ 400 KB,
//     no image over 200 KB at 375 px);
//   - Lighthouse mobile Performance of /books and /art-music (budget ≥ 95; median of --runs, default 1).
// Options: --build (rebuild first), --runs <n>, --no-lighthouse, --json <file>,
//          --screenshots <dir> (PNGs of both pages at 1280 and 375 px, to look at).
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ensureBuild, root, startProductionServer } from './lib/production-server.mjs';

const run = promisify(execFile);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : fallback;
};
const runs = Number(option('--runs', '1'));
const BUDGET = { booksBytes: 400 * 1024, imageBytes: 200 * 1024, performance: 95 };
const KB = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * A photo-like picture: broad light and colour (sines), fine texture and sensor noise, so JPEG,
 * WebP and AVIF have as much to keep as in a real photo. `seed` varies the scene.
 */
async function photo(width, height, seed, quality) {
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  const noise = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return ((state >>> 16) & 0xff) / 255 - 0.5;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x / width;
      const v = y / height;
      const light = 0.5 + 0.35 * Math.sin(u * 5 + seed) * Math.cos(v * 4 - seed) + 0.15 * Math.sin((u + v) * 40 + seed);
      const texture = 0.08 * Math.sin(x * 0.21 + Math.sin(y * 0.05) * 6) * Math.cos(y * 0.17);
      const offset = (y * width + x) * 3;
      const base = Math.max(0, Math.min(1, light + texture));
      pixels[offset] = Math.max(0, Math.min(255, 40 + 190 * base * (0.8 + 0.2 * Math.sin(seed)) + 22 * noise()));
      pixels[offset + 1] = Math.max(0, Math.min(255, 20 + 120 * base * base + 22 * noise()));
      pixels[offset + 2] = Math.max(0, Math.min(255, 30 + 90 * (1 - base) + 22 * noise()));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

async function api(baseUrl, method, apiPath, { token, body, form } = {}) {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${apiPath}`, { method, headers, body: form ?? (body && JSON.stringify(body)) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : null;
}

async function upload(baseUrl, token, bytes, filename) {
  const form = new FormData();
  form.append('image', new Blob([bytes], { type: 'image/jpeg' }), filename);
  const started = performance.now();
  const { path: objectPath } = await api(baseUrl, 'POST', '/api/upload', { token, form });
  return { objectPath, ms: Math.round(performance.now() - started) };
}

/** Puts the photos on the demo site: the first three books' covers and four art pieces. */
async function buildPhotoSite(baseUrl, adminPassword) {
  const { token } = await api(baseUrl, 'POST', '/api/admin/login', { body: { password: adminPassword } });
  const books = await api(baseUrl, 'GET', '/api/books');
  const art = await api(baseUrl, 'GET', '/api/art');
  const uploads = [];
  for (let i = 0; i < 3; i++) {
    const bytes = await photo(3000, 4500, i + 1, 90);
    const { objectPath, ms } = await upload(baseUrl, token, bytes, `cover-${i + 1}.jpg`);
    uploads.push({ kind: 'cover 3000×4500', bytes: bytes.length, ms });
    const { id, image: _image, ...book } = books[i];
    await api(baseUrl, 'PUT', `/api/books/${id}`, { token, body: { ...book, coverImage: objectPath } });
  }
  for (let i = 0; i < 4; i++) {
    const bytes = await photo(4000, 3000, i + 7, 85);
    const { objectPath, ms } = await upload(baseUrl, token, bytes, `art-${i + 1}.jpg`);
    uploads.push({ kind: 'art 4000×3000', bytes: bytes.length, ms });
    const { id, image: _image, ...piece } = art[i];
    await api(baseUrl, 'PUT', `/api/art/${id}`, { token, body: { ...piece, imageUrl: objectPath } });
  }
  return uploads;
}

/** What one page load downloads at a phone's size: all bytes on the wire, and each image's. */
async function transferOf(browser, url, { width, deviceScaleFactor, scroll }) {
  const context = await browser.newContext({
    viewport: { width, height: 812 },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const responses = new Map();
  const byType = {};
  let total = 0;
  cdp.on('Network.responseReceived', ({ requestId, response, type }) => {
    responses.set(requestId, { url: response.url, type });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    total += encodedDataLength;
    const response = responses.get(requestId);
    if (response) response.bytes = encodedDataLength;
    const type = response?.type ?? 'Other';
    byType[type] = (byType[type] ?? 0) + encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (scroll) {
    for (let y = 0; y < 20; y++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
  }
  const images = [...responses.values()].filter((response) => response.type === 'Image' && response.bytes);
  await context.close();
  return {
    total,
    byType,
    images: images.map(({ url: imageUrl, bytes }) => ({ url: new URL(imageUrl).pathname, bytes })),
  };
}

async function screenshots(browser, baseUrl, dir) {
  mkdirSync(dir, { recursive: true });
  for (const [name, viewport] of [
    ['1280', { width: 1280, height: 900 }],
    ['375', { width: 375, height: 812 }],
  ]) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: name === '375' ? 2 : 1 });
    const page = await context.newPage();
    for (const pagePath of ['/books', '/art-music']) {
      await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'networkidle' });
      const file = path.join(dir, `${pagePath.slice(1)}-${name}.png`);
      await page.screenshot({ path: file, fullPage: name === '1280' });
      console.log(`screenshot ${file}`);
    }
    await page.locator('button:has(img)').first().click();
    const viewerFile = path.join(dir, `art-viewer-${name}.png`);
    await page.waitForTimeout(500);
    await page.screenshot({ path: viewerFile });
    console.log(`screenshot ${viewerFile}`);
    await context.close();
  }
}

async function lighthouse(url) {
  const flags = ['--headless', ...CHROMIUM_ARGS].join(' ');
  for (let attempt = 1; ; attempt++) {
    try {
      const { stdout } = await run(
        path.join(root, 'node_modules', '.bin', 'lighthouse'),
        [url, '--only-categories=performance', `--chrome-flags=${flags}`, '--output=json', '--quiet'],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH },
          maxBuffer: 256 * 1024 * 1024,
        },
      );
      return JSON.parse(stdout);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

ensureBuild({ force: args.includes('--build') });
const server = await startProductionServer({ LOG_LEVEL: 'warn' }, { dataDirPrefix: 'site-images-' });
const results = { uploads: [], transfer: [], lighthouse: [] };
let failed = false;
try {
  results.uploads = await buildPhotoSite(server.baseUrl, server.adminPassword);
  for (const upload of results.uploads) {
    console.log(`uploaded ${upload.kind}: ${KB(upload.bytes)} processed in ${upload.ms} ms`);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const pagePath of ['/books', '/art-music']) {
      await fetch(`${server.baseUrl}${pagePath}`); // render once, so every load measures the cached page
      for (const deviceScaleFactor of [2, 3]) {
        for (const scroll of [false, true]) {
          const measured = await transferOf(browser, `${server.baseUrl}${pagePath}`, {
            width: 375,
            deviceScaleFactor,
            scroll,
          });
          const largest = measured.images.reduce((max, image) => (image.bytes > max.bytes ? image : max), {
            bytes: 0,
            url: '-',
          });
          const label = `${pagePath} 375 px DPR ${deviceScaleFactor} ${scroll ? 'scrolled to the end' : 'on load'}`;
          const overBudget =
            (pagePath === '/books' && !scroll && measured.total > BUDGET.booksBytes) ||
            largest.bytes > BUDGET.imageBytes;
          if (overBudget) failed = true;
          console.log(
            `${label.padEnd(44)} ${KB(measured.total).padStart(9)} transferred, ${measured.images.length} images, largest ${KB(largest.bytes)} (${largest.url})${overBudget ? '  OVER BUDGET' : ''}`,
          );
          const kinds = Object.entries(measured.byType).map(([type, bytes]) => `${type} ${KB(bytes)}`);
          console.log(`    ${kinds.join(', ')}`);
          results.transfer.push({ page: pagePath, deviceScaleFactor, scroll, ...measured, largest });
        }
      }
    }
    const screenshotDir = option('--screenshots', null);
    if (screenshotDir) await screenshots(browser, server.baseUrl, screenshotDir);
  } finally {
    await browser.close();
  }
  if (!args.includes('--no-lighthouse')) {
    for (const pagePath of ['/books', '/art-music']) {
      const scores = [];
      let report;
      for (let i = 0; i < runs; i++) {
        report = await lighthouse(`${server.baseUrl}${pagePath}`);
        scores.push(Math.round(report.categories.performance.score * 100));
      }
      const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)];
      const metrics = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time', 'speed-index']
        .map((id) => `${id.replace(/-/g, ' ')} ${report.audits[id]?.displayValue ?? '?'}`)
        .join(', ');
      if (median < BUDGET.performance) failed = true;
      console.log(
        `Lighthouse mobile ${pagePath}: Performance ${median} (runs ${scores.join(', ')}; target ${BUDGET.performance}) — ${metrics}`,
      );
      results.lighthouse.push({ page: pagePath, performance: median, runs: scores, metrics });
    }
  }
} finally {
  await server.stop();
}
const jsonFile = option('--json', null);
if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
console.log(failed ? '\nmeasure:images: over budget' : '\nmeasure:images: all budgets met');
process.exit(failed ? 1 : 0);
