import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowserSite } from '../support/fixture.js';

/**
 * What a reading page costs in JavaScript, by bytes (deterministic for a build): a first view fetches no script
 * (the app arrives on the reader's first intent: entry-server.tsx); what the first intent imports, until the page
 * has hydrated, carries no zod and stays under a ceiling (gzip level 9). `npm run bench:weight` measures the rest
 * (HTML, CSS, wire bytes, memory, start time).
 */

/**
 * A ceiling a little above today's figures for the app (about 162 KB since the tRPC transport loads with the
 * first call; 165 KB before, 194 KB while zod loaded with the layout).
 */
const APP_JS_GZIP_KB = 166;
/** zod's error class: present in any bundle that carries zod. */
const ZOD_MARK = '$ZodError';

const site = useBrowserSite({ readOnly: true });
let readingPages: string[];

beforeAll(async () => {
  const [post] = (await (await fetch(`${site.baseUrl}/api/blog`)).json()) as Array<{ url: string }>;
  const [book] = (await (await fetch(`${site.baseUrl}/api/books`)).json()) as Array<{ slug: string }>;
  readingPages = ['/', '/books', `/books/${book!.slug}`, post!.url];
});

type Script = { path: string; body: Buffer };

/** The scripts of a reader's first view of the page, then those their first intent (a key) imports. */
async function scriptsOfAVisit(pagePath: string): Promise<{ firstView: Script[]; onIntent: Script[] }> {
  const context = await site.newContext({ appLoads: 'on-intent' });
  const page = await context.newPage();
  const bodies: Array<Promise<Script | null>> = [];
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
  await page.waitForLoadState('networkidle');
  const firstView = (await Promise.all(bodies)).filter((script) => script !== null);
  const seen = bodies.length;
  await page.keyboard.press('Shift');
  await page.waitForFunction(() => !('$_TSR' in window), null, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const onIntent = (await Promise.all(bodies.slice(seen))).filter((script) => script !== null);
  await context.close();
  return { firstView, onIntent };
}

describe('reading pages load little JavaScript', () => {
  it('a first view of home, the books, a book and a post fetches no script; the app its reader asks for no zod', async () => {
    for (const pagePath of readingPages) {
      const { firstView, onIntent } = await scriptsOfAVisit(pagePath);
      expect(
        firstView.map((script) => script.path),
        pagePath,
      ).toEqual([]);
      expect(onIntent.length, pagePath).toBeGreaterThan(0);
      const withZod = onIntent.filter((script) => script.body.includes(ZOD_MARK)).map((script) => script.path);
      expect(withZod, `${pagePath} loads zod`).toEqual([]);
      const gzipKb = onIntent.reduce((sum, script) => sum + gzipSync(script.body, { level: 9 }).length, 0) / 1024;
      expect(gzipKb, `${pagePath}: ${gzipKb.toFixed(1)} KB of gzip JavaScript`).toBeLessThanOrEqual(APP_JS_GZIP_KB);
    }
  });
});
