/**
 * Dates are formatted in UTC so the server's render and the browser's hydration agree
 * whatever the visitor's time zone.
 */
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'Nov 20, 2026' */
export function formatShortDate(date: Date): string {
  return SHORT.format(date);
}

/** 'November 20, 2026' */
export function formatLongDate(date: Date): string {
  return LONG.format(date);
}

/** The machine-readable value for <time dateTime>. */
export function isoDate(date: Date): string {
  return date.toISOString();
}
