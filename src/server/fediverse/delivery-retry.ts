import { createExponentialBackoffPolicy, type RetryPolicy } from '@fedify/fedify';

/** A dead server is given up after a day. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

const backoff = createExponentialBackoffPolicy({
  initialDelay: { minutes: 1 },
  maxDelay: { hours: 6 },
  maxAttempts: 64,
});

/**
 * Fedify's retry policy of a delivery to one inbox: tried again with a growing wait (about 2 min, 4, 8… with Fedify’s
 * jitter, at most 6 h) and given up (null) once a day has passed since the first attempt.
 */
export const deliveryRetryPolicy: RetryPolicy = (context) =>
  context.elapsedTime.total('millisecond') >= GIVE_UP_AFTER_MS ? null : backoff(context);
