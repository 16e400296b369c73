import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_FAILURES } from '../../auth/guess-throttle.js';
import { LIMITS } from './request-limits.js';
import { useTestApp, type AppContext } from '../../test-support/app-context.js';
import { bearer, createVia, expectError, FAST_WRONG_KEY, freshAddress } from '../../test-support/http.js';
import {
  createTestApp,
  TEST_ADMIN_PASSWORD,
  validBook,
  validPreorderBook,
  type TestApp,
} from '../../test-support/test-app.js';

const FORM_LIMIT = LIMITS.formWrite.limit;
const TOO_MANY = 'Too many requests. Please wait a moment and try again.';
const TOO_MANY_FAILURES = 'Too many failed attempts. Please wait a moment and try again.';

type Form = { url: string; payload: (n: number) => object };

/** Each form with a payload that is new on every call (the newsletter needs a new address). */
function forms(bookId: () => string): Form[] {
  return [
    { url: '/api/contact', payload: (n) => ({ name: `Reader ${n}`, email: `r${n}@example.com`, message: 'Hello' }) },
    { url: '/api/newsletter', payload: (n) => ({ email: `limit-${n}-${Math.random()}@example.com` }) },
    {
      url: '/api/preorders',
      payload: (n) => ({
        bookId: bookId(),
        customerName: `Reader ${n}`,
        customerEmail: `r${n}@example.com`,
        preferredFormat: 'ebook',
      }),
    },
  ];
}

