import { describe, expect, it } from 'vitest';
import { displayIsbn, isbn13CheckDigit, isValidIsbn13, normalizeIsbn } from './isbn.js';

describe('ISBN-13', () => {
  it('computes the check digit with alternating weights 1 and 3', () => {
    // Worked example from the ISBN users' manual: 978-0-306-40615-7.
    expect(isbn13CheckDigit('978030640615')).toBe(7);
    expect(isbn13CheckDigit('978186197271')).toBe(2);
  });

  it.each(['9780306406157', '978-0-306-40615-7', '978 0 306 40615 7', '9791090636071'])('accepts %s', (isbn) => {
    expect(isValidIsbn13(isbn)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '9780306406158'],
    ['twelve digits', '978030640615'],
    ['fourteen digits', '97803064061570'],
    ['an ISBN-10', '0306406152'],
    ['a prefix other than 978/979', '9770306406151'],
    ['letters', '978030640615X'],
    ['nothing', ''],
  ])('refuses %s', (_case, isbn) => {
    expect(isValidIsbn13(isbn)).toBe(false);
  });

  it('stores digits only and shows the prefix apart', () => {
    expect(normalizeIsbn(' 978-0-306 40615-7')).toBe('9780306406157');
    expect(displayIsbn('9780306406157')).toBe('978-0306406157');
  });
});
