import { useEffect } from 'react';
import { PREVIEW_SESSION_PATH } from '../../../domain/post-states.js';
import { useStoredAdminKey } from '../session/admin-key-store.js';

/**
 * Previews open as pages in a new tab, which carry no Authorization header: the session token is handed to
 * the server once, which keeps it in an HttpOnly cookie sent only to /blog/preview/.
 */
export function usePreviewAccess(): void {
  const key = useStoredAdminKey();
  useEffect(() => {
    if (!key) return;
    void fetch(PREVIEW_SESSION_PATH, { method: 'POST', headers: { authorization: `Bearer ${key}` } }).catch(
      () => undefined,
    );
  }, [key]);
}
