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
  const mapped = ipv4MappedIn(lower);
  if (mapped) return mapped;
  return `${ipv6Network(lower, 4)}::/64`;
}

function ipv4MappedIn(lowerIpv6: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lowerIpv6)?.[1];
  return mapped && isIPv4(mapped) ? mapped : null;
}

const ipv6Network = (lowerIpv6: string, hextets: number): string =>
  hextetsOf(lowerIpv6)
    .slice(0, hextets)
    .map((hextet) => hextet.toString(16))
    .join(':');

/**
 * The network an address belongs to, for budgets that one holder of many addresses should share:
 * an IPv4 address's /24 (203.0.113.0/24), an IPv6 address's /48 (what one site or customer is
 * usually given). Anything that is not an IP address stays as it is.
 */
export function networkKeyOf(address: string): string {
  const bare = address.split('%')[0] ?? address;
  const lower = bare.toLowerCase();
  const ipv4 = isIPv4(bare) ? bare : isIPv6(bare) ? ipv4MappedIn(lower) : null;
  if (ipv4) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(bare)) return bare;
  return `${ipv6Network(lower, 3)}::/48`;
}
