// Bundle budget: loads public pages of the production build in Chromium and sums the gzip size
// of every JavaScript and CSS file fetched until the page is hydrated (interactive), plus the
// stylesheets inlined in the page's head. Also checks that no public page requests the admin
// area's code.
//
//   npm run measure:bundle            (builds first when dist/ is missing; FORCE_BUILD=1 rebuilds)
//   BUNDLE_PATHS=/,/books npm run measure:bundle
//
// Budget: <= 180 KB gzip of JS + CSS on `/`; exits 1 over budget or when the admin chunk loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.mjs';
import { ensureBuild, firstId, firstPostPath, root, startProductionServer } from './lib/production-server.mjs';

const BUDGET_KB = 180;

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
  const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
  // The page's stylesheets come inlined in its head: they count as CSS the page loads.
  const html = (await response?.text()) ?? '';
  for (const [, css] of html.matchAll(/<style data-tsr-inline-css="">([\s\S]*?)<\/style>/g)) {
    const body = Buffer.from(css, 'utf8');
    assets.push({
      path: '(stylesheets inlined in the HTML)',
      kind: 'css',
      raw: body.length,
      gzip: gzipSync(body, { level: 9 }).length,
    });
  }
  // Interactive: the router has hydrated (it removes its bootstrap global when done).
  await page.waitForFunction(() => !('$_TSR' in globalThis), null, { timeout: 15_000 });
  const interactiveAssets = (await Promise.all(assets)).filter(Boolean);
  // Anything requested shortly after hydration (e.g. a lazily imported chunk) counts for the admin check.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { assets: interactiveAssets, adminRequests };
}

const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
let failed = false;
try {
  const postPath = await firstPostPath(server.baseUrl);
  const excerptId = await firstId(server.baseUrl, '/api/excerpts');
  const paths = process.env.BUNDLE_PATHS?.split(',') ?? [
    '/',
    '/books',
    '/excerpts',
    `/excerpts/${excerptId}`,
    '/art-music',
    '/blog',
    postPath,
    '/about',
    '/contact',
    '/preorder',
  ];
  const adminFiles = adminOnlyFiles();
  console.log(`Admin-only files: ${[...adminFiles].join(', ')}\n`);

  for (const pagePath of paths) {
    const { assets, adminRequests } = await measure(browser, server.baseUrl, pagePath, adminFiles);
    const sum = (kind) =>
      assets.filter((a) => kind === 'all' || a.kind === kind).reduce((total, a) => total + a.gzip, 0);
    const total = sum('all');
    const overBudget = pagePath === '/' && total / 1024 > BUDGET_KB;
    console.log(
      `${pagePath.padEnd(48)} JS ${kb(sum('js')).padStart(6)} KB + CSS ${kb(sum('css')).padStart(5)} KB = ${kb(total).padStart(6)} KB gzip` +
        ` (${assets.length} files)${pagePath === '/' ? `  budget ${BUDGET_KB} KB: ${overBudget ? 'OVER' : 'ok'}` : ''}` +
        `  admin chunk requested: ${adminRequests.length ? `YES ${adminRequests.join(', ')}` : 'no'}`,
    );
    if (pagePath === '/' || process.env.BUNDLE_DETAILS === '1') {
      for (const asset of [...assets].sort((a, b) => b.gzip - a.gzip)) {
        console.log(`    ${kb(asset.gzip).padStart(6)} KB gzip  ${kb(asset.raw).padStart(7)} KB raw  ${asset.path}`);
      }
    }
    if (overBudget || adminRequests.length) failed = true;
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
