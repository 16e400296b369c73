import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatLongDate, formatShortDate, isoDate } from './date-format.js';

describe('date-format', () => {
  // Late in the UTC day: a formatter in the local zone would show the 21st east of UTC.
  const date = new Date('2026-11-20T23:30:00Z');

  it('formats the UTC calendar date, short and long', () => {
    expect(formatShortDate(date)).toBe('Nov 20, 2026');
    expect(formatLongDate(date)).toBe('November 20, 2026');
    expect(formatShortDate(new Date('2027-01-02T00:00:00Z'))).toBe('Jan 2, 2027');
  });

  it('formats a calendar day (a release date) the same way, whatever the zone', () => {
    expect(formatCalendarDay('2024-10-15')).toBe('October 15, 2024');
    expect(formatCalendarDay('2027-01-01')).toBe('January 1, 2027');
  });

  it('gives the ISO value for <time dateTime>', () => {
    expect(isoDate(date)).toBe('2026-11-20T23:30:00.000Z');
  });
});
