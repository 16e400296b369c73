import { PAGE_META } from '../content/page-meta.js';
import { AUTHOR_NAME, SERIES_NAME } from '../content/site.js';

/** Site-wide facts the head tags and structured data repeat on every page. */
export const SITE_NAME = SERIES_NAME;
export { AUTHOR_NAME };
export const SITE_DESCRIPTION =
  PAGE_META['/']?.description ?? `${SERIES_NAME}, a dark fantasy series by ${AUTHOR_NAME}.`;
export const SITE_LOCALE = 'en_US';
/** The browser UI colour (the dark theme's page background, styles/global.css --site-bg). */
export const THEME_COLOR = '#0e0c0b';

/** The shared social card (public/social-card.jpg, 1200 x 630), used when a page has no image of its own. */
export const DEFAULT_SOCIAL_IMAGE = { path: '/social-card.jpg', width: 1200, height: 630, alt: SITE_NAME };

export const RSS_PATH = '/blog/rss.xml';
export const FAVICON_PATH = '/favicon.svg';

/** An absolute URL for a site path or an image reference (which may already be absolute). */
export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** "Books | The Cinderwake Cycle"; the home page uses the bare site name's own title. */
export function fullTitle(pageTitle: string): string {
  return pageTitle.includes(SITE_NAME) ? pageTitle : `${pageTitle} | ${SITE_NAME}`;
}
