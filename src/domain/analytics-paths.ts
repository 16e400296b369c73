/** Where the page's beacon reports client-side navigations (POST, the path as text/plain). */
export const NAVIGATION_BEACON_PATH = '/api/analytics/navigation';
