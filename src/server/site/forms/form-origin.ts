import type { FastifyRequest } from 'fastify';

/** Browsers send these with a form posted from this site's own pages (or typed in the address bar). */
const ACCEPTED_FETCH_SITES = new Set(['same-origin', 'none']);

function originOfUrl(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Whether a form post may come from where it says it comes from. Sec-Fetch-Site decides when a
 * browser sends it. Without it (an older browser, or a request made by hand) the Origin, else the
 * Referer, must be this site's: PUBLIC_URL or the origin the request itself came to. `Origin: null`
 * is what an older browser sends from our own pages under `Referrer-Policy: no-referrer`, so it
 * (like a post that names no origin at all: curl, a script) is judged by its Referer, if any.
 */
export function isSameSitePost(request: FastifyRequest, publicOrigin: string | null): boolean {
  const fetchSite = header(request, 'sec-fetch-site');
  if (fetchSite !== undefined) return ACCEPTED_FETCH_SITES.has(fetchSite);
  const ownOrigins = [publicOrigin, `${request.protocol}://${request.host}`];
  const origin = header(request, 'origin');
  if (origin !== undefined && origin !== 'null') return ownOrigins.includes(origin);
  const referer = header(request, 'referer');
  if (referer === undefined) return true;
  const refererOrigin = originOfUrl(referer);
  return refererOrigin !== null && ownOrigins.includes(refererOrigin);
}
