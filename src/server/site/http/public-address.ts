import { BlockList, isIP } from 'node:net';

/**
 * IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry): this host,
 * private networks, shared address space (CGNAT), loopback, link-local (169.254.169.254, the cloud
 * metadata service, among them), IETF assignments, documentation, 6to4 relays, benchmarking,
 * multicast, reserved and broadcast.
 */
const NOT_PUBLIC_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6: only global unicast (2000::/3) is public, which leaves out the unspecified address, loopback,
 * IPv4-mapped and -translated addresses (::ffff:0:0/96, 64:ff9b::/96), unique-local (fc00::/7, AWS's
 * metadata service fd00:ec2::254 among them), link-local and multicast. Inside it these are not
 * public either: IETF protocol assignments (Teredo among them), documentation, and 6to4, which
 * embeds an IPv4 address of any kind.
 */
const GLOBAL_V6: Array<[string, number]> = [['2000::', 3]];
const NOT_PUBLIC_V6: Array<[string, number]> = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

function list(ranges: Array<[string, number]>, family: 'ipv4' | 'ipv6'): BlockList {
  const blocks = new BlockList();
  for (const [network, prefix] of ranges) blocks.addSubnet(network, prefix, family);
  return blocks;
}

const notPublicV4 = list(NOT_PUBLIC_V4, 'ipv4');
const globalV6 = list(GLOBAL_V6, 'ipv6');
const notPublicV6 = list(NOT_PUBLIC_V6, 'ipv6');

/**
 * Whether an IP address (as resolved, or written in a URL) is on the public internet: the only kind
 * the server connects to on an author's or a stranger's behalf (an imported image, later media and
 * federation). Anything that is no IP address is not public.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return !notPublicV4.check(bare, 'ipv4');
  if (family !== 6) return false;
  // Written as IPv4 in IPv6 (::ffff:a.b.c.d, ::a.b.c.d): never public, whatever it embeds.
  if (bare.includes('.')) return false;
  return globalV6.check(bare, 'ipv6') && !notPublicV6.check(bare, 'ipv6');
}
