/** ISBN-13 as stored: 13 digits, no hyphens or spaces. */
const ISBN13_DIGITS = /^\d{13}$/;

/** Drops the hyphens and spaces people type between the groups of an ISBN. */
export function normalizeIsbn(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The ISBN-13 check digit of the first twelve digits (weights 1 and 3, alternating). */
export function isbn13CheckDigit(firstTwelve: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(firstTwelve[index]) * (index % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits starting 978 or 979 whose last digit is the right check digit. */
export function isValidIsbn13(raw: string): boolean {
  const digits = normalizeIsbn(raw);
  if (!ISBN13_DIGITS.test(digits) || !/^97[89]/.test(digits)) return false;
  return isbn13CheckDigit(digits.slice(0, 12)) === Number(digits[12]);
}

/** 9781917000001 -> 978-1917000001 (prefix apart: the group split needs the registrant ranges). */
export function displayIsbn(digits: string): string {
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}
