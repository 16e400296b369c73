import type { FastifyRequest } from 'fastify';

/**
 * The origin absolute links are made with: PUBLIC_URL when set, so a forged Host header is never
 * reflected into pages, feeds or caches; otherwise the request's own (local use).
 */
export function siteOrigin(publicOrigin: string | null, request: FastifyRequest): string {
  return publicOrigin ?? `${request.protocol}://${request.host}`;
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: names only this machine answers to. */
function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The origin links in an email a visitor's request sends (a confirmation, the author's notices)
 * may point to: PUBLIC_URL; without it the request's own, but only when it came to this machine
 * by a loopback name (`npm start` used locally). Any other Host (or X-Forwarded-Host) could be
 * forged to send readers a link to another site, so it gives null: no such email is sent.
 */
export function mailLinkOrigin(
  publicOrigin: string | null,
  request: { protocol?: string | undefined; host?: string | undefined },
): string | null {
  if (publicOrigin) return publicOrigin;
  if (!request.protocol || !request.host) return null;
  let url: URL;
  try {
    url = new URL(`${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
  const bare = !url.username && !url.password && url.pathname === '/' && !url.search && !url.hash;
  return bare && isLoopbackHostname(url.hostname) ? url.origin : null;
}

/** Why an email a visitor asked for was not sent: logged, never shown to the visitor. */
export class NoMailLinkOrigin extends Error {
  constructor() {
    super(
      'PUBLIC_URL is not set and the request did not come to this machine (localhost): the email was not sent, ' +
        'so its links cannot follow a forged Host header. Set PUBLIC_URL=https://your-domain.',
    );
    this.name = 'NoMailLinkOrigin';
  }
}
