import { useContext, useEffect, useSyncExternalStore } from 'react';
import { ANNOUNCEMENT, giftAnnouncement } from '../content/site.js';
import { trpc } from '../trpc.js';
import { CloseIcon, FlameIcon } from '../ui/icons.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import {
  ANNOUNCEMENT_COOKIE_NAME,
  ANNOUNCEMENT_STORAGE_KEY,
  AnnouncementDismissedContext,
  isAnnouncementDismissedCookie,
} from './announcement-context.js';
import classes from './layout.module.css';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function storedDismissal(): boolean {
  try {
    return localStorage.getItem(ANNOUNCEMENT_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissal(): void {
  document.cookie = `${ANNOUNCEMENT_COOKIE_NAME}=1; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
  try {
    localStorage.setItem(ANNOUNCEMENT_STORAGE_KEY, '1');
  } catch {
    // storage may be unavailable (private mode); the cookie still remembers
  }
}

/** The browser's answer: the cookie or localStorage says the bar was dismissed. */
function browserSnapshot(): boolean {
  return isAnnouncementDismissedCookie(document.cookie) || storedDismissal();
}

function dismissAnnouncement(): void {
  rememberDismissal();
  for (const listener of listeners) listener();
}

/**
 * The dismissible announcement bar. The server's render (and hydration) use the cookie it
 * read, passed through AnnouncementDismissedContext; the browser then reads the cookie and
 * localStorage itself.
 */
export function AnnouncementBar() {
  const dismissedOnServer = useContext(AnnouncementDismissedContext);
  const dismissed = useSyncExternalStore(subscribe, browserSnapshot, () => dismissedOnServer);
  const goToNewsletter = useGoToNewsletter();
  // The bar promises the subscribers' gift: shown only while one is active.
  const gift = trpc.newsletter.signupOptions.useQuery(undefined, { staleTime: 60_000 }).data?.gift;

  useEffect(() => {
    // Dismissed in localStorage but the cookie is gone: restore it so the server omits the bar next time.
    if (dismissed && !isAnnouncementDismissedCookie(document.cookie)) rememberDismissal();
  }, [dismissed]);

  if (dismissed || !gift) return null;
  return (
    <aside className={classes.announcement} aria-label="Announcement">
      <div className={classes.announcementInner}>
        <FlameIcon size={18} className={classes.announcementIcon} />
        <p className={classes.announcementText}>
          <strong className={classes.announcementLabel}>{ANNOUNCEMENT.label}:</strong> {giftAnnouncement(gift.title)}{' '}
          <button type="button" className={classes.announcementLink} onClick={goToNewsletter}>
            {ANNOUNCEMENT.linkText}
          </button>
        </p>
        <button
          type="button"
          className={classes.announcementClose}
          aria-label="Dismiss announcement"
          onClick={dismissAnnouncement}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </aside>
  );
}
