/**
 * "Follow from Mastodon" (issue 35): a reader names their own server and is sent there to follow the site's
 * account, `@handle@host`. Their server does the following; this site only forwards the browser (GET /follow,
 * which works without JavaScript) and never fetches the address it is given. The form's schema is in
 * fediverse-follow.schema.ts (zod stays out of a reading page's first load).
 */
export const FOLLOW_PATH = '/follow';

/** The site's account as readers write it: `@author@example.com` (the port too, when the site has one). */
export function fediverseHandle(handle: string, origin: string): string {
  return `@${handle}@${new URL(origin).host}`;
}

/** The reader's server's own page for following an account (Mastodon's, which Pleroma and others share). */
export function remoteFollowUrl(server: string, handle: string): string {
  return `https://${server}/authorize_interaction?uri=${encodeURIComponent(handle)}`;
}
