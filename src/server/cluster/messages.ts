import type { GuessOutcome } from '../auth/guess-throttle.js';
import type { LimitName } from '../rate-limit/request-limits.js';

/**
 * What a worker asks the cluster's primary: to have every other worker clear its caches, or a
 * question to the one LimitStore all workers share. Answered by a reply with the same id.
 */
export type WorkerCall =
  | { method: 'invalidate' }
  | { method: 'limit'; name: LimitName; key: string }
  | { method: 'limit.grant'; name: LimitName; key: string }
  | { method: 'guess.waitFor'; address: string }
  | { method: 'guess.reserve'; address: string }
  | { method: 'guess.forget'; address: string };

/** Requests a worker may count on its own for a key until `validForMs`; 0 granted: the key must wait that long. */
export type LimitGrant = { granted: number; validForMs: number };

/** A reserved password attempt, as it crosses the process boundary: settled by its ticket. */
export type ReservedGuess = { allowed: true; ticket: number } | { allowed: false; retryAfterMs: number };

export type Reply = { id: number; value?: unknown; error?: string };

/**
 * Every message on the worker's IPC channel carries `site: 1`, so others' messages are left alone.
 * Calls and replies travel in batches: all those made in one turn of the event loop share one
 * message, which under load saves most of the cost of IPC (a message is a JSON write and read).
 */
export type WorkerMessage =
  | { site: 1; kind: 'calls'; calls: Array<{ id: number; call: WorkerCall }> }
  | { site: 1; kind: 'settle'; ticket: number; outcome: GuessOutcome }
  | { site: 1; kind: 'cleared'; id: number };

export type PrimaryMessage = { site: 1; kind: 'replies'; replies: Reply[] } | { site: 1; kind: 'clear'; id: number };

function isSiteMessage(message: unknown): message is { site: 1; kind: string } {
  return typeof message === 'object' && message !== null && (message as { site?: unknown }).site === 1;
}

export const isWorkerMessage = (message: unknown): message is WorkerMessage => isSiteMessage(message);
export const isPrimaryMessage = (message: unknown): message is PrimaryMessage => isSiteMessage(message);
