import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { loggedNetwork, loggedUrl } from './request-log.js';

// Issue 30: the request log wrote every client address and full URL, with 1,178 confirm,
// unsubscribe and gift tokens. The log now keeps neither (docs/analytics.md, docs/operations.md).

describe('loggedUrl and loggedNetwork', () => {
  it('keep the path and harmless query values; replace every other value and the /r/ token', () => {
    expect(loggedUrl('/newsletter/confirm?token=abc.def')).toBe('/newsletter/confirm?token=…');
    expect(loggedUrl('/r/s3kr1t.t0ken')).toBe('/r/…');
    expect(loggedUrl('/trpc/a,b?batch=1&input=%7B%22key%22%3A%22x%22%7D')).toBe('/trpc/a,b?batch=1&input=…');
    expect(loggedUrl('/api/admin/stats?from=2026-01-01&to=2026-02-01')).toBe(
      '/api/admin/stats?from=2026-01-01&to=2026-02-01',
    );
    expect(loggedUrl('/books?flag&q=secret%20words')).toBe('/books?flag&q=…');
  });

  it('write a network, never the address', () => {
    expect(loggedNetwork('203.0.113.77')).toBe('203.0.113.0/24');
    expect(loggedNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(loggedNetwork('2001:db8:abcd:12:1::5')).toBe('2001:db8:abcd::/48');
    expect(loggedNetwork('::1')).toBe('0:0:0::/48');
  });
});

describe('the request log of the running site', () => {
  const lines: string[] = [];
  let t: TestApp;
  let removeBuild: () => Promise<void>;

  beforeAll(async () => {
    const build = await createFakeClientBuild();
    removeBuild = build.remove;
    t = await createTestApp(
      { RATE_LIMITS: 'on' },
      { clientDir: build.clientDir, logStream: { write: (line) => lines.push(line) } },
    );
  });
  afterAll(async () => {
    await t.close();
    await removeBuild();
  });

  const secret = () => randomBytes(18).toString('base64url');

  it('holds no token of any token-bearing route, and no client address, from 12 addresses at once', async () => {
    const tokens: string[] = [];
    const tokenRoutes = (token: string) => [
      { method: 'GET', url: `/newsletter/confirm?token=${token}` },
      { method: 'POST', url: `/newsletter/confirm?token=${token}` },
      { method: 'GET', url: `/newsletter/unsubscribe?token=${token}` },
      { method: 'POST', url: `/newsletter/unsubscribe?token=${token}` },
      { method: 'GET', url: `/newsletter/not-me?token=${token}` },
      { method: 'POST', url: `/newsletter/not-me?token=${token}` },
      { method: 'GET', url: `/newsletter/preferences?token=${token}` },
      { method: 'POST', url: `/newsletter/preferences?token=${token}` },
      { method: 'GET', url: `/newsletter/gift?token=${token}` },
      { method: 'POST', url: `/newsletter/gift/new-link?token=${token}` },
      { method: 'GET', url: `/newsletter/gift/download/f1?token=${token}` },
      { method: 'GET', url: `/preorder/cancel?token=${token}` },
      { method: 'POST', url: `/preorder/cancel?token=${token}` },
      { method: 'GET', url: `/r/${token}` },
      { method: 'GET', url: `/r/s${token}.1` },
      { method: 'GET', url: `/newsletter/archive/some-issue?key=${token}` },
      { method: 'GET', url: `/api/newsletter/archive/some-issue?key=${token}` },
      {
        method: 'GET',
        url: `/trpc/newsletterArchive.issue?input=${encodeURIComponent(JSON.stringify({ id: 'x', key: token }))}`,
      },
      { method: 'GET', url: `/no-such-page?token=${token}` },
    ];
    const requests = Array.from({ length: 12 }, (_, n) => {
      const token = secret();
      tokens.push(token);
      return tokenRoutes(token).map((route) =>
        t.app.inject({
          ...(route as { method: 'GET' | 'POST'; url: string }),
          remoteAddress: `203.0.113.${100 + n}`,
          ...(route.method === 'POST'
            ? { payload: 'confirm=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
            : {}),
        }),
      );
    }).flat();
    const answers = await Promise.all(requests);
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);

    const log = lines.join('');
    const entries = lines.map((line) => JSON.parse(line) as { req?: Record<string, string> });
    const logged = entries.flatMap((entry) => (entry.req ? [entry.req] : []));
    // Every request was logged (so the checks below are not vacuous)…
    expect(logged.length).toBeGreaterThanOrEqual(requests.length);
    expect(logged.map((req) => req.url)).toContain('/newsletter/confirm?token=…');
    expect(logged.map((req) => req.url)).toContain('/r/…');
    // …with the client's network, never its address, and no token anywhere in the log.
    expect(new Set(logged.map((req) => req.network))).toEqual(new Set(['203.0.113.0/24']));
    for (let n = 0; n < 12; n++) expect(log).not.toContain(`203.0.113.${100 + n}`);
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('remotePort');
  });
});
