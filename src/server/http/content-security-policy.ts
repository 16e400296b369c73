/** Streaming services whose players the Music tab embeds. */
export const EMBED_ORIGINS = ['https://open.spotify.com', 'https://embed.music.apple.com'];

/**
 * Everything the site loads comes from this process, except the playlist player's frame.
 * Cover images may be absolute http(s) URLs (section 5), so images allow those.
 */
export function contentSecurityPolicy(): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    frameSrc: EMBED_ORIGINS,
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}
