import type { AnyRouter } from '@tanstack/react-router';
import { ADMIN_KEY_STORAGE_NAME } from '../../domain/admin-auth.js';
import { NAVIGATION_BEACON_PATH } from '../../domain/analytics-paths.js';

const isAdminBrowser = (): boolean => {
  try {
    return localStorage.getItem(ADMIN_KEY_STORAGE_NAME) !== null;
  } catch {
    return false;
  }
};

/**
 * Reports client-side navigations to this site (the first page was counted when the server
 * rendered it): the new path only, as text, with `navigator.sendBeacon`. No cookie, no id. The
 * admin's own browser (signed in here) and visitors asking not to be tracked send nothing.
 */
export function reportNavigations(router: AnyRouter): () => void {
  // The page the server rendered (and counted); each later path is reported once it has loaded.
  let counted = window.location.pathname;
  return router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === counted) return;
    counted = toLocation.pathname;
    if (!navigator.sendBeacon) return;
    const optedOut =
      navigator.doNotTrack === '1' ||
      (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl;
    if (optedOut || isAdminBrowser() || toLocation.pathname.startsWith('/admin')) return;
    navigator.sendBeacon(NAVIGATION_BEACON_PATH, toLocation.pathname);
  });
}
