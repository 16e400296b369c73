import { describe, expect, it } from 'vitest';
import { isHoneypotFilled } from './fields.js';

describe('honeypot', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['   ', false],
    ['http://spam.example', true],
  ])('%j is filled: %s', (value, filled) => {
    expect(isHoneypotFilled(value)).toBe(filled);
  });
});
