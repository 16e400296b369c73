const ADMIN_DATE_FORMAT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** Admin dates in US English with short month, day, year, hour and minute ("Nov 22, 2026, 4:26 AM"). */
export function formatAdminDate(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : ADMIN_DATE_FORMAT.format(date);
}
