import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVia, expectError, FAST_WRONG_KEY, getList } from '../../test-support/http.js';
import { openAdminSession } from '../../test-support/sessions.js';
import { createTestApp, validPreorderBook, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let token: string;
let bookId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await openAdminSession(t.services);
  bookId = (await createVia<{ id: string }>(t.app, '/api/books', token, validPreorderBook)).id;
});
afterAll(() => t.close());

let counter = 0;
const kinds = [
  {
    list: '/api/admin/contact',
    create: () => ({
      url: '/api/contact',
      payload: { name: 'Ada', email: 'ada@example.com', message: `Hi ${++counter}` },
    }),
    missing: 'Message not found',
  },
  {
    list: '/api/admin/newsletter',
    create: () => ({ url: '/api/newsletter', payload: { email: `erase-${++counter}@example.com` } }),
    missing: 'Subscriber not found',
  },
  {
    list: '/api/admin/preorders',
    create: () => ({
      url: '/api/preorders',
      payload: { bookId, customerName: 'Ada', customerEmail: `ada-${++counter}@example.com`, preferredFormat: 'ebook' },
    }),
    missing: 'Preorder not found',
  },
];

async function created(kind: (typeof kinds)[number]): Promise<string> {
  const { url, payload } = kind.create();
  const res = await t.app.inject({ method: 'POST', url, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const remove = (url: string, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'DELETE', url, headers });

describe.each(kinds)('DELETE $list/:id', (kind) => {
  it('erases that one record (204) and leaves the others', async () => {
    const [kept, erased] = [await created(kind), await created(kind)];
    const res = await remove(`${kind.list}/${erased}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    const ids = (await getList<{ id: string }>(t.app, kind.list, token)).map((row) => row.id);
    expect(ids).toContain(kept);
    expect(ids).not.toContain(erased);
  });

  it('of parallel deletes of one record exactly one succeeds; the others answer 404', async () => {
    const id = await created(kind);
    const answers = await Promise.all(Array.from({ length: 8 }, () => remove(`${kind.list}/${id}`)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([204, 404, 404, 404, 404, 404, 404, 404]);
    for (const res of answers.filter((answer) => answer.statusCode === 404)) expectError(res, 404, kind.missing);
  });

  it('refuses without a valid admin key, or for an unknown or over-long id, and changes nothing', async () => {
    const id = await created(kind);
    const before = await getList(t.app, kind.list, token);
    expectError(await remove(`${kind.list}/${id}`, {}), 401);
    expectError(await remove(`${kind.list}/${id}`, bearer(FAST_WRONG_KEY)), 401);
    expectError(await remove(`${kind.list}/no-such-id`), 404, kind.missing);
    expectError(await remove(`${kind.list}/${'x'.repeat(150)}`), 400);
    expectError(await remove(`${kind.list}/%20`), 400);
    expect(await getList(t.app, kind.list, token)).toEqual(before);
  });
});

describe('admin.mailStatus', () => {
  it('says messages go to the outbox while SMTP_URL is unset (admin only)', async () => {
    expect(await t.callerWithKey(token).admin.mailStatus()).toEqual({ delivery: 'outbox' });
    await expect(t.publicCaller().admin.mailStatus()).rejects.toThrow('Admin key required');
  });

  it('hands the admin the mail setup section of docs/mail.md as HTML (admin only)', async () => {
    const { html } = await t.callerWithKey(token).admin.mailSetupGuide();
    expect(html).toContain('SMTP_URL');
    await expect(t.publicCaller().admin.mailSetupGuide()).rejects.toThrow('Admin key required');
  });
});
