/**
 * The services whose posts and players a text may embed, known by their addresses. An embed is never loaded from
 * its service: the renderer draws a card that links to it, and the importer keeps only embeds of these services.
 * No imports: the import's worker thread loads this file alone (html-to-markdown.ts).
 */

export type Embed = { provider: string; label: string; url: string };

type Provider = {
  provider: string;
  /** What the card's link says, e.g. "Watch on YouTube". */
  label: string;
  hosts: RegExp;
  /** The page's address for a player's or a post's, or null when the address is not one of its posts. */
  page: (url: URL) => string | null;
};

const pathMatch = (pattern: RegExp, build: (match: RegExpExecArray) => string) => (url: URL) => {
  const match = pattern.exec(url.pathname);
  return match ? build(match) : null;
};

const PROVIDERS: readonly Provider[] = [
  {
    provider: 'YouTube',
    label: 'Watch on YouTube',
    hosts: /^(www\.|m\.)?(youtube\.com|youtube-nocookie\.com|youtu\.be)$/,
    page: (url) => {
      const id =
        url.hostname === 'youtu.be'
          ? url.pathname.slice(1)
          : url.pathname === '/watch'
            ? url.searchParams.get('v')
            : /^\/(embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[2];
      return id && /^[\w-]{6,20}$/.test(id) ? `https://www.youtube.com/watch?v=${id}` : null;
    },
  },
  {
    provider: 'Vimeo',
    label: 'Watch on Vimeo',
    hosts: /^(www\.|player\.)?vimeo\.com$/,
    page: pathMatch(
      /^\/(?:video\/)?(\d+)(?:\/([\da-f]+))?\/?$/,
      (m) => `https://vimeo.com/${m[1]}${m[2] ? `/${m[2]}` : ''}`,
    ),
  },
  {
    provider: 'X',
    label: 'Read the post on X',
    hosts: /^(www\.|mobile\.)?(twitter\.com|x\.com)$/,
    page: pathMatch(/^\/(\w{1,15})\/status(?:es)?\/(\d+)/, (m) => `https://x.com/${m[1]}/status/${m[2]}`),
  },
  {
    provider: 'Instagram',
    label: 'View on Instagram',
    hosts: /^(www\.)?instagram\.com$/,
    page: pathMatch(/^\/(p|reel|tv)\/([\w-]+)/, (m) => `https://www.instagram.com/${m[1]}/${m[2]}/`),
  },
  {
    provider: 'Bluesky',
    label: 'Read the post on Bluesky',
    hosts: /^(www\.)?bsky\.app$/,
    page: pathMatch(/^\/profile\/([\w.:-]+)\/post\/([\w]+)/, (m) => `https://bsky.app/profile/${m[1]}/post/${m[2]}`),
  },
  {
    provider: 'Spotify',
    label: 'Listen on Spotify',
    hosts: /^open\.spotify\.com$/,
    page: pathMatch(
      /^\/(?:embed\/)?(track|album|playlist|episode|show|artist)\/(\w+)/,
      (m) => `https://open.spotify.com/${m[1]}/${m[2]}`,
    ),
  },
  {
    provider: 'Apple Music',
    label: 'Listen on Apple Music',
    hosts: /^(embed\.)?music\.apple\.com$/,
    page: pathMatch(
      /^\/([a-z]{2}\/(?:album|playlist|song|artist)\/[\w%.-]+\/[\w.-]+)/,
      (m) => `https://music.apple.com/${m[1]}`,
    ),
  },
  {
    // Any instance: a Mastodon post's address is /@user/<number> (its player's, /@user/<number>/embed).
    provider: 'Mastodon',
    label: 'Read the post on Mastodon',
    hosts: /^[a-z0-9-]+(\.[a-z0-9-]+)+$/,
    page: (url) => {
      const match = /^\/@(\w{1,30})\/(\d{1,20})(?:\/embed)?\/?$/.exec(url.pathname);
      return match ? `https://${url.hostname}/@${match[1]}/${match[2]}` : null;
    },
  },
];

/** The embed an address names (a service's post or player, http or https, no credentials or port), or null. */
export function embedOf(address: string): Embed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  for (const { provider, label, hosts, page } of PROVIDERS) {
    if (!hosts.test(host)) continue;
    const pageUrl = page(url);
    if (pageUrl) return { provider, label, url: pageUrl };
  }
  return null;
}
