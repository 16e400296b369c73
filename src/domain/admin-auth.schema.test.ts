import { describe, expect, it } from 'vitest';
import {
  changePasswordFormSchema,
  changePasswordInputSchema,
  loginInputSchema,
  newPasswordSchema,
} from './admin-auth.schema.js';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('login input', () => {
  it.each(['', '   ', '\t\n'])('asks for the password when it is blank (%j)', (password) => {
    expect(messagesOf(loginInputSchema.safeParse({ password }))).toEqual(['Please enter the password']);
  });

  it('asks for the password when it is missing', () => {
    expect(messagesOf(loginInputSchema.safeParse({}))).toEqual(['Please enter the password']);
  });
});

describe('new password rules', () => {
  it('accepts a password that meets every rule', () => {
    expect(newPasswordSchema.safeParse('Ember!Crown9').success).toBe(true);
  });

  it.each([
    ['Ab1!xyz', 'New password must be at least 8 characters'],
    ['ember!crown9', 'Must contain at least one uppercase letter'],
    ['EMBER!CROWN9', 'Must contain at least one lowercase letter'],
    ['Ember!Crown', 'Must contain at least one number'],
    ['EmberCrown9', 'Must contain at least one special character'],
  ])('refuses %j: %s', (password, message) => {
    expect(messagesOf(newPasswordSchema.safeParse(password))).toEqual([message]);
  });

  it.each([...'!@#$%^&*(),.?":{}|<>'])('counts %j as a special character', (special) => {
    expect(newPasswordSchema.safeParse(`EmberCrown9${special}`).success).toBe(true);
  });

  it('does not count other punctuation as special', () => {
    expect(messagesOf(newPasswordSchema.safeParse('Ember_Crown9-'))).toEqual([
      'Must contain at least one special character',
    ]);
  });

  it('requires the current password', () => {
    expect(
      messagesOf(changePasswordInputSchema.safeParse({ currentPassword: '', newPassword: 'Ember!Crown9' })),
    ).toEqual(['Current password is required']);
  });
});

describe('change-password form', () => {
  const form = { currentPassword: 'old', newPassword: 'Ember!Crown9', confirmPassword: 'Ember!Crown9' };

  it('accepts a matching confirmation', () => {
    expect(changePasswordFormSchema.safeParse(form).success).toBe(true);
  });

  it('requires the confirmation', () => {
    const result = changePasswordFormSchema.safeParse({ ...form, confirmPassword: '' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
      'confirmPassword',
      'Please confirm your new password',
    ]);
  });

  it('reports a mismatch on the confirm field', () => {
    const result = changePasswordFormSchema.safeParse({ ...form, confirmPassword: 'Ember!Crown8' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirmPassword', "New passwords don't match"],
    ]);
  });
});
