import type { AnyRouter } from '@tanstack/react-router';
import { NAVIGATION_BEACON_PATH } from '../../domain/analytics-paths.js';

/**
 * Reports client-side navigations to this site (the first page was counted when the server
 * rendered it): the new path only, as text, with `navigator.sendBeacon`. No cookie, no id. The
 * server applies every rule (bots, Do-Not-Track/GPC headers, the admin's own browser, /admin).
 */
export function reportNavigations(router: AnyRouter): () => void {
  let counted = location.pathname;
  return router.subscribe('onResolved', ({ toLocation: { pathname } }) => {
    if (pathname === counted) return;
    counted = pathname;
    navigator.sendBeacon?.(NAVIGATION_BEACON_PATH, pathname);
  });
}