const post = (t: TestApp, url: string, payload: object, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('with RATE_LIMITS=on', () => {
  const context = useTestApp({ RATE_LIMITS: 'on' });
  let bookId = '';
  beforeAll(async () => {
    bookId = (await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook)).id;
  });

  it.each(forms(() => bookId).map((form) => [form.url, form] as const))(
    '%s answers 429 after 10 writes a minute from one address; another address is unaffected',
    async (_url, form) => {
      const address = freshAddress();
      for (let n = 0; n < FORM_LIMIT; n++) {
        const res = await post(context.t, form.url, form.payload(n), address);
        expect(res.statusCode, res.body).toBe(201);
      }
      const rowsBefore = await countSubmissions(context);
      const refused = await post(context.t, form.url, form.payload(99), address);
      expectError(refused, 429, TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(await countSubmissions(context)).toEqual(rowsBefore);

      expect((await post(context.t, form.url, form.payload(100), freshAddress())).statusCode).toBe(201);
    },
  );

  it('counts all three forms together for one address', async () => {
    const address = freshAddress();
    const all = forms(() => bookId);
    for (let n = 0; n < FORM_LIMIT; n++) {
      const form = all[n % all.length]!;
      expect((await post(context.t, form.url, form.payload(n), address)).statusCode).toBe(201);
    }
    expectError(await post(context.t, '/api/contact', all[0]!.payload(50), address), 429, TOO_MANY);
  });

  it('also counts refused (invalid) submissions', async () => {
    const address = freshAddress();
    for (let n = 0; n < FORM_LIMIT; n++)
      expect((await post(context.t, '/api/contact', {}, address)).statusCode).toBe(400);
    expectError(await post(context.t, '/api/contact', forms(() => bookId)[0]!.payload(1), address), 429, TOO_MANY);
  });

  it('limits public reads per address too, but far more loosely', async () => {
    // Warmed from another address, so every read below is answered from the kept answer.
    expect(
      (await context.t.app.inject({ method: 'GET', url: '/api/books', remoteAddress: freshAddress() })).statusCode,
    ).toBe(200);
    const address = freshAddress();
    const reads = await Promise.all(
      Array.from({ length: LIMITS.publicRead.limit }, () =>
        context.t.app.inject({ method: 'GET', url: '/api/books', remoteAddress: address }),
      ),
    );
    expect(reads.every((res) => res.statusCode === 200)).toBe(true);
    const refused = await context.t.app.inject({ method: 'GET', url: '/api/books', remoteAddress: address });
    expectError(refused, 429, TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(
      (await context.t.app.inject({ method: 'GET', url: '/api/books', remoteAddress: freshAddress() })).statusCode,
    ).toBe(200);
  });

  it('does not limit the admin’s own writes as public form writes', async () => {
    const address = freshAddress();
    for (let n = 0; n < FORM_LIMIT + 2; n++) {
      const res = await context.t.app.inject({
        method: 'POST',
        url: '/api/books',
        headers: bearer(context.token),
        payload: validBook,
        remoteAddress: address,
      });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('with RATE_LIMITS=off', () => {
  // The guess throttle's clock stands still: a lockout does not lapse while a slow machine checks a password.
  const frozenAt = Date.now();
  const context = useTestApp({ RATE_LIMITS: 'off' }, { guessClock: () => frozenAt });
  let bookId = '';
  beforeAll(async () => {
    bookId = (await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook)).id;
  });

  it('public form writes are not limited', async () => {
    const address = freshAddress();
    for (const form of forms(() => bookId)) {
      for (let n = 0; n < FORM_LIMIT * 2; n++) {
        expect((await post(context.t, form.url, form.payload(n), address)).statusCode).toBe(201);
      }
    }
  });

  it('failed admin keys are still throttled: past the free attempts, 429 with Retry-After', async () => {
    const address = freshAddress();
    const verify = (key: string, remoteAddress = address) =>
      context.t.app.inject({ method: 'GET', url: '/api/admin/verify', headers: bearer(key), remoteAddress });
    for (let n = 0; n <= FREE_FAILURES; n++) expectError(await verify(wrongKey(n)), 401, 'Invalid admin key');
    const refused = await verify('wrong-again');
    expectError(refused, 429, TOO_MANY_FAILURES);
    expect(refused.headers['retry-after']).toBe('2');
    // Even the right password is refused from that address for now...
    expectError(await verify(TEST_ADMIN_PASSWORD), 429, TOO_MANY_FAILURES);
    const login = await context.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
      remoteAddress: address,
    });
    expectError(login, 429, TOO_MANY_FAILURES);
    expect(Number(login.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // ...but a valid session token still works, and other addresses are unaffected.
    expect((await verify(context.token)).statusCode).toBe(200);
    expect(
      (
        await context.t.app.inject({
          method: 'POST',
          url: '/api/books',
          headers: bearer(context.token),
          payload: validBook,
          remoteAddress: address,
        })
      ).statusCode,
    ).toBe(201);
    expect((await verify(TEST_ADMIN_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('a wrong password at login counts as a failed key', async () => {
    const address = freshAddress();
    const login = (password: string) =>
      context.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: address });
    for (let n = 1; n <= FREE_FAILURES; n++) {
      const res = await context.t.app.inject({
        method: 'GET',
        url: '/api/admin/verify',
        headers: bearer(wrongKey(n)),
        remoteAddress: address,
      });
      expectError(res, 401, 'Invalid admin key');
    }
    expectError(await login('Wrong-Password-1!'), 401, 'Invalid admin key');
    expectError(await login(TEST_ADMIN_PASSWORD), 429, TOO_MANY_FAILURES);
  });

  it('100 parallel wrong logins and the right one from one address: no token, and nearly all 429', async () => {
    const address = freshAddress();
    const login = (password: string) =>
      context.t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password }, remoteAddress: address });
    const answers = await Promise.all([
      ...Array.from({ length: 100 }, (_, n) => login(`Wrong-Password-${n}!`)),
      login(TEST_ADMIN_PASSWORD),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toEqual([]);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(95);
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(answers.some((answer) => answer.body.includes('token'))).toBe(false);
  });

  it('a missing key is refused without counting as a failure', async () => {
    const address = freshAddress();
    for (let n = 0; n < FREE_FAILURES + 5; n++) {
      expectError(
        await context.t.app.inject({ method: 'GET', url: '/api/admin/verify', remoteAddress: address }),
        401,
        'Admin key required',
      );
    }
    const res = await context.t.app.inject({
      method: 'GET',
      url: '/api/admin/verify',
      headers: bearer(TEST_ADMIN_PASSWORD),
      remoteAddress: address,
    });
    expect(res.statusCode).toBe(200);
  });
});

/** A wrong key: the first password-sized (a full scrypt check), the rest fast-failing, all counted. */
const wrongKey = (n: number) => (n === 0 ? 'Wrong-Password-0!' : `${FAST_WRONG_KEY}-${n}`);

async function countSubmissions(context: AppContext): Promise<number[]> {
  const db = context.t.services.db;
  const tables = ['contactSubmissions', 'newsletterSubscriptions', 'preorders'] as const;
  return Promise.all(tables.map(async (table) => (await db.selectFrom(table).select('id').execute()).length));
}

describe('rate limits use the client address Fastify resolves', () => {
  it('without TRUST_PROXY, X-Forwarded-For cannot be used to dodge a limit', async () => {
    const t = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const address = freshAddress();
      const send = (n: number) =>
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          remoteAddress: address,
          headers: { 'x-forwarded-for': `198.51.100.${n}` },
          payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
        });
      for (let n = 0; n < FORM_LIMIT; n++) expect((await send(n)).statusCode).toBe(201);
      expect((await send(99)).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: 'true' });
  });
  afterAll(async () => t.close());

  it('behind a trusted proxy, X-Forwarded-For separates clients', async () => {
    const proxy = freshAddress();
    const send = (client: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: proxy,
        headers: { 'x-forwarded-for': client },
        payload: { name: 'A', email: 'a@example.com', message: 'Hi' },
      });
    for (let n = 0; n < FORM_LIMIT; n++) expect((await send('203.0.113.1')).statusCode).toBe(201);
    expect((await send('203.0.113.1')).statusCode).toBe(429);
    expect((await send('203.0.113.2')).statusCode).toBe(201);
  });
});
