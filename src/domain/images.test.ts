import { describe, expect, it } from 'vitest';
import { isValidImageReference } from './images.js';

describe('isValidImageReference', () => {
  it.each(['/objects/abc.png', 'http://example.com/a.png', 'https://example.com/a.png'])('accepts %s', (value) => {
    expect(isValidImageReference(value)).toBe(true);
  });

  it.each([
    'objects/abc.png',
    '/public/a.png',
    'ftp://example.com/a.png',
    'javascript:alert(1)',
    'data:image/png;base64,AA',
    'HTTPS://EXAMPLE.COM',
    '',
  ])('refuses %j', (value) => {
    expect(isValidImageReference(value)).toBe(false);
  });
});
