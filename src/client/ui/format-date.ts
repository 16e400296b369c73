/**
 * Dates are formatted in UTC so the server's render and the browser's hydration agree
 * whatever the visitor's time zone. Each formatter is created on first use, not while the
 * page's scripts load: creating an Intl.DateTimeFormat is costly, and many pages show no date.
 */
function utcDateFormatter(month: 'short' | 'long'): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => {
    format ??= new Intl.DateTimeFormat('en-US', { month, day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    return format.format(date);
  };
}

/** 'Nov 20, 2026' */
export const formatShortDate = utcDateFormatter('short');

/** 'November 20, 2026' */
export const formatLongDate = utcDateFormatter('long');

/** The machine-readable value for <time dateTime>. */
export function isoDate(date: Date): string {
  return date.toISOString();
}
