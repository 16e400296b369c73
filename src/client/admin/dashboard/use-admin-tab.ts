import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DEFAULT_ADMIN_TAB, isAdminTab, type AdminTabId } from './admin-tabs.js';

/**
 * The selected tab lives in the URL (?tab=excerpts), so a reload or a shared link opens the
 * same tab; the default tab (books) keeps the URL bare. Switching replaces the history entry,
 * so Back leaves the admin instead of stepping through tabs.
 */
export function useAdminTab(): [AdminTabId, (tab: AdminTabId) => void] {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const tab = isAdminTab(search.tab) ? search.tab : DEFAULT_ADMIN_TAB;
  const setTab = useCallback(
    (next: AdminTabId) => {
      void navigate({
        to: '.',
        search: ((previous: Record<string, unknown>) => {
          const { tab: _old, ...rest } = previous;
          return next === DEFAULT_ADMIN_TAB ? rest : { ...rest, tab: next };
        }) as never,
        replace: true,
        resetScroll: false,
      });
    },
    [navigate],
  );
  return [tab, setTab];
}
