/**
 * The one date format of the public site and its emails: US style, "November 24, 2026".
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

/** 'Nov 20, 2026 at 18:40 UTC': a moment in the site's date format (emails saying when something was asked). */
export function formatMomentUtc(date: Date): string {
  const time = date.toISOString().slice(11, 16);
  return `${formatShortDate(date)} at ${time} UTC`;
}

/** A calendar day stored as `YYYY-MM-DD` (a book edition's release): 2024-10-15 -> 'October 15, 2024'. */
export function formatCalendarDay(day: string): string {
  return formatLongDate(new Date(`${day}T00:00:00Z`));
}

/** The machine-readable value for <time dateTime>. */
export function isoDate(date: Date): string {
  return date.toISOString();
}
