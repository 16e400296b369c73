const pad = (value: number) => String(value).padStart(2, '0');

/** A moment as the value of an <input type="datetime-local"> in the browser's time zone (to the second). */
export function toLocalInputValue(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** The UTC ISO moment of a datetime-local value read in the browser's time zone; null when blank or invalid. */
export function fromLocalInputValue(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The browser's time zone, named, e.g. "Europe/Paris (GMT+01:00)". */
export function browserTimeZoneName(at: Date = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat('en-GB', { timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset ? `${zone} (${offset})` : zone;
}

/** A moment in the browser's time zone, with the zone's short name: "1 Dec 2026, 09:00 CET". */
export function formatWithZone(date: Date): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName: the parts are named one by one.
  return date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}
