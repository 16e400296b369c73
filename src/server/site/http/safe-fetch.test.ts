import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackStandIns } from '../../test-support/outbound.js';
import { isPublicAddress } from './public-address.js';
import { NotFetched, safeFetch, type OutboundRules } from './safe-fetch.js';

/**
 * Issue 30, item 2: what the server fetches on someone's behalf reaches public addresses only,
 * checked when each connection is made (after DNS, on every redirect), within a size and a time cap.
 * "internal" plays every internal service (it counts each request it gets: none may arrive); "open"
 * is the one loopback port the tests let stand in for a public host.
 */
let internal: Server;
let open: Server;
let internalPort = 0;
let openPort = 0;
const internalHits: string[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  internal = createServer((request, response) => {
    internalHits.push(request.url ?? '');
    response.end('secret');
  });
  open = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (url.pathname === '/ok') return response.end('fine');
    if (url.pathname === '/redirect') {
      const to = url.searchParams.get('to')!;
      return response.writeHead(302, { location: to }).end();
    }
    if (url.pathname === '/declared-huge') return response.writeHead(200, { 'content-length': '999999' }).end();
    if (url.pathname === '/streamed-huge') {
      response.writeHead(200);
      const chunk = Buffer.alloc(16 * 1024, 1);
      const write = () => {
        while (response.write(chunk)) if (response.writableLength > 1e6) break;
      };
      response.on('drain', write);
      write();
      return;
    }
    if (url.pathname === '/slow') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('a few bytes, then nothing');
      return; // never ends
    }
    return response.writeHead(404).end();
  });
  [internalPort, openPort] = await Promise.all([listen(internal), listen(open)]);
});
afterAll(async () => {
  internal.closeAllConnections();
  open.closeAllConnections();
  await Promise.all([new Promise((r) => internal.close(r)), new Promise((r) => open.close(r))]);
});

const caps = { timeoutMs: 2_000, maxBytes: 64 * 1024 };
const reasonOf = async (url: string, rules: OutboundRules) => {
  try {
    await safeFetch(url, { ...caps, rules });
    return 'fetched';
  } catch (error) {
    expect(error).toBeInstanceOf(NotFetched);
    return (error as NotFetched).reason;
  }
};

describe('isPublicAddress', () => {
  it('refuses every non-public range and spelling, and takes public ones', () => {
    const refused = [
      '127.0.0.1', '127.255.255.254', '10.0.0.1', '172.16.5.4', '172.31.255.255', '192.168.0.1', '169.254.169.254',
      '169.254.0.1', '100.64.0.1', '100.127.255.255', '0.0.0.0', '224.0.0.251', '239.255.255.250', '255.255.255.255',
      '240.0.0.1', '192.0.0.170', '198.18.0.1', '::', '::1', '[::1]', '::ffff:127.0.0.1', '::ffff:7f00:1',
      '::ffff:169.254.169.254', '::ffff:8.8.8.8', '::127.0.0.1', '64:ff9b::7f00:1', 'fd00:ec2::254', 'fc00::1',
      'fe80::1', 'febf::1', 'ff02::1', 'ff0e::1', '2002:7f00:1::1', '2001::1', '2001:db8::1', 'localhost', '', 'x',
    ]; // prettier-ignore
    const publicOnes = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'];
    expect(refused.filter(isPublicAddress)).toEqual([]);
    expect(publicOnes.filter((address) => !isPublicAddress(address))).toEqual([]);
  });
});

