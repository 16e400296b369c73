import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '../../../domain/limits.js';
import { useTestApp } from '../../test-support/app-context.js';
import {
  bearer,
  createVia,
  expectError,
  FAST_WRONG_KEY,
  freshAddress,
  getList,
  type InjectOptions,
} from '../../test-support/http.js';
import { validBook, validPreorderBook } from '../../test-support/test-app.js';

const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const context = useTestApp();
const inject = (options: InjectOptions) => context.t.app.inject(options);
const adminList = <T = Record<string, unknown>>(url: string) => getList<T>(context.t.app, url, context.token);
const submit = (url: string, payload: unknown) => inject({ method: 'POST', url, payload: payload as object });

const contact = { name: 'Ada Vale', email: 'ada@example.com', message: 'Loved the prologue.' };

describe('POST /api/contact', () => {
  it('stores the message (201) and answers without echoing the email', async () => {
    const res = await submit('/api/contact', { ...contact, email: '  ada@example.com ' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: string; message: string }>();
    expect(body).toEqual({ id: expect.any(String), message: 'Message sent' });
    const stored = (await adminList<{ id: string }>('/api/admin/contact')).find((c) => c.id === body.id);
    expect(stored).toEqual({ id: body.id, ...contact, createdAt: expect.stringMatching(ISO_8601) });
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['message', 'Message is required'],
  ])('requires %s', async (field, message) => {
    const before = await adminList('/api/admin/contact');
    expectError(await submit('/api/contact', { ...contact, [field]: undefined }), 400, message);
    expectError(await submit('/api/contact', { ...contact, [field]: '   ' }), 400, message);
    expect(await adminList('/api/admin/contact')).toEqual(before);
  });

  it('refuses a malformed email and over-long text', async () => {
    const before = await adminList('/api/admin/contact');
    expectError(
      await submit('/api/contact', { ...contact, email: 'ada-at-example' }),
      400,
      'Please enter a valid email address',
    );
    expectError(
      await submit('/api/contact', { ...contact, message: 'x'.repeat(TEXT_LIMITS.message + 1) }),
      400,
      `Message must be at most ${TEXT_LIMITS.message} characters`,
    );
    expectError(
      await submit('/api/contact', { ...contact, name: 'x'.repeat(TEXT_LIMITS.name + 1) }),
      400,
      `Name must be at most ${TEXT_LIMITS.name} characters`,
    );
    expect(await adminList('/api/admin/contact')).toEqual(before);
  });
});

describe('POST /api/newsletter', () => {
  it('subscribes (201), active by default with a boolean isActive and an ISO date, pending confirmation', async () => {
    const res = await submit('/api/newsletter', { email: 'reader@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(res.json()).toEqual({ id: expect.any(String), message: 'Subscribed' });
    const stored = (await adminList<{ id: string }>('/api/admin/newsletter')).find((s) => s.id === id);
    expect(stored).toEqual({
      id,
      email: 'reader@example.com',
      isActive: true,
      createdAt: expect.stringMatching(ISO_8601),
      confirmedAt: null,
      bouncedAt: null,
      interests: null,
      source: 'api',
      pausedUntil: null,
      status: 'pending',
      // Added by issue 33 (the reader's one state, name and suppression entry).
      name: null,
      state: 'unconfirmed',
      suppression: null,
    });
  });

  it.each(['reader@example.com', 'READER@EXAMPLE.COM', '  Reader@Example.com  '])(
    'answers 409 for an address already subscribed (%j), storing nothing',
    async (email) => {
      await submit('/api/newsletter', { email: 'reader@example.com' });
      const before = await adminList('/api/admin/newsletter');
      expectError(await submit('/api/newsletter', { email }), 409, 'This email is already subscribed');
      expect(await adminList('/api/admin/newsletter')).toEqual(before);
    },
  );

  it('welcomes back an inactive subscriber without a second row', async () => {
    const { id } = (await submit('/api/newsletter', { email: 'lapsed@example.com' })).json<{ id: string }>();
    await context.t.services.db
      .updateTable('newsletterSubscriptions')
      .set({ isActive: 0 })
      .where('id', '=', id)
      .execute();
    const inactive = (await adminList<{ id: string; isActive: unknown }>('/api/admin/newsletter')).find(
      (s) => s.id === id,
    );
    expect(inactive?.isActive).toBe(false);

    const res = await submit('/api/newsletter', { email: 'LAPSED@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id, message: 'Welcome back' });
    const rows = (await adminList<{ email: string; isActive: boolean }>('/api/admin/newsletter')).filter(
      (s) => s.email.toLowerCase() === 'lapsed@example.com',
    );
    expect(rows).toEqual([expect.objectContaining({ id, isActive: true })]);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nobody' }, 'Please enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, `Email must be at most ${TEXT_LIMITS.email} characters`],
  ])('refuses %j', async (payload, message) => {
    const before = await adminList('/api/admin/newsletter');
    expectError(await submit('/api/newsletter', payload), 400, message);
    expect(await adminList('/api/admin/newsletter')).toEqual(before);
  });
});

describe('POST /api/preorders', () => {
  const preorderFor = (bookId: string) => ({
    bookId,
    customerName: 'Ada Vale',
    customerEmail: 'ada@example.com',
    preferredFormat: 'hardcover',
    phoneNumber: '+1 555 0100',
    specialRequests: 'Signed, please.',
  });

  it('stores the preorder with the book title (201)', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validPreorderBook,
      title: 'Preorder Me',
    });
    const res = await submit('/api/preorders', preorderFor(book.id));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ id: string }>();
    expect(body).toEqual({ id: expect.any(String), message: 'Preorder received' });
    const stored = (await adminList<{ id: string }>('/api/admin/preorders')).find((p) => p.id === body.id);
    expect(stored).toEqual({
      id: body.id,
      ...preorderFor(book.id),
      bookTitle: 'Preorder Me',
      createdAt: expect.stringMatching(ISO_8601),
      notifiedAt: null,
    });
  });

  it('makes phone and special requests optional', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook);
    const { phoneNumber: _p, specialRequests: _s, ...required } = preorderFor(book.id);
    const { id } = (await submit('/api/preorders', { ...required, phoneNumber: '' })).json<{ id: string }>();
    const stored = (await adminList<{ id: string }>('/api/admin/preorders')).find((p) => p.id === id);
    expect(stored).toMatchObject({ phoneNumber: null, specialRequests: null });
  });

  it('refuses a preorder for a book that does not exist (400), storing nothing', async () => {
    const before = await adminList('/api/admin/preorders');
    expectError(await submit('/api/preorders', preorderFor('no-such-book')), 400, 'The chosen book does not exist');
    expect(await adminList('/api/admin/preorders')).toEqual(before);
  });

  it("offers only the book's own editions: an audiobook yes, a paperback it lacks no (400, nothing stored)", async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validPreorderBook,
      title: 'Lantern',
      editions: [
        { format: 'hardcover', price: '$27.99' },
        { format: 'audiobook', price: '$24.99' },
      ],
    });
    const before = await adminList('/api/admin/preorders');
    const paperback = await submit('/api/preorders', { ...preorderFor(book.id), preferredFormat: 'paperback' });
    expectError(paperback, 400, 'Lantern is not offered as paperback: choose one of its editions');
    expect(await adminList('/api/admin/preorders')).toEqual(before);
    const audiobook = await submit('/api/preorders', { ...preorderFor(book.id), preferredFormat: 'audiobook' });
    expect(audiobook.statusCode, audiobook.body).toBe(201);
  });

  it('refuses a preorder of a published book (400): it is bought, not reserved', async () => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, {
      ...validBook,
      title: 'Out Already',
    });
    const before = await adminList('/api/admin/preorders');
    expectError(
      await submit('/api/preorders', preorderFor(book.id)),
      400,
      'Out Already is already published: buy it from its page',
    );
    expect(await adminList('/api/admin/preorders')).toEqual(before);
  });

  it.each([
    ['bookId', undefined, 'Id is required'],
    ['customerName', ' ', 'Full name is required'],
    ['customerEmail', 'not-an-email', 'Please enter a valid email address'],
    ['preferredFormat', 'vinyl', 'Preferred format must be one of: ebook, paperback, hardcover, audiobook'],
    ['preferredFormat', undefined, 'Preferred format must be one of: ebook, paperback, hardcover, audiobook'],
    // A book without editions offers the three seed formats.
    ['preferredFormat', 'audiobook', 'The Ember Crown is not offered as audiobook: choose one of its editions'],
    ['phoneNumber', 'x'.repeat(TEXT_LIMITS.phone + 1), `Phone number must be at most ${TEXT_LIMITS.phone} characters`],
  ])('refuses %s = %j', async (field, value, message) => {
    const book = await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook);
    const before = await adminList('/api/admin/preorders');
    expectError(await submit('/api/preorders', { ...preorderFor(book.id), [field]: value }), 400, message);
    expect(await adminList('/api/admin/preorders')).toEqual(before);
  });
});

