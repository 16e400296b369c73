import { lookup } from 'node:dns/promises';
import type { OutboundRules, Resolve } from '../site/http/safe-fetch.js';

/**
 * Outbound rules for tests, which can reach nothing but loopback: the servers on `ports` of
 * 127.0.0.1 stand in for public hosts (every other loopback port stays refused, as in production),
 * and `names` resolve as given (a public-looking name that resolves to 127.0.0.1, say); other
 * names go to the system's resolver.
 */
export function loopbackStandIns(ports: number[], names: Record<string, string[]> = {}): OutboundRules {
  const resolve: Resolve = async (hostname) => {
    const given = names[hostname.toLowerCase()];
    if (given) return given.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    return lookup(hostname, { all: true, verbatim: true });
  };
  return { resolve, allowAlso: (address, port) => address === '127.0.0.1' && ports.includes(port) };
}
