export const MAX_SERIES_NUMBER = 999;

/** "Book 1", "Book 2.5": from the book's number in its series, never from a list position. */
export function seriesNumberLabel(seriesNumber: number | null): string | null {
  return seriesNumber === null ? null : `Book ${seriesNumber}`;
}

/** A number with at most one decimal (2.5 for a novella between books 2 and 3). */
export function hasOneDecimalAtMost(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-9;
}
