import { expect } from 'vitest';

/**
 * Asserts two byte sequences are identical with `Buffer.equals` (a memcmp): `toEqual` walks a 3 MB
 * buffer key by key (12.8 s per assertion against ~1 ms) and prints the whole buffer when it fails.
 * On a difference the message says where: the lengths and the first differing byte.
 */
export function expectSameBytes(actual: Uint8Array, expected: Uint8Array, what = 'bytes'): void {
  const got = Buffer.from(actual.buffer, actual.byteOffset, actual.byteLength);
  const want = Buffer.from(expected.buffer, expected.byteOffset, expected.byteLength);
  if (got.equals(want)) return;
  const shorter = Math.min(got.length, want.length);
  let at = 0;
  while (at < shorter && got[at] === want[at]) at += 1;
  expect.fail(
    `${what}: ${got.length} bytes, expected ${want.length}; they first differ at byte ${at}` +
      (at < shorter ? ` (0x${got[at]!.toString(16)} instead of 0x${want[at]!.toString(16)})` : ''),
  );
}

/** As expectSameBytes, for maps of name → bytes (same names, each one byte for byte). */
export function expectSameByteMaps(
  actual: ReadonlyMap<string, Uint8Array>,
  expected: ReadonlyMap<string, Uint8Array>,
  what = 'files',
): void {
  expect([...actual.keys()].sort(), `${what}: names`).toEqual([...expected.keys()].sort());
  for (const [name, bytes] of expected) expectSameBytes(actual.get(name)!, bytes, `${what}: ${name}`);
}
