import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from './limits.js';
import { contactInputSchema, newsletterInputSchema, preorderInputSchema } from './submissions.schema.js';

describe('newsletter input', () => {
  it('trims the email', () => {
    expect(newsletterInputSchema.parse({ email: '  Reader@Example.com ' })).toEqual({ email: 'Reader@Example.com' });
  });

  it.each([
    ['', 'Email is required'],
    ['not-an-email', 'Please enter a valid email address'],
    [`${'a'.repeat(TEXT_LIMITS.email)}@x.io`, `Email must be at most ${TEXT_LIMITS.email} characters`],
  ])('refuses %j', (email, message) => {
    expect(newsletterInputSchema.safeParse({ email }).error?.issues[0]?.message).toBe(message);
  });
});

describe('contact input', () => {
  it('requires name, email and message', () => {
    const messages = contactInputSchema.safeParse({ name: ' ', message: '' }).error?.issues.map((i) => i.message);
    expect(messages).toEqual(['Name is required', 'Email is required', 'Message is required']);
  });
});

describe('preorder input', () => {
  const preorder = {
    bookId: 'b1',
    customerName: 'Ada',
    customerEmail: 'ada@example.com',
    preferredFormat: 'hardcover',
  };

  it('makes phone and special requests optional (blank becomes null)', () => {
    expect(preorderInputSchema.parse({ ...preorder, phoneNumber: '  ' })).toEqual({
      ...preorder,
      phoneNumber: null,
      specialRequests: null,
    });
  });

  it('accepts only the known formats (the seed three and the audiobook an edition may offer)', () => {
    expect(preorderInputSchema.safeParse({ ...preorder, preferredFormat: 'audiobook' }).success).toBe(true);
    expect(preorderInputSchema.safeParse({ ...preorder, preferredFormat: 'vinyl' }).error?.issues[0]?.message).toBe(
      'Preferred format must be one of: ebook, paperback, hardcover, audiobook',
    );
  });
});
