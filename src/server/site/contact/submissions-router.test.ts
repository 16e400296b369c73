import { beforeAll, describe, expect, it } from 'vitest';
import { validPreorderBook } from '../../test-support/test-app.js';
import { expectTRPCError, useCallers } from '../../test-support/trpc.js';

const contact = { name: 'Ada Vale', email: 'ada@example.com', message: 'Hello from the marsh.' };

describe('submission procedures', () => {
  const context = useCallers();
  let bookId = '';
  const preorder = (overrides: object = {}) => ({
    bookId,
    customerName: 'Ada Vale',
    customerEmail: 'ada@example.com',
    preferredFormat: 'ebook' as const,
    ...overrides,
  });
  beforeAll(async () => {
    bookId = (await context.admin.books.create({ ...validPreorderBook, title: 'Preorderable' })).id;
  });

  it('contact.send stores the message and answers its id', async () => {
    const answer = await context.visitor.contact.send(contact);
    expect(answer).toEqual({ id: expect.any(String), message: 'Message sent' });
    const stored = (await context.admin.admin.contactSubmissions()).items;
    expect(stored).toContainEqual({ id: answer.id, ...contact, createdAt: expect.any(Date) });
  });

  it('contact.send refuses missing fields with BAD_REQUEST', async () => {
    await expectTRPCError(
      context.visitor.contact.send({ name: '', email: '', message: '' }),
      'BAD_REQUEST',
      'Name is required. Email is required. Message is required',
    );
  });

  it('newsletter.subscribe stores an active subscription; a repeat (any case) is a CONFLICT', async () => {
    const answer = await context.visitor.newsletter.subscribe({ email: 'Fan@Example.com' });
    expect(answer).toEqual({ id: expect.any(String), message: 'Subscribed' });
    const stored = (await context.admin.admin.newsletterSubscriptions()).items.find((s) => s.id === answer.id);
    expect(stored).toEqual({
      id: answer.id,
      email: 'Fan@Example.com',
      isActive: true,
      createdAt: expect.any(Date),
      confirmedAt: null,
      bouncedAt: null,
      interests: null,
      source: 'api',
      pausedUntil: null,
      status: 'pending',
      name: null,
      state: 'unconfirmed',
      suppression: null,
    });
    await expectTRPCError(
      context.visitor.newsletter.subscribe({ email: ' fan@example.COM ' }),
      'CONFLICT',
      'This email is already subscribed',
    );
  });

  it('newsletter.subscribe refuses an invalid email', async () => {
    await expectTRPCError(
      context.visitor.newsletter.subscribe({ email: 'fan-at-example' }),
      'BAD_REQUEST',
      'Please enter a valid email address',
    );
  });

  it('preorders.create stores the preorder with the book title', async () => {
    const answer = await context.visitor.preorders.create(preorder({ phoneNumber: '555', specialRequests: 'Signed' }));
    expect(answer).toEqual({ id: expect.any(String), message: 'Preorder received' });
    const stored = (await context.admin.admin.preorders()).items.find((p) => p.id === answer.id);
    expect(stored).toMatchObject({ bookId, bookTitle: 'Preorderable', phoneNumber: '555', specialRequests: 'Signed' });
    expect(stored?.createdAt).toBeInstanceOf(Date);
  });

  it('preorders.create refuses an unknown book and a wrong format', async () => {
    await expectTRPCError(
      context.visitor.preorders.create(preorder({ bookId: 'missing' })),
      'BAD_REQUEST',
      'The chosen book does not exist',
    );
    await expectTRPCError(
      context.visitor.preorders.create(preorder({ preferredFormat: 'scroll' }) as never),
      'BAD_REQUEST',
      'Preferred format must be one of: ebook, paperback, hardcover, audiobook',
    );
  });

  it('a filled honeypot answers success without an id and stores nothing', async () => {
    const counts = async () =>
      [
        (await context.admin.admin.contactSubmissions()).items.length,
        (await context.admin.admin.newsletterSubscriptions()).items.length,
        (await context.admin.admin.preorders()).items.length,
      ] as const;
    const before = await counts();
    const website = 'https://spam.example';
    expect(await context.visitor.contact.send({ ...contact, website })).toEqual({ message: 'Message sent' });
    expect(await context.visitor.newsletter.subscribe({ email: 'bot@example.com', website })).toEqual({
      message: 'Subscribed',
    });
    expect(await context.visitor.preorders.create(preorder({ website }))).toEqual({ message: 'Preorder received' });
    expect(await counts()).toEqual(before);
  });
});

describe('submission procedures with RATE_LIMITS=on', () => {
  const context = useCallers({ RATE_LIMITS: 'on' });

  it('answer TOO_MANY_REQUESTS after 10 form writes a minute from one address', async () => {
    const caller = context.t.publicCaller('192.0.2.10');
    for (let n = 0; n < 10; n++) await caller.newsletter.subscribe({ email: `n${n}@example.com` });
    await expectTRPCError(
      caller.contact.send(contact),
      'TOO_MANY_REQUESTS',
      'Too many requests. Please wait a moment and try again.',
    );
    expect(await context.t.publicCaller('192.0.2.11').contact.send(contact)).toMatchObject({ message: 'Message sent' });
  });
});
