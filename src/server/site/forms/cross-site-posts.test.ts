import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

/**
 * Issue 25, item 5: a browser without Sec-Fetch-Site (older Safari, or a forged request)
 * posting one of the no-JavaScript forms from another site is refused by its Origin or
 * Referer, while the site's own pages (and clients that send neither) still post.
 */
const FORM_TYPE = 'application/x-www-form-urlencoded';
const PUBLIC_URL = 'https://site.example';

let build: Awaited<ReturnType<typeof createFakeClientBuild>>;
let withPublicUrl: TestApp;
let local: TestApp;

beforeAll(async () => {
  build = await createFakeClientBuild();
  withPublicUrl = await createTestApp({ PUBLIC_URL }, { clientDir: build.clientDir });
  local = await createTestApp({}, { clientDir: build.clientDir });
});
afterAll(async () => {
  await withPublicUrl.close();
  await local.close();
  await build.remove();
});

let counter = 0;
const contact = (tag: string) =>
  new URLSearchParams({ name: 'Reader', email: `r${++counter}@example.com`, message: tag, website: '' }).toString();

function postContact(t: TestApp, tag: string, headers: Record<string, string>, n = 0) {
  return t.app.inject({
    method: 'POST',
    url: '/contact',
    remoteAddress: `10.44.${n >> 8}.${n & 255}`,
    headers: { 'content-type': FORM_TYPE, ...headers },
    payload: contact(tag),
  });
}

async function stored(t: TestApp, tag: string): Promise<number> {
  const rows = await t.services.db.selectFrom('contactSubmissions').select('id').where('message', '=', tag).execute();
  return rows.length;
}

const FOREIGN: Array<Record<string, string>> = [
  { origin: 'https://evil.test' },
  { origin: 'http://site.example' },
  { origin: 'https://site.example.evil.test' },
  { origin: 'https://evil.test', referer: 'https://site.example/contact' },
  { referer: 'https://evil.test/page' },
  { origin: 'null', referer: 'https://evil.test/page' },
  { referer: 'not a url' },
];

describe('cross-site form posts without Sec-Fetch-Site', () => {
  it('refuses another origin (403), 200 posts from 200 addresses in parallel, and stores none', async () => {
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) => postContact(withPublicUrl, 'cross-site', FOREIGN[n % FOREIGN.length]!, n)),
    );
    for (const res of answers) {
      expect(res.statusCode, JSON.stringify(res.headers)).toBe(403);
      expect(res.body).toBe('Forms are accepted from this site only');
    }
    expect(await stored(withPublicUrl, 'cross-site')).toBe(0);
  });

  it("accepts the site's own origin (PUBLIC_URL or the request's host), a bare post and an older browser's null origin", async () => {
    const own: Array<Record<string, string>> = [
      { origin: PUBLIC_URL },
      { referer: `${PUBLIC_URL}/contact` },
      { origin: 'null' },
      {},
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
      { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL },
    ];
    for (const [n, headers] of own.entries()) {
      const res = await postContact(withPublicUrl, 'own', headers, 1000 + n);
      expect(res.statusCode, JSON.stringify(headers)).toBe(303);
    }
    expect(await stored(withPublicUrl, 'own')).toBe(own.length);
  });

  it('without PUBLIC_URL (npm start on localhost) checks against the host the request came to', async () => {
    const ok = await postContact(local, 'local', { host: 'localhost:3000', origin: 'http://localhost:3000' });
    expect(ok.statusCode).toBe(303);
    const refused = await postContact(local, 'local', { host: 'localhost:3000', origin: 'https://evil.test' });
    expect(refused.statusCode).toBe(403);
    expect(await stored(local, 'local')).toBe(1);
  });
});
