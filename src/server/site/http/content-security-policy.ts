/** Streaming services whose players the Music tab embeds. */
const EMBED_ORIGINS = ['https://open.spotify.com', 'https://embed.music.apple.com'];

/**
 * Everything the site loads comes from this process, except the playlist player's frame.
 * Cover images may be absolute http(s) URLs, so images allow those.
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

/**
 * Per-response override for server-rendered pages: the policy helmet set for this response,
 * with the given script sources (e.g. the 'sha256-…' hashes of the page's inline hydration
 * scripts) added to script-src. A policy without script-src gets one built from default-src.
 */
export function withScriptSources(policy: string, sources: readonly string[]): string {
  if (sources.length === 0) return policy;
  const directives = policy
    .split(';')
    .map((directive) => directive.trim())
    .filter(Boolean);
  const extra = sources.join(' ');
  const scriptIndex = directives.findIndex((directive) => /^script-src(\s|$)/i.test(directive));
  if (scriptIndex >= 0) {
    directives[scriptIndex] = `${directives[scriptIndex]} ${extra}`;
  } else {
    const fallback = directives.find((directive) => /^default-src(\s|$)/i.test(directive));
    const base = fallback ? fallback.replace(/^default-src/i, 'script-src') : "script-src 'self'";
    directives.push(`${base} ${extra}`);
  }
  return directives.join(';');
}
