import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, TOO_MANY_REQUESTS } from '../rate-limit/request-limits.js';
import { createFakeClientBuild, readFakeRender } from '../../test-support/fake-client-build.js';
import { bearer, createVia, freshAddress, getList } from '../../test-support/http.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validBook, validPreorderBook, type TestApp } from '../../test-support/test-app.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

type Fields = Record<string, string | string[]>;

/** A url-encoded body as a browser sends it (a list repeats the field). */
function encode(fields: Fields): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
  return params.toString();
}

type Setup = { t: TestApp; token: string; bookId: string; removeBuild: () => Promise<void> };

async function setUp(env: Record<string, string> = {}): Promise<Setup> {
  const build = await createFakeClientBuild();
  const t = await createTestApp(env, { clientDir: build.clientDir });
  const token = await openAdminSession(t.services);
  const bookId = (await createVia<{ id: string }>(t.app, '/api/books', token, validPreorderBook)).id;
  return { t, token, bookId, removeBuild: build.remove };
}

async function tearDown(setup: Setup | undefined): Promise<void> {
  await setup?.t.close();
  await setup?.removeBuild();
}

const contact = { name: 'Ada Vale', email: 'ada@example.com', message: 'Loved the prologue.', website: '' };

const preorderOf = (bookId: string) => ({
  bookId,
  preferredFormat: 'hardcover',
  customerName: 'Ada Vale',
  customerEmail: 'ada@example.com',
  phoneNumber: '',
  specialRequests: '',
  website: '',
});

let emailCounter = 0;
const newEmail = () => `reader-${++emailCounter}-${Date.now()}@example.com`;

/** The rows of every submission list, to show a refused post stored nothing. */
async function allSubmissions(setup: Setup): Promise<unknown[][]> {
  return Promise.all(
    ['/api/admin/contact', '/api/admin/newsletter', '/api/admin/preorders'].map((url) =>
      getList(setup.t.app, url, setup.token),
    ),
  );
}

function expectResultPage(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.headers.etag).toBeUndefined();
  return readFakeRender(res.body);
}

