import { createContext } from 'react';

/** Cookie set when a visitor dismisses the announcement bar; the server reads it to omit the bar. */
export const ANNOUNCEMENT_COOKIE_NAME = 'announcementDismissed';
/** localStorage key remembering the same choice. */
export const ANNOUNCEMENT_STORAGE_KEY = 'announcementDismissed';

/**
 * True when the request's cookies say the announcement was dismissed. The server passes this
 * through <AnnouncementDismissedContext.Provider value={...}> so the first render has no flash.
 */
export const AnnouncementDismissedContext = createContext<boolean>(false);

/** Reads a Cookie header (server) or document.cookie (browser). */
export function isAnnouncementDismissedCookie(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${ANNOUNCEMENT_COOKIE_NAME}=1`);
}
