import { SuppressedAddressError } from '../../deliverability/suppressed-mailer.js';
import type { ClaimedMessage, SendOutcome } from './mail-queue-repository.js';

/** Temporary failures are tried this many times in all before the message counts as failed. */
export const MAX_ATTEMPTS = 6;

/** The wait before retry n (1-based): base, 2×base, 4×base… capped at an hour. */
export function retryDelayMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** (attempt - 1), 60 * 60_000);
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const response = (error as { response?: unknown }).response;
    return typeof response === 'string' && response ? response : error.message;
  }
  return String(error);
}

/**
 * What a failed hand-over to the relay means. A 5xx reply is permanent (the address does not
 * exist or is refused): no retry, and the address is marked bounced. A 4xx reply (greylisting,
 * mailbox busy) and a connection problem are temporary: tried again later, with growing waits.
 */
export function outcomeOfFailure(
  message: ClaimedMessage,
  error: unknown,
  now: number,
  retryBaseMs: number,
): SendOutcome {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  const text = describe(error);
  if (error instanceof SuppressedAddressError) return { message, result: 'failed', error: text, bounced: false };
  if (typeof code === 'number' && code >= 500) return { message, result: 'failed', error: text, bounced: true };
  const attempt = message.attempts + 1;
  if (attempt >= MAX_ATTEMPTS)
    return { message, result: 'failed', error: `${text} (gave up after ${attempt} attempts)`, bounced: false };
  const nextAttemptAt = new Date(now + retryDelayMs(attempt, retryBaseMs)).toISOString();
  return { message, result: 'retry', error: text, nextAttemptAt };
}