describe('public forms posted without JavaScript', () => {
  let setup: Setup;
  const post = (url: string, fields: Fields, headers: Record<string, string> = {}) =>
    setup.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM_TYPE, ...headers },
      payload: encode(fields),
      remoteAddress: freshAddress(),
    });
  const adminList = <T = Record<string, unknown>>(url: string) => getList<T>(setup.t.app, url, setup.token);
  const postJson = (url: string, payload: object) =>
    setup.t.app.inject({ method: 'POST', url, payload, remoteAddress: freshAddress() });

  beforeAll(async () => {
    setup = await setUp();
  });
  afterAll(() => tearDown(setup));

  describe('POST /contact', () => {
    it('stores the message exactly as the JSON call does and redirects (303) to the success page', async () => {
      const res = await post('/contact', { ...contact, message: '  Loved the prologue.  ' });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/contact?sent=contact');
      expect(res.headers['cache-control']).toBe('no-store');

      const viaJson = await postJson('/api/contact', { ...contact, message: '  Loved the prologue.  ' });
      expect(viaJson.statusCode).toBe(201);
      const rows = await adminList<Record<string, unknown>>('/api/admin/contact');
      expect(rows).toHaveLength(2);
      const [first, second] = rows.map(({ id: _id, createdAt: _at, ...fields }) => fields);
      expect(first).toEqual({ name: 'Ada Vale', email: 'ada@example.com', message: 'Loved the prologue.' });
      expect(second).toEqual(first);
    });

    it('answers a refused post with the form page (400): errors, message and values kept; nothing stored', async () => {
      const before = await allSubmissions(setup);
      const res = await post('/contact', { name: '   ', email: 'ada-at-example', message: 'Hi <b>there</b>' });
      const page = expectResultPage(res, 400);
      expect(new URL(page.url).pathname).toBe('/contact');
      expect(page.formOutcome).toEqual({
        form: 'contact',
        values: { name: '   ', email: 'ada-at-example', message: 'Hi <b>there</b>' },
        fieldErrors: { name: 'Name is required', email: 'Please enter a valid email address' },
        message: 'Name is required. Please enter a valid email address',
      });
      expect(await allSubmissions(setup)).toEqual(before);
    });

    it('answers a filled honeypot like a real message (as the JSON call does) and stores nothing', async () => {
      const before = await allSubmissions(setup);
      const res = await post('/contact', { ...contact, website: 'https://spam.example' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/contact?sent=contact');
      expect((await postJson('/api/contact', { ...contact, website: 'spam' })).statusCode).toBe(201);
      expect(await allSubmissions(setup)).toEqual(before);
    });

    it('never echoes the honeypot back into a refused form', async () => {
      const res = await post('/contact', { ...contact, name: '', website: 'bot text' });
      expect(expectResultPage(res, 400).formOutcome?.values).not.toHaveProperty('website');
    });
  });

  describe('POST /newsletter', () => {
    it('subscribes and redirects to the page the form was on, at the form', async () => {
      const email = newEmail();
      const res = await post('/newsletter?from=%2Fcontact', { email: `  ${email} `, website: '' });
      expect(res.statusCode, res.body).toBe(303);
      expect(res.headers.location).toBe('/contact?sent=newsletter#newsletter');
      const rows = await adminList<{ email: string; isActive: boolean }>('/api/admin/newsletter');
      expect(rows.filter((row) => row.email === email)).toEqual([expect.objectContaining({ email, isActive: true })]);

      const fromHome = await post('/newsletter?from=%2F', { email: newEmail() });
      expect(fromHome.headers.location).toBe('/?sent=newsletter#newsletter');
    });

    it.each([
      ['no page', '/newsletter'],
      ['another site', '/newsletter?from=https%3A%2F%2Fevil.example%2F'],
      ['a protocol-relative URL', '/newsletter?from=%2F%2Fevil.example'],
      ['a page without the form', '/newsletter?from=%2Fbooks'],
      ['two pages', '/newsletter?from=%2Fcontact&from=%2F'],
    ])('sends %s back to the home page, never elsewhere', async (_case, url) => {
      const res = await post(url, { email: newEmail() });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?sent=newsletter#newsletter');
    });

    it('shows "already subscribed" (409) on the page the form was on, with the address kept', async () => {
      const email = newEmail();
      expect((await post('/newsletter?from=%2Fcontact', { email })).statusCode).toBe(303);
      const page = expectResultPage(await post('/newsletter?from=%2Fcontact', { email }), 409);
      expect(new URL(page.url).pathname).toBe('/contact');
      expect(page.formOutcome).toEqual({
        form: 'newsletter',
        values: { email },
        fieldErrors: {},
        message: 'This email is already subscribed',
      });
    });

    it('refuses an empty address (400) and stores nothing', async () => {
      const before = await allSubmissions(setup);
      const page = expectResultPage(await post('/newsletter?from=%2F', { email: '' }), 400);
      expect(new URL(page.url).pathname).toBe('/');
      expect(page.formOutcome?.fieldErrors).toEqual({ email: 'Email is required' });
      expect(await allSubmissions(setup)).toEqual(before);
    });
  });

  describe('POST /preorder', () => {
    it('stores the preorder exactly as the JSON call does and redirects to its confirmation', async () => {
      const fields = { ...preorderOf(setup.bookId), phoneNumber: ' 555 0100 ' };
      const res = await post('/preorder', fields);
      expect(res.statusCode, res.body).toBe(303);
      // The whole address: no name, email or phone of the reader in it (a substring check failed when the book's
      // random id happened to contain the name's letters).
      expect(res.headers.location).toBe(`/preorder?sent=preorder&book=${setup.bookId}&format=hardcover`);

      expect((await postJson('/api/preorders', fields)).statusCode).toBe(201);
      const rows = await adminList<Record<string, unknown>>('/api/admin/preorders');
      expect(rows).toHaveLength(2);
      const [first, second] = rows.map(({ id: _id, createdAt: _at, ...stored }) => stored);
      expect(first).toEqual({
        bookId: setup.bookId,
        bookTitle: validBook.title,
        customerName: 'Ada Vale',
        customerEmail: 'ada@example.com',
        preferredFormat: 'hardcover',
        phoneNumber: '555 0100',
        specialRequests: null,
        notifiedAt: null,
      });
      expect(second).toEqual(first);
    });

    it('refuses an unknown book and a missing format (400), keeping the values', async () => {
      const before = await allSubmissions(setup);
      const unknown = expectResultPage(await post('/preorder', { ...preorderOf('no-such-book') }), 400);
      expect(unknown.formOutcome).toMatchObject({
        form: 'preorder',
        message: 'The chosen book does not exist',
        values: { bookId: 'no-such-book', customerName: 'Ada Vale' },
      });
      const noFormat = expectResultPage(
        await post('/preorder', { ...preorderOf(setup.bookId), preferredFormat: '' }),
        400,
      );
      expect(Object.keys(noFormat.formOutcome?.fieldErrors ?? {})).toEqual(['preferredFormat']);
      expect(await allSubmissions(setup)).toEqual(before);
    });
  });

  describe('result pages', () => {
    it('renders the success page for one visitor: not cached, and the plain page never shows it', async () => {
      const plain = await setup.t.app.inject({ method: 'GET', url: '/contact' });
      expect(plain.headers['cache-control']).toBe('no-cache');
      const plainRender = readFakeRender(plain.body);

      const first = expectResultPage(await setup.t.app.inject({ method: 'GET', url: '/contact?sent=contact' }), 200);
      const second = expectResultPage(await setup.t.app.inject({ method: 'GET', url: '/contact?sent=contact' }), 200);
      expect(new URL(first.url).search).toBe('?sent=contact');
      expect(second.count).toBeGreaterThan(first.count);

      // The plain page is still the one kept before, never a result.
      const again = readFakeRender((await setup.t.app.inject({ method: 'GET', url: '/contact' })).body);
      expect(again).toEqual(plainRender);
      expect(again.formOutcome).toBeNull();
    });

    it('never keeps a refused post page under the plain URL', async () => {
      expectResultPage(await post('/contact', { ...contact, email: 'nope' }), 400);
      const page = readFakeRender((await setup.t.app.inject({ method: 'GET', url: '/contact' })).body);
      expect(page.formOutcome).toBeNull();
    });

    it('reads the result parameters only on the pages with a form', async () => {
      const res = await setup.t.app.inject({ method: 'GET', url: '/books?sent=contact' });
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(new URL(readFakeRender(res.body).url).search).toBe('');
    });
  });

  describe('garbage', () => {
    const contactRows = () => adminList('/api/admin/contact');

    it('refuses an oversized body (413) without reading it', async () => {
      const before = await contactRows();
      const res = await post('/contact', { ...contact, message: 'x'.repeat(70 * 1024) });
      expect(res.statusCode).toBe(413);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      expect(await contactRows()).toEqual(before);
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify(contact)],
      ['text', 'text/plain', encode(contact)],
      [
        'multipart',
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--`,
      ],
      ['XML', 'application/xml', '<contact/>'],
    ])('refuses a %s body (415)', async (_kind, type, payload) => {
      const before = await contactRows();
      const res = await setup.t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, res.body).toBe(415);
      expect(await contactRows()).toEqual(before);
    });

    it('refuses a post with no body (415)', async () => {
      const res = await setup.t.app.inject({ method: 'POST', url: '/newsletter' });
      expect(res.statusCode).toBe(415);
    });

    it('refuses repeated fields (400) and stores nothing', async () => {
      const before = await contactRows();
      const res = await post('/contact', {
        ...contact,
        name: ['Ada', 'Eve'],
        email: ['a@example.com', 'b@example.com'],
      });
      const page = expectResultPage(res, 400);
      expect(Object.keys(page.formOutcome?.fieldErrors ?? {}).sort()).toEqual(['email', 'name']);
      expect(page.formOutcome?.values).toEqual({ message: contact.message });
      expect(await contactRows()).toEqual(before);
    });

    it('ignores __proto__, constructor and unknown fields (no pollution, never a 500)', async () => {
      const res = await post('/contact', {
        ...contact,
        __proto__: 'polluted',
        constructor: 'x',
        'name[admin]': 'true',
        isAdmin: 'true',
      });
      expect(res.statusCode).toBe(303);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const proto = await post('/contact', { __proto__: 'x', 'constructor[prototype][name]': 'x' });
      expect(proto.statusCode).toBe(400);
    });

    it('keeps broken percent-encoding as the text it is, like any other text', async () => {
      const res = await setup.t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { 'content-type': FORM_TYPE },
        payload: 'name=%E0%A4%A&email=a%40example.com&message=100%+sure',
      });
      expect(res.statusCode).toBe(303);
      const rows = await adminList<{ name: string; message: string }>('/api/admin/contact');
      expect(rows.filter((row) => row.name === '%E0%A4%A')).toEqual([
        expect.objectContaining({ message: '100% sure' }),
      ]);
    });

    it.each([
      ['a lone ampersand soup', '&&&==&=&'],
      ['binary', '\u0000\u0001\uffff=\u0000'],
    ])('answers %s with a 4xx, never a 500', async (_kind, payload) => {
      const res = await setup.t.app.inject({
        method: 'POST',
        url: '/contact',
        headers: { 'content-type': FORM_TYPE },
        payload,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    });

    it('refuses a post made from another site (403) before storing anything', async () => {
      const before = await allSubmissions(setup);
      for (const site of ['cross-site', 'same-site']) {
        const res = await post('/newsletter', { email: newEmail() }, { 'sec-fetch-site': site });
        expect(res.statusCode).toBe(403);
      }
      expect((await post('/newsletter', { email: newEmail() }, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(
        303,
      );
      const after = await allSubmissions(setup);
      expect(after[1]).toHaveLength(before[1]!.length + 1);
    });

    it('leaves the JSON API as it was: it still refuses url-encoded bodies', async () => {
      const res = await setup.t.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': FORM_TYPE, ...bearer(setup.token) },
        payload: encode(contact),
      });
      expect(res.statusCode).toBe(415);
    });
  });
});

describe('form posts with RATE_LIMITS=on', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({ RATE_LIMITS: 'on' });
  });
  afterAll(() => tearDown(setup));

  const post = (url: string, fields: Fields, remoteAddress: string) =>
    setup.t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': FORM_TYPE },
      payload: encode(fields),
      remoteAddress,
    });

  it('shares the per-address limit with the JSON API and answers 429 with Retry-After, storing nothing', async () => {
    const address = freshAddress();
    for (let n = 0; n < LIMITS.formWrite.limit - 1; n++)
      expect((await post('/contact', contact, address)).statusCode).toBe(303);
    const viaJson = await setup.t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: contact,
      remoteAddress: address,
    });
    expect(viaJson.statusCode).toBe(201);

    const before = await allSubmissions(setup);
    const res = await post('/preorder', preorderOf(setup.bookId), address);
    const page = expectResultPage(res, 429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.formWrite.windowMs / 1000);
    expect(page.formOutcome).toMatchObject({ form: 'preorder', message: TOO_MANY_REQUESTS });
    expect(await allSubmissions(setup)).toEqual(before);

    expect((await post('/contact', contact, freshAddress())).statusCode).toBe(303);
  });

  it('limits a parallel burst from one address', async () => {
    const address = freshAddress();
    const answers = await Promise.all(
      Array.from({ length: LIMITS.formWrite.limit * 2 }, (_, n) =>
        post('/newsletter?from=%2F', { email: `burst-${n}@example.com` }, address),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 303)).toHaveLength(LIMITS.formWrite.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LIMITS.formWrite.limit);
    const stored = await getList<{ email: string }>(setup.t.app, '/api/admin/newsletter', setup.token);
    expect(stored.filter((row) => row.email.startsWith('burst-'))).toHaveLength(LIMITS.formWrite.limit);
  });
});
