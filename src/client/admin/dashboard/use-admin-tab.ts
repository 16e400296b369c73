import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DEFAULT_ADMIN_TAB, type AdminTabId } from './admin-tabs.js';

const adminRoute = getRouteApi('/admin');

/**
 * The selected tab lives in the URL (?tab=excerpts), so a reload or a shared link opens the
 * same tab; the default tab (overview) keeps the URL bare. Switching replaces the history entry,
 * so Back leaves the admin instead of stepping through tabs.
 */
export function useAdminTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const tab = adminRoute.useSearch({ select: (search) => search.tab ?? DEFAULT_ADMIN_TAB });
  const navigate = adminRoute.useNavigate();
  const setTab = useCallback(
    (next: AdminTabId) => {
      void navigate({
        search: (previous) => ({ ...previous, tab: next === DEFAULT_ADMIN_TAB ? undefined : next }),
        replace: true,
        resetScroll: false,
      });
    },
    [navigate],
  );
  return [tab, setTab];
}
