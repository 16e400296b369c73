import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/paths.js';
import { trackConsoleProblems } from '../support/browser.js';
import { useBrowserSite } from '../support/fixture.js';

/**
 * In Chromium: every route hydrates the server's HTML without console errors or hydration
 * warnings, without asking the API again for what the server already loaded, and without
 * loading the admin area's code.
 */

const site = useBrowserSite({ readOnly: true });
let publicPaths: string[];

/** The files only the admin area loads (its chunk and stylesheet), from the build manifest. */
function adminOnlyFiles(): Set<string> {
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(
    readFileSync(path.join(projectRoot, 'dist/client/.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const publicKeys = closure('entry-client.tsx');
  for (const key of Object.keys(manifest)) if (key.startsWith('pages/')) closure(key, publicKeys);
  const files = new Set<string>();
  for (const key of closure('admin/AdminPage.tsx')) {
    if (publicKeys.has(key)) continue;
    files.add(`/${manifest[key]!.file}`);
    for (const css of manifest[key]!.css ?? []) files.add(`/${css}`);
  }
  return files;
}

type FirstLoad = {
  status: number;
  problems: string[];
  apiCalls: string[];
  adminFiles: string[];
  stylesheets: string[];
  page: Page;
};

/** Opens the path in a fresh context and waits until the router has hydrated. */
async function firstLoad(pagePath: string): Promise<FirstLoad> {
  const context = await site.newContext();
  const page = await context.newPage();
  const problems = trackConsoleProblems(page);
  const adminOnly = adminOnlyFiles();
  const apiCalls: string[] = [];
  const adminFiles: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.css')) stylesheets.push(url.pathname);
    if (url.pathname.startsWith('/trpc') || url.pathname.startsWith('/api/'))
      apiCalls.push(`${request.method()} ${url.pathname}${url.search}`);
    if (adminOnly.has(url.pathname)) adminFiles.push(url.pathname);
  });
  const response = await page.goto(`${site.baseUrl}${pagePath}`, { waitUntil: 'load' });
  // The router deletes its bootstrap global once hydration is complete.
  await page.waitForFunction(() => !('$_TSR' in window), null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  return { status: response?.status() ?? 0, problems, apiCalls, adminFiles, stylesheets, page };
}

/** Chromium reports the 404 document itself as a failed resource; that is the expected status. */
const withoutDocument404 = (problems: string[]) =>
  problems.filter((problem) => !/Failed to load resource: the server responded with a status of 404/.test(problem));

beforeAll(async () => {
  const [posts, excerpts] = await Promise.all(
    ['/api/blog', '/api/excerpts'].map(
      async (api) => (await (await fetch(`${site.baseUrl}${api}`)).json()) as Array<{ id: string; slug?: string }>,
    ),
  );
  publicPaths = [
    '/',
    '/books',
    '/excerpts',
    `/excerpts/${excerpts![0]!.slug}`,
    '/art-music',
    '/blog',
    `/blog/${(posts![0] as { slug?: string }).slug}`,
    '/about',
    '/contact',
    '/preorder',
  ];
});

describe('hydration', () => {
  it('every public route hydrates cleanly, fetches nothing again and never loads the admin code', async () => {
    for (const pagePath of publicPaths) {
      const load = await firstLoad(pagePath);
      expect(load.status, pagePath).toBe(200);
      expect(load.problems, pagePath).toEqual([]);
      expect(load.apiCalls, `${pagePath}: API calls during the first load`).toEqual([]);
      expect(load.adminFiles, `${pagePath}: admin files`).toEqual([]);
      // No stylesheet is downloaded twice (the page's own, inlined in the HTML, is fetched once by its chunk).
      expect(load.stylesheets.length, `${pagePath}: stylesheet requests`).toBe(new Set(load.stylesheets).size);
      await load.page.context().close();
    }
  });

  it('the 404 screens hydrate cleanly too, with their status', async () => {
    for (const [pagePath, heading] of [
      ['/no/such/page', '404 Page Not Found'],
      ['/excerpts/does-not-exist', 'Excerpt Not Found'],
      ['/blog/does-not-exist', 'Blog Post Not Found'],
    ] as const) {
      const load = await firstLoad(pagePath);
      expect(load.status, pagePath).toBe(404);
      expect(withoutDocument404(load.problems), pagePath).toEqual([]);
      expect(load.apiCalls, pagePath).toEqual([]);
      await expect.poll(() => load.page.getByRole('heading', { name: heading }).count(), { timeout: 5_000 }).toBe(1);
      await load.page.context().close();
    }
  });

  it('the hydrated page is interactive: client-side navigation loads the next page and its head', async () => {
    const load = await firstLoad('/');
    const { page } = load;
    let documentRequests = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests += 1;
    });
    await page.getByRole('link', { name: 'Books', exact: true }).first().click();
    await page.waitForURL(`${site.baseUrl}/books`);
    await expect.poll(() => page.title()).toMatch(/^Books \|/);
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.baseUrl}/books`);
    expect(documentRequests).toBe(0);
    // The next page's own stylesheet arrives with its chunk.
    await expect.poll(() => page.locator('link[rel="stylesheet"][href*="BooksPage"]').count()).toBe(1);
    expect(load.problems).toEqual([]);
    await page.context().close();
  });

  it('/admin loads the admin area in the browser only', async () => {
    const load = await firstLoad('/admin');
    expect(load.status).toBe(200);
    expect(load.problems).toEqual([]);
    expect(load.adminFiles.length).toBeGreaterThan(0);
    await expect
      .poll(() => load.page.locator('input[type="password"]').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await load.page.context().close();
  });

  it('a dismissed announcement stays hidden from the first paint (no flash, no mismatch)', async () => {
    const context = await site.newContext();
    const url = new URL(site.baseUrl);
    await context.addCookies([{ name: 'announcementDismissed', value: '1', domain: url.hostname, path: '/' }]);
    const page = await context.newPage();
    const problems = trackConsoleProblems(page);
    const response = await page.goto(`${site.baseUrl}/about`);
    expect(await response!.text()).not.toContain('Dismiss announcement');
    await page.waitForFunction(() => !('$_TSR' in window));
    expect(await page.getByRole('button', { name: 'Dismiss announcement' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});
