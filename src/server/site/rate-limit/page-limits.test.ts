import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { freshAddress } from '../../test-support/http.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { LIMITS, TOO_MANY_REQUESTS } from './request-limits.js';

/**
 * Every group of server-rendered pages and form posts refuses an address over its limit the same way
 * (page-limit.ts): 429, Retry-After and the one "Too many requests" notice page. Each request below is
 * harmless (a link with a made-up token, an empty form), so the flood changes nothing.
 */
const form = (url: string, payload = ''): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const get = (url: string): InjectOptions => ({ method: 'GET', url });

/** The page groups held to the read limit, each with every one of its routes. */
const READ_LIMITED: Record<string, InjectOptions[]> = {
  'site pages (page-renderer)': [get('/books'), get('/blog')],
  'newsletter links': [
    get('/newsletter/confirm?token=x'),
    form('/newsletter/confirm?token=x'),
    get('/newsletter/unsubscribe?token=x'),
    form('/newsletter/unsubscribe?token=x', 'List-Unsubscribe=One-Click'),
  ],
  "this wasn't me": [get('/newsletter/not-me?token=x'), form('/newsletter/not-me?token=x')],
  preferences: [get('/newsletter/preferences?token=x'), form('/newsletter/preferences?token=x', 'action=save')],
  gift: [
    get('/newsletter/gift?token=x'),
    get('/newsletter/gift/download/x?token=x'),
    form('/newsletter/gift/new-link', 'token=x'),
  ],
  preorder: [get('/preorder/cancel?token=x'), form('/preorder/cancel?token=x')],
  purchases: [
    get('/thank-you?session_id=x'),
    form('/thank-you/resend', 'session_id=x'),
    get('/library'),
    form('/library', 'email=x'),
    get('/library/download?token=x'),
  ],
  comments: [
    get('/comments/sign-in'),
    form('/comments/sign-in', 'email=x'),
    get('/comments/sign-in/sent'),
    get('/comments/name'),
    form('/comments/name', 'displayName=x'),
    form('/comments', 'body=x'),
    form('/comments/edit', 'id=x'),
    form('/comments/delete', 'id=x'),
    form('/comments/report', 'id=x'),
    form('/comments/sign-out'),
  ],
  'ARC reader pages': [
    get('/arc'),
    get('/arc/no-such-book'),
    get('/arc-copy?token=x'),
    get('/arc-copy/download?token=x'),
  ],
};
const ARC_FORMS = [form('/arc/apply'), form('/arc-copy/reviews?token=x'), form('/arc-copy/step-back?token=x')];

let t: TestApp;
let removeBuild: () => Promise<void>;

beforeAll(async () => {
  const build = await createFakeClientBuild();
  removeBuild = build.remove;
  t = await createTestApp({ RATE_LIMITS: 'on' }, { clientDir: build.clientDir });
});
afterAll(async () => {
  await t.close();
  await removeBuild();
});

const send = (request: InjectOptions, remoteAddress: string) => t.app.inject({ ...request, remoteAddress });

/** `count` requests at once from one address, taken in turn from `requests`. */
const flood = (requests: InjectOptions[], count: number, remoteAddress: string) =>
  Promise.all(Array.from({ length: count }, (_, n) => send(requests[n % requests.length]!, remoteAddress)));

let sharedPage: string | undefined;

/** The one notice page: 429, Retry-After, never stored, the same body whichever group sent it. */
function expectSharedRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, what).toBe(429);
  expect(Number(res.headers['retry-after']), what).toBeGreaterThanOrEqual(1);
  expect(res.headers['cache-control'], what).toBe('no-store');
  expect(res.headers['content-type'], what).toMatch(/^text\/html/);
  expect(res.body, what).toContain('<title>Too many requests | The Cinderwake Cycle</title>');
  expect(res.body, what).toContain(`<h1>Too many requests</h1>\n      <p>${TOO_MANY_REQUESTS}</p>`);
  sharedPage ??= res.body;
  expect(res.body === sharedPage, `${what}: the same page as every other group`).toBe(true);
}

const label = (request: InjectOptions) => `${request.method} ${String(request.url)}`;

/**
 * The answers the door let through. A comment or sign-in form past its own, tighter procedure limit
 * (commentWrite, formWrite) is answered 429 too, but with its form's page: those were let through.
 */
const letThrough = (answers: LightMyRequestResponse[]) =>
  answers.filter((res) => res.statusCode !== 429 || !res.body.includes('<h1>Too many requests</h1>'));

describe('an address over its limit, on every group of server-rendered pages and form posts', () => {
  it('the read limit: a parallel flood across every page group gets the limit served, then every route refuses with the one page', async () => {
    const routes = Object.values(READ_LIMITED).flat();
    const attacker = freshAddress();
    const answers = await flood(routes, LIMITS.publicRead.limit + 100, attacker);
    const served = letThrough(answers);
    expect(served).toHaveLength(LIMITS.publicRead.limit);
    for (const res of answers.filter((answer) => !served.includes(answer))) expectSharedRefusal(res, 'flood');

    const again = await Promise.all(routes.map((request) => send(request, attacker)));
    again.forEach((res, n) => expectSharedRefusal(res, label(routes[n]!)));

    // Another address is served on every route (whatever the made-up token earns it), never refused.
    const reader = freshAddress();
    for (const request of routes) {
      const res = await send(request, reader);
      expect(res.statusCode, label(request)).not.toBe(429);
      expect(res.statusCode, label(request)).toBeLessThan(500);
    }
  });

  it('the ARC forms (form-write limit) and the /r/ links (tracking limit) refuse with the same page', async () => {
    const cases = [
      { routes: ARC_FORMS, limit: LIMITS.formWrite.limit },
      { routes: [get('/r/x'), get('/r/not-a-token')], limit: LIMITS.tracking.limit },
    ];
    for (const { routes, limit } of cases) {
      const attacker = freshAddress();
      const answers = await flood(routes, limit + 10, attacker);
      const served = letThrough(answers);
      expect(served).toHaveLength(limit);
      for (const res of answers.filter((answer) => !served.includes(answer))) expectSharedRefusal(res, 'flood');
      for (const request of routes) expectSharedRefusal(await send(request, attacker), label(request));
      for (const request of routes) expect((await send(request, freshAddress())).statusCode).not.toBe(429);
    }
  });
});