describe('safeFetch', () => {
  it('refuses 60 hostile addresses at once (spellings of loopback, metadata, names resolving inside): none reaches a server', async () => {
    // Production's rules, with a resolver standing in for DNS: these names look public.
    const names: Record<string, string[]> = {
      'images.example': ['127.0.0.1'],
      'cdn.example': ['93.184.216.34', '127.0.0.1'], // one public answer does not excuse an internal one
      'v6.example': ['::1'],
      'mapped.example': ['::ffff:127.0.0.1'],
      'meta.example': ['169.254.169.254'],
      'ula.example': ['fd00:ec2::254'],
      'none.example': [],
    };
    const production = { resolve: loopbackStandIns([], names).resolve! };
    const p = internalPort;
    const targets = [
      `http://127.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://0x7f000001:${p}/`,
      `http://2130706433:${p}/`,
      `http://017700000001:${p}/`,
      `http://0177.0.0.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://[::ffff:7f00:1]:${p}/`,
      `http://localhost:${p}/`,
      `http://LOCALHOST.:${p}/`,
      `http://images.example:${p}/`,
      `http://cdn.example:${p}/`,
      `http://v6.example:${p}/`,
      `http://mapped.example:${p}/`,
      `http://meta.example:${p}/`,
      `http://ula.example:${p}/`,
      `http://none.example:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://0.0.0.0/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
      'http://100.64.0.1/',
      `https://127.0.0.1:${p}/`,
      `http://user:pass@images.example:${p}/`,
      `file:///etc/passwd`,
      `ftp://127.0.0.1:${p}/`,
      'not a url',
      // From the open stand-in, a redirect inside: refused at the hop.
      `http://127.0.0.1:${openPort}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${p}/via-redirect`)}`,
    ];
    const rules = [production, loopbackStandIns([openPort], names)];
    const reasons = await Promise.all(rules.flatMap((rule) => targets.map((url) => reasonOf(url, rule))));
    const refusal =
      /^(\S+ is not a public address|\S+ resolves to \S+|\S+ has no address|\S+ not resolved: .*|\w+: not fetched|credentials in the address|not a web address)$/;
    expect(reasons.filter((reason) => !refusal.test(reason))).toEqual([]);
    expect(internalHits).toEqual([]);
  });

  it('follows redirects between allowed hosts; refuses a hop to a private address, metadata or a rebinding name', async () => {
    const rules = loopbackStandIns([openPort], { 'rebind.example': ['127.0.0.1'] });
    const hop = (to: string) => `http://127.0.0.1:${openPort}/redirect?to=${encodeURIComponent(to)}`;
    const fetched = await safeFetch(hop(`http://127.0.0.1:${openPort}/ok`), { ...caps, rules });
    expect(fetched.body.toString()).toBe('fine');
    const refused = await Promise.all(
      [
        hop(`http://127.0.0.1:${internalPort}/a`),
        hop(`http://rebind.example:${internalPort}/b`),
        hop('http://169.254.169.254/latest/meta-data/'),
        hop(`http://[::1]:${internalPort}/c`),
        hop(hop(hop(`http://0x7f000001:${internalPort}/d`))),
        hop('file:///etc/passwd'),
      ].map((url) => reasonOf(url, rules)),
    );
    expect(refused).toEqual([
      '127.0.0.1 is not a public address',
      'rebind.example resolves to 127.0.0.1',
      '169.254.169.254 is not a public address',
      '::1 is not a public address',
      '127.0.0.1 is not a public address',
      'file: not fetched',
    ]);
    // Redirect loops end.
    expect(await reasonOf(hop(hop(hop(hop(hop(hop(hop(`http://127.0.0.1:${openPort}/ok`))))))), rules)).toBe(
      'too many redirects',
    );
    expect(internalHits).toEqual([]);
  });

  it('caps the size (declared or streamed) and the time (a body that never ends)', async () => {
    const rules = loopbackStandIns([openPort]);
    const [declared, streamed, slow] = await Promise.all(
      ['/declared-huge', '/streamed-huge', '/slow'].map((path) =>
        reasonOf(`http://127.0.0.1:${openPort}${path}`, rules).then((reason) => reason),
      ),
    );
    expect(declared).toBe(`larger than ${caps.maxBytes} bytes`);
    expect(streamed).toBe(`larger than ${caps.maxBytes} bytes`);
    expect(slow).toBe(`no answer within ${caps.timeoutMs} ms`);
  });
});
