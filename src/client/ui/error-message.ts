import { TRPCClientError } from '@trpc/client';

/**
 * A failure toast shows the server's error text, else the fallback. tRPC errors
 * carry the server's human-readable message; REST answers carry `{ error }`. A call that never
 * got a server answer (network down, aborted) has no server text: the fallback is shown.
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const answeredByServer = error.shape !== undefined || error.data !== undefined;
    if (answeredByServer) return typeof error.message === 'string' && error.message.trim() ? error.message : fallback;
    // A non-JSON answer (see plain-error-fetch.ts) reaches here as `{status}: {body}`.
    return parseStatusMessage(error.message) ?? fallback;
  }
  if (error instanceof Error && error.message.trim()) return parseStatusMessage(error.message) ?? error.message;
  return fallback;
}

/** Reads `{status}: {json}` messages for their `error` field; `{status}: {text}` is shown whole. */
function parseStatusMessage(message: string): string | null {
  const match = /^\d{3}: (.*)$/s.exec(message);
  if (!match) return null;
  try {
    const body = JSON.parse(match[1]!) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // not JSON: the raw message is shown
  }
  return message;
}

/** True when the error is the server refusing the admin key (401). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { httpStatus?: number } | undefined)?.httpStatus === 401;
}
