import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';

/**
 * What a reading page's first view costs in JavaScript, by bytes (deterministic for a build):
 * every script Chromium fetches until the page has hydrated, gzip level 9. `npm run bench:weight`
 * measures the rest (HTML, CSS, wire bytes, memory, start time); its goal is 120 KB.
 */

/**
 * A ceiling a little above today's figures (about 162 KB since the tRPC transport loads with the first call;
 * 165 KB before, 194 KB while zod loaded with the layout).
 */
const FIRST_VIEW_JS_GZIP_KB = 166;
/** zod's error class: present in any bundle that carries zod. */
const ZOD_MARK = '$ZodError';

const site = useBrowserSite({ readOnly: true });
let readingPages: string[];

beforeAll(async () => {
  const [post] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ url: string }>;
  const [book] = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as Array<{ slug: string }>;
  readingPages = ['/', '/books', `/books/${book!.slug}`, post!.url];
});

async function firstViewScripts(pagePath: string): Promise<Array<{ path: string; body: Buffer }>> {
  const context = await site.newContext();
  const page = await context.newPage();
  const bodies: Array<Promise<{ path: string; body: Buffer } | null>> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    bodies.push(
      response.body().then(
        (body) => ({ path, body }),
        () => null,
      ),
    );
  });
  await page.goto(`${site.baseUrl}${pagePath}`, { waitUntil: 'load' });
  await page.waitForFunction(() => !('$_TSR' in window), null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return (await Promise.all(bodies)).filter((script) => script !== null);
}

describe('reading pages load little JavaScript', () => {
  it('a first view of home, the books, a book and a post fetches no zod and stays under the ceiling', async () => {
    for (const pagePath of readingPages) {
      const scripts = await firstViewScripts(pagePath);
      expect(scripts.length, pagePath).toBeGreaterThan(0);
      const withZod = scripts.filter((script) => script.body.includes(ZOD_MARK)).map((script) => script.path);
      expect(withZod, `${pagePath} loads zod`).toEqual([]);
      const gzipKb = scripts.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0) / 1024;
      expect(gzipKb, `${pagePath}: ${gzipKb.toFixed(1)} KB of gzip JavaScript`).toBeLessThanOrEqual(
        FIRST_VIEW_JS_GZIP_KB,
      );
    }
  });
});
