import { HttpError } from '../http/http-error.js';

/** Whole seconds, at least 1, for a Retry-After header. */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** A refusal that tells the client when to come back: an HttpError 429, sent with a Retry-After header. */
export class RetryLater extends HttpError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(429, message);
    this.name = 'RetryLater';
  }

  get retryAfterSeconds(): number {
    return retryAfterSeconds(this.retryAfterMs);
  }
}

/** The RetryLater behind an error (itself or its cause), if any. */
export function retryLaterOf(error: unknown): RetryLater | null {
  if (error instanceof RetryLater) return error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof RetryLater ? cause : null;
}