describe('honeypot: a filled `website` field answers success and stores nothing', () => {
  let bookId = '';
  beforeAll(async () => {
    bookId = (await createVia<{ id: string }>(context.t.app, '/api/books', context.token, validPreorderBook)).id;
  });

  it.each([
    ['/api/contact', () => ({ ...contact }), '/api/admin/contact', { message: 'Message sent' }],
    ['/api/newsletter', () => ({ email: 'bot@example.com' }), '/api/admin/newsletter', { message: 'Subscribed' }],
    [
      '/api/preorders',
      () => ({ bookId, customerName: 'Bot', customerEmail: 'bot@example.com', preferredFormat: 'ebook' }),
      '/api/admin/preorders',
      { message: 'Preorder received' },
    ],
  ] as const)('%s', async (url, payload, adminUrl, answer) => {
    const before = await adminList(adminUrl);
    const res = await submit(url, { ...payload(), website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual(answer);
    expect(await adminList(adminUrl)).toEqual(before);
  });
});

describe('admin lists of submissions', () => {
  it.each(['/api/admin/contact', '/api/admin/newsletter', '/api/admin/preorders'])(
    '%s needs a valid key',
    async (url) => {
      expectError(await inject({ method: 'GET', url }), 401, 'Admin key required');
      expectError(
        await inject({ method: 'GET', url, headers: bearer(FAST_WRONG_KEY), remoteAddress: freshAddress() }),
        401,
        'Invalid admin key',
      );
    },
  );

  it.each(['/api/admin/contact', '/api/admin/newsletter', '/api/admin/preorders'])(
    '%s lists newest first',
    async (url) => {
      const items = await adminList<{ createdAt: string }>(url);
      expect(items.length).toBeGreaterThan(0);
      const times = items.map((item) => Date.parse(item.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    },
  );
});
