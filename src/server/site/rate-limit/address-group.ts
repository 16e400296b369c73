import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail as the last two). */
function hextetsOf(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const partsOf = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = partsOf(head);
  const last = tail === undefined ? [] : partsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The key an address is counted under by the per-address limits and the login throttle. One IPv6
 * subscriber usually holds a whole /64 (and can pick any address in it), so an IPv6 address counts
 * as its /64; an IPv4-mapped IPv6 address (::ffff:192.0.2.1) as its IPv4 address.
 */
export function limitKeyOf(address: string): string {
  const bare = address.split('%')[0] ?? address;
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const lower = bare.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const network = hextetsOf(lower)
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(':');
  return `${network}::/64`;
}
