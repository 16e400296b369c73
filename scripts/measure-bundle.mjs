// Page weight: loads public pages of the production build in Chromium and sums the gzip size of
// every JavaScript and CSS file fetched until the page is hydrated (interactive: after the reader's
// first intent, which imports the app), and weighs each page's HTML as the server sends it (raw, and
// brotli on the wire). Also checks that no public page requests the admin area's code.
//
//   npm run measure:bundle            (builds first when dist/ is missing; FORCE_BUILD=1 rebuilds)
//   BUNDLE_PATHS=/,/books npm run measure:bundle      BUNDLE_DETAILS=1 (every file of every page)
//
// Budgets: <= 180 KB gzip of JS + CSS files on every public page; HTML of the home page and of a
// blog post <= 50 KB raw and <= 12 KB brotli (issue 36; the stylesheets are linked, none inlined).
// Exits 1 over a budget or when the admin chunk loads.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ensureBuild, firstPostPath, root, startProductionServer } from './lib/production-server.mjs';

const BUDGET_KB = 180;
/** HTML budgets in KB, by page kind. */
const HTML_BUDGETS = { home: { raw: 50, brotli: 12 }, post: { raw: 50, brotli: 12 } };

ensureBuild({ force: process.env.FORCE_BUILD === '1' });

/**
 * The files only the admin area uses: its chunk and the imports no public module shares, now or
 * on demand (the public forms import the domain schemas dynamically; the admin imports them too).
 */
function adminOnlyFiles() {
  const manifest = JSON.parse(readFileSync(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
  const adminKey = 'admin/AdminPage.tsx';
  const closure = (key, seen = new Set()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    const { imports = [], dynamicImports = [] } = manifest[key];
    for (const imported of [...imports, ...dynamicImports]) if (imported !== adminKey) closure(imported, seen);
    return seen;
  };
  const publicKeys = closure('entry-client.tsx');
  const files = new Set();
  for (const key of closure(adminKey)) {
    if (publicKeys.has(key)) continue;
    files.add(`/${manifest[key].file}`);
    for (const css of manifest[key].css ?? []) files.add(`/${css}`);
  }
  return files;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function measure(browser, baseUrl, pagePath, adminFiles) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = [];
  const adminRequests = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (adminFiles.has(url.pathname)) adminRequests.push(url.pathname);
  });
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const url = new URL(response.url());
    if (type === 'script' || type === 'stylesheet' || /\.(?:js|css)$/.test(url.pathname)) {
      assets.push(
        response.body().then(
          (body) => ({
            path: url.pathname,
            kind: url.pathname.endsWith('.css') ? 'css' : 'js',
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }),
          () => null,
        ),
      );
    }
  });
  await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  // The app arrives on the reader's first intent (a key here); interactive: the router has hydrated (it removes
  // its bootstrap global when done). bench:weight weighs the first view before that intent.
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !('$_TSR' in globalThis), null, { timeout: 15_000 });
  const interactiveAssets = (await Promise.all(assets)).filter(Boolean);
  // Anything requested shortly after hydration (e.g. a lazily imported chunk) counts for the admin check.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { assets: interactiveAssets, adminRequests };
}

/** The page's HTML as the server sends it to a browser: its size, and its brotli body's. */
function htmlWeight(baseUrl, pagePath) {
  const get = (encoding) =>
    new Promise((resolve, reject) => {
      const request = http.get(`${baseUrl}${pagePath}`, {
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let bytes = 0;
        response.on('data', (chunk) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' }));
      });
    });
  return Promise.all([get('identity'), get('br')]).then(([raw, br]) => {
    if (br.encoding !== 'br') throw new Error(`${pagePath} was not sent with brotli (${br.encoding})`);
    return { raw: raw.bytes, brotli: br.bytes };
  });
}

const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
let failed = false;
try {
  const postPath = await firstPostPath(server.baseUrl);
  // Its own address (an id answers 301 to it).
  const [firstExcerpt] = await (await fetch(`${server.baseUrl}/api/excerpts`)).json();
  const [firstBook] = await (await fetch(`${server.baseUrl}/api/books`)).json();
  const paths = process.env.BUNDLE_PATHS?.split(',') ?? [
    '/',
    '/books',
    `/books/${firstBook.slug}`,
    '/excerpts',
    `/excerpts/${firstExcerpt.slug}`,
    '/art-music',
    '/blog',
    postPath,
    '/about',
    '/contact',
    '/preorder',
  ];
  const adminFiles = adminOnlyFiles();
  console.log(`Admin-only files: ${[...adminFiles].join(', ')}\n`);

  const htmlBudgetOf = (pagePath) =>
    pagePath === '/' ? HTML_BUDGETS.home : pagePath.startsWith('/blog/') ? HTML_BUDGETS.post : null;

  for (const pagePath of paths) {
    const { assets, adminRequests } = await measure(browser, server.baseUrl, pagePath, adminFiles);
    const sum = (kind) =>
      assets.filter((a) => kind === 'all' || a.kind === kind).reduce((total, a) => total + a.gzip, 0);
    const total = sum('all');
    const overBudget = total / 1024 > BUDGET_KB;
    console.log(
      `${pagePath.padEnd(48)} JS ${kb(sum('js')).padStart(6)} KB + CSS ${kb(sum('css')).padStart(5)} KB = ${kb(total).padStart(6)} KB gzip` +
        ` (${assets.length} files)  budget ${BUDGET_KB} KB: ${overBudget ? 'OVER' : 'ok'}` +
        `  admin chunk requested: ${adminRequests.length ? `YES ${adminRequests.join(', ')}` : 'no'}`,
    );
    const html = await htmlWeight(server.baseUrl, pagePath);
    const budget = htmlBudgetOf(pagePath);
    const htmlOver = budget !== null && (html.raw / 1024 > budget.raw || html.brotli / 1024 > budget.brotli);
    console.log(
      `${''.padEnd(48)} HTML ${kb(html.raw).padStart(6)} KB raw, ${kb(html.brotli).padStart(5)} KB brotli` +
        (budget ? `  budget ${budget.raw} KB / ${budget.brotli} KB: ${htmlOver ? 'OVER' : 'ok'}` : ''),
    );
    if (pagePath === '/' || process.env.BUNDLE_DETAILS === '1') {
      for (const asset of [...assets].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`    ${kb(asset.gzip).padStart(6)} KB gzip  ${kb(asset.raw).padStart(7)} KB raw  ${asset.path}`);
      }
    }
    if (overBudget || htmlOver || adminRequests.length) failed = true;
  }

  // Sanity check of the detection itself: /admin does load the admin code.
  const admin = await measure(browser, server.baseUrl, '/admin', adminFiles);
  console.log(`\n/admin loads the admin chunk (sanity check): ${admin.adminRequests.length ? 'yes' : 'NO'}`);
  if (!admin.adminRequests.length) failed = true;
} finally {
  await browser.close();
  await server.stop();
}
console.log(failed ? '\nmeasure-bundle: FAILED' : '\nmeasure-bundle: within budget');
process.exit(failed ? 1 : 0);
