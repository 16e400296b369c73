/**
 * The database time one site search may take on PostgreSQL (SEARCH_TIMEOUT_MS), as the search's
 * statement_timeout: past it PostgreSQL cancels the search and the reader is told to search with
 * fewer or rarer words (a 422), so a flood of heavy searches from many addresses holds each of the
 * gate's connections for at most this long. SQLite searches run on the request thread, between
 * the gate's pauses, and cannot be cut.
 */
export const DEFAULT_SEARCH_TIMEOUT_MS = 250;

export const SEARCH_TOO_LONG = 'This search asks for too much at once: try fewer or rarer words';

/** A search cut by its statement timeout. */
export class SearchTooLong extends Error {
  constructor(cause: unknown) {
    super(SEARCH_TOO_LONG, { cause });
  }
}

/** PostgreSQL's query_canceled, which a statement timeout raises. */
export function isStatementTimeout(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '57014';
}
