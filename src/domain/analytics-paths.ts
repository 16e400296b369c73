/** Where the page's beacon reports client-side navigations (POST, the path as text/plain). */
export const NAVIGATION_BEACON_PATH = '/api/analytics/navigation';

/**
 * A Buy-menu shop link's same-site redirect: the book's signed tag (made by the server with the
 * book data) and the link's place among the book's links (its own, then each edition's).
 */
export const shopLinkPath = (shopTag: string, index: number): string => `/r/s${shopTag}.${index}`;
