/** The site's one actor: its fixed identifier in addresses (the handle, which the author may change, is not). */
export const ACTOR_IDENTIFIER = 'site';

export const FEDIVERSE_PATHS = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  article: '/ap/posts/{id}',
  excerpt: '/ap/excerpts/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const;

/** Requests under these paths go to Fedify; every other request never does (their cost stays as it was). */
export const isFediverseRequestPath = (path: string): boolean =>
  path === '/.well-known/webfinger' ||
  path === '/.well-known/nodeinfo' ||
  path === '/nodeinfo/2.1' ||
  path.startsWith('/ap/');
