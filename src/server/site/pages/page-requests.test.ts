import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TOO_MANY_REQUESTS } from '../rate-limit/request-limits.js';
import { createFakeClientBuild, readFakeRender } from '../../test-support/fake-client-build.js';
import { freshAddress } from '../../test-support/http.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/** A test app serving pages through the real page path with a stand-in renderer. */
function usePageApp(env: Record<string, string>) {
  const context = {} as { t: TestApp; remove: () => Promise<void> };
  beforeAll(async () => {
    const build = await createFakeClientBuild();
    context.t = await createTestApp(env, { clientDir: build.clientDir });
    context.remove = build.remove;
  });
  afterAll(async () => {
    await context.t.close();
    await context.remove();
  });
  return context;
}

describe('pages under the read limit', () => {
  const context = usePageApp({ RATE_LIMITS: 'on' });

  it('count each page request once, then answer 429 with Retry-After instead of a page with an error in it', async () => {
    const address = freshAddress();
    const pages = await Promise.all(
      Array.from({ length: LIMITS.publicRead.limit }, (_, n) =>
        context.t.app.inject({ method: 'GET', url: n % 2 ? '/books' : '/blog', remoteAddress: address }),
      ),
    );
    expect(pages.every((page) => page.statusCode === 200)).toBe(true);
    const refused = await context.t.app.inject({ method: 'GET', url: '/books', remoteAddress: address });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.body).toContain(TOO_MANY_REQUESTS);
    // Another reader is not affected, and gets the real page, not the refusal.
    const other = await context.t.app.inject({ method: 'GET', url: '/books', remoteAddress: freshAddress() });
    expect(other.statusCode).toBe(200);
    expect(readFakeRender(other.body).url).toMatch(/\/books$/);
  });
});

describe('pages with PUBLIC_URL set', () => {
  const context = usePageApp({ PUBLIC_URL: 'https://delphinerook.com' });

  it('are rendered for PUBLIC_URL whatever the Host header says, and share one cache entry', async () => {
    const hosts = ['evil.test', 'delphinerook.com', 'localhost:3000'];
    const answers = await Promise.all(
      hosts.map((host) => context.t.app.inject({ method: 'GET', url: '/about', headers: { host } })),
    );
    const renders = answers.map((answer) => readFakeRender(answer.body));
    expect(renders.map((render) => render.url)).toEqual(hosts.map(() => 'https://delphinerook.com/about'));
    expect(new Set(renders.map((render) => render.count)).size).toBe(1);
  });
});

describe('pages without PUBLIC_URL', () => {
  const context = usePageApp({});

  it('use the request’s own origin (local use)', async () => {
    const answer = await context.t.app.inject({ method: 'GET', url: '/about', headers: { host: 'localhost:3000' } });
    expect(readFakeRender(answer.body).url).toBe('http://localhost:3000/about');
  });

  it('leave a page the cache does not keep to the compress plugin, and the API’s unknown paths to the JSON 404', async () => {
    const words = 'ember'.repeat(250); // a page over the 1 KB compression threshold
    const search = await context.t.app.inject({
      method: 'GET',
      url: `/search?q=${words}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(search.statusCode).toBe(200);
    expect(search.headers['content-encoding']).toBe('br');
    expect(search.headers.vary).toBe('Cookie, accept-encoding');
    expect(readFakeRender(brotliDecompressSync(search.rawPayload).toString()).url).toContain(words);

    const kept = await context.t.app.inject({ method: 'GET', url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(kept.headers.vary).toBe('Accept-Encoding, Cookie');

    const api = await context.t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'Not found: GET /api/no-such-thing' });
  });
});
