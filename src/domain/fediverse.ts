/** The fediverse's admin side (src/server/fediverse): what the admin and the server share (zod-free). */

export type FediverseBlockKind = 'account' | 'server';

/** A blocked account (its actor URL or `@user@host`) or server (its host). */
export type FediverseBlock = { target: string; kind: FediverseBlockKind; createdAt: string };

const HOST =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?)*(?::\d{1,5})?$/;
const USER = /^[a-z0-9_.-]{1,100}$/;

/**
 * What the author typed as a block, normalised: an actor URL (`https://server/users/name`) is an account; `@user@host`
 * (or `user@host`) an account by its handle; a bare host (or a URL with no path) a whole server. Null: none of these.
 */
export function parseBlockTarget(input: string): { target: string; kind: FediverseBlockKind } | null {
  const text = input.trim();
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return null;
    }
    if (url.username || url.password || !HOST.test(url.host)) return null;
    if (url.pathname === '/' && !url.search) return { target: url.host, kind: 'server' };
    url.hash = '';
    return { target: url.href, kind: 'account' };
  }
  const lower = text.toLowerCase();
  const handle = /^@?([^@\s]+)@([^@\s]+)$/.exec(lower);
  if (handle)
    return USER.test(handle[1]!) && HOST.test(handle[2]!)
      ? { target: `@${handle[1]}@${handle[2]}`, kind: 'account' }
      : null;
  return HOST.test(lower) ? { target: lower, kind: 'server' } : null;
}
