import { useContext, useEffect, useSyncExternalStore } from 'react';
import { Link } from '@tanstack/react-router';
import { CloseIcon, FlameIcon } from '../ui/icons.js';
import { useGoToNewsletter } from '../ui/newsletter.js';
import {
  ANNOUNCEMENT_COOKIE_NAME,
  ANNOUNCEMENT_STORAGE_KEY,
  AnnouncementDismissedContext,
  isAnnouncementDismissedCookie,
} from './announcement-context.js';
import classes from './layout.module.css';
import { todayUtc, useSiteSettings } from './site-settings.js';
import { announcementShowsOn } from '../../domain/site-settings-defaults.js';
import type { Announcement } from '../../domain/site-settings.js';

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

  useEffect(() => {
    // Dismissed in localStorage but the cookie is gone: restore it so the server omits the bar next time.
    if (dismissed && !isAnnouncementDismissedCookie(document.cookie)) rememberDismissal();
  }, [dismissed]);

  const bar = useSiteSettings().announcement;
  if (dismissed || !announcementShowsOn(bar, todayUtc())) return null;
  return <AnnouncementView bar={bar} onDismiss={dismissAnnouncement} onNewsletter={goToNewsletter} />;
}

/** The bar itself; the admin's Settings → Site preview draws the same. */
export function AnnouncementView({
  bar,
  onDismiss,
  onNewsletter,
}: {
  bar: Announcement;
  onDismiss: () => void;
  onNewsletter: () => void;
}) {
  const linkText = bar.linkText || 'Learn more';
  return (
    <aside className={classes.announcement} aria-label="Announcement">
      <div className={classes.announcementInner}>
        <FlameIcon size={18} className={classes.announcementIcon} />
        <p className={classes.announcementText}>
          {bar.label && <strong className={classes.announcementLabel}>{bar.label}:</strong>} {bar.text}{' '}
          {bar.linkUrl === '' ? (
            bar.linkText && (
              <button type="button" className={classes.announcementLink} onClick={onNewsletter}>
                {bar.linkText}
              </button>
            )
          ) : /^https:/i.test(bar.linkUrl) ? (
            <a href={bar.linkUrl} className={classes.announcementLink} rel="noopener">
              {linkText}
            </a>
          ) : (
            <Link to={bar.linkUrl} className={classes.announcementLink}>
              {linkText}
            </Link>
          )}
        </p>
        <button
          type="button"
          className={classes.announcementClose}
          aria-label="Dismiss announcement"
          onClick={onDismiss}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </aside>
  );
}
