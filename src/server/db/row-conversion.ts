import { randomUUID } from 'node:crypto';

/** Conversions at the repository edge: SQLite stores text timestamps and 0/1 booleans. */
export const newId = (): string => randomUUID();
export const timestampNow = (): string => new Date().toISOString();
export const toDate = (stored: string): Date => new Date(stored);
export const toStoredBoolean = (value: boolean): number => (value ? 1 : 0);
export const toBoolean = (stored: number): boolean => stored !== 0;

/** True when the error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
