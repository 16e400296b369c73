/**
 * How big an answer is as JSON (in UTF-16 code units, about its bytes for the mostly-ASCII answers of this site),
 * counted only until it passes `limit` (the answer is then some size over it): a procedure's answer is weighed before
 * it is serialised, and a too-big one is not walked to its end. Dates count as their ISO text, Maps and Sets
 * as arrays of their entries (as superjson sends them), binary data as its base64.
 */
export function jsonSizeUpTo(value: unknown, limit: number): number {
  let size = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    if (size > limit) return size;
    const item = pending.pop();
    switch (typeof item) {
      case 'string':
        size += item.length + 2;
        break;
      case 'number':
      case 'bigint':
      case 'boolean':
        size += String(item).length;
        break;
      case 'object':
        size += objectOverhead(item, pending);
        break;
      default:
        // undefined, functions and symbols are left out of JSON; count a placeholder's worth.
        size += 4;
    }
  }
  return size;
}

/** The brackets, keys and separators of an object or array; its values are pushed to be weighed in turn. */
function objectOverhead(item: object | null, pending: unknown[]): number {
  if (item === null) return 4;
  if (item instanceof Date) return 26;
  if (ArrayBuffer.isView(item)) return Math.ceil((item.byteLength * 4) / 3) + 2;
  if (item instanceof Map || item instanceof Set || Array.isArray(item)) {
    const values = item instanceof Map ? [...item.entries()] : [...item];
    for (const value of values) pending.push(value);
    return 2 + values.length;
  }
  let overhead = 2;
  for (const key in item) {
    if (!Object.hasOwn(item, key)) continue;
    overhead += key.length + 4;
    pending.push((item as Record<string, unknown>)[key]);
  }
  return overhead;
}
