import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { limitKeyOf } from '../rate-limit/address-group.js';

const REDACTED = '…';

/**
 * Query parameters whose values the request log keeps: paging, dates, formats and campaign tags.
 * Every other value is replaced, whatever its name: confirmation, unsubscribe, gift, preferences and
 * preorder `token`s, the archive's `key`, tRPC's `input` (which can carry either), search words.
 */
const LOGGED_QUERY_VALUES = new Set([
  'batch',
  'page',
  'limit',
  'cursor',
  'offset',
  'from',
  'to',
  'format',
  'utm_source',
  'utm_medium',
  'utm_campaign',
]);

/** Paths whose last segment is itself a secret: the tracked links `/r/<signed token>`. */
const SECRET_PATH_SEGMENT = /^(\/r\/)[^/?#]+/;

/**
 * A URL as the request log writes it (one rule for every route): the path, with a secret segment
 * replaced, and the names of the query parameters, their values only when harmless (LOGGED_QUERY_VALUES).
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_PATH_SEGMENT, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      if (equalsAt === -1) return pair.slice(0, 64);
      const name = pair.slice(0, equalsAt);
      return LOGGED_QUERY_VALUES.has(name) ? pair.slice(0, 200) : `${name.slice(0, 64)}=${REDACTED}`;
    })
    .join('&');
  return `${path}?${query}`;
}

/**
 * The client's network as the request log writes it, never the address itself (docs/analytics.md:
 * no address is stored): an IPv4 address as its /24, an IPv6 one as its /48.
 */
export function loggedNetwork(address: string): string {
  const key = limitKeyOf(address);
  if (isIPv4(key)) return `${key.split('.').slice(0, 3).join('.')}.0/24`;
  const network = key.endsWith('::/64') ? key.slice(0, -'::/64'.length) : key;
  if (!isIPv6(`${network}::`)) return 'unknown';
  return `${network.split(':').slice(0, 3).join(':')}::/48`;
}

/** Fastify's `req` log serializer: method, redacted URL, Host and the client's network. */
export function serializeLoggedRequest(request: FastifyRequest): Record<string, string> {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    network: loggedNetwork(request.ip),
  };
}
