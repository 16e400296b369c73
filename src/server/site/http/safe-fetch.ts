import { lookup as systemLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.js';

/** A host name's addresses: the system's resolver by default. */
export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

/**
 * Where the server may connect on someone else's behalf. Production uses the defaults: the system's
 * resolver, public addresses only. Tests give their own resolver (a public-looking name that
 * resolves to loopback) and may allow one loopback address and port, their stand-in for a public
 * host: `allowAlso` is no setting anyone can turn on (no environment variable or config key reaches
 * it); only `buildApp`'s options carry it, which `serve.ts` never sets, and the helper that makes
 * one lives in test-support/, which production code may not import (eslint.config.js).
 */
export type OutboundRules = {
  resolve?: Resolve;
  allowAlso?: (address: string, port: number) => boolean;
};

export type SafeFetchOptions = {
  /** The whole fetch (every redirect and the body) must end within this. */
  timeoutMs: number;
  /** Larger bodies are refused (by Content-Length, or once that many bytes came). */
  maxBytes: number;
  maxRedirects?: number;
  accept?: string;
  rules?: OutboundRules;
};

export type SafeFetchResult = { url: string; contentType: string | null; body: Buffer };

/**
 * Why a fetch gave nothing: for the server's log only. What a user is told is "not fetched": the
 * reason could tell which internal addresses answer, which ports are open, what they said.
 */
export class NotFetched extends Error {
  constructor(
    readonly reason: string,
    /** False when the host answered (a status, a body too large): its other addresses may still work. */
    readonly hostFailed = true,
  ) {
    super(`not fetched (${reason})`);
    this.name = 'NotFetched';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const defaultResolve: Resolve = (hostname) => systemLookup(hostname, { all: true, verbatim: true });

function allowed(rules: OutboundRules, address: string, port: number): boolean {
  return isPublicAddress(address) || (rules.allowAlso?.(address, port) ?? false);
}

/**
 * The connection's own DNS lookup: every address the name resolves to must be allowed, and the
 * socket connects to the address checked here (no second lookup), so a name that resolves to a
 * public address for a check and to 127.0.0.1 for the connection (DNS rebinding) gets nowhere.
 */
function checkedLookup(rules: OutboundRules, port: number): LookupFunction {
  const resolve = rules.resolve ?? defaultResolve;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find(({ address }) => !allowed(rules, address, port));
        if (addresses.length === 0) return callback(new NotFetched(`${hostname} has no address`), '', 4);
        if (refused) return callback(new NotFetched(`${hostname} resolves to ${refused.address}`), '', 4);
        if (options.all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        return callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(new NotFetched(`${hostname} not resolved: ${error.message}`), '', 4),
    );
  };
}

function get(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  // An address written in the URL (any spelling: 0x7f000001, 2130706433, [::1]) is never looked up,
  // so it is checked here, as the URL parser wrote it.
  if (isIP(hostname) && !allowed(options.rules ?? {}, hostname, port))
    return Promise.reject(new NotFetched(`${hostname} is not a public address`));
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      agent: false,
      lookup: checkedLookup(options.rules ?? {}, port),
      headers: { accept: options.accept ?? '*/*', 'user-agent': 'site-fetch/1' },
      signal,
    });
    request.once('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new NotFetched(`larger than ${maxBytes} bytes`, false);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new NotFetched(`larger than ${maxBytes} bytes`, false);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * GET over HTTP(S) on someone else's behalf (an imported image; later media and federation): only to
 * public addresses, checked when each connection is made, on every redirect hop; within a time and a
 * size cap. Anything else throws NotFetched.
 */
export async function safeFetch(address: string | URL, options: SafeFetchOptions): Promise<SafeFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new NotFetched('not a web address');
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new NotFetched(`${url.protocol} not fetched`);
      if (url.username || url.password) throw new NotFetched('credentials in the address');
      const response = await get(url, options, signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (hop >= (options.maxRedirects ?? 5)) throw new NotFetched('too many redirects');
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new NotFetched(`HTTP ${status}`, false);
      }
      const body = await readBody(response, options.maxBytes);
      return { url: url.href, contentType: response.headers['content-type'] ?? null, body };
    }
  } catch (error) {
    if (error instanceof NotFetched) throw error;
    if (signal.aborted) throw new NotFetched(`no answer within ${options.timeoutMs} ms`);
    const cause = error as { code?: string; cause?: unknown };
    if (cause.cause instanceof NotFetched) throw cause.cause;
    throw new NotFetched(cause.code ?? (error as Error).message);
  }
}
