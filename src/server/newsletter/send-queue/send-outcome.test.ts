import { describe, expect, it } from 'vitest';
import type { ClaimedMessage } from './mail-queue-repository.js';
import { MAX_ATTEMPTS, outcomeOfFailure, retryDelayMs } from './send-outcome.js';

const message = (attempts: number): ClaimedMessage => ({
  mailingId: 'issue',
  recipientId: 'reader',
  kind: 'issue',
  email: 'reader@example.org',
  siteOrigin: 'https://site.example',
  attempts,
});
const smtpError = (responseCode: number, response: string) =>
  Object.assign(new Error('Can’t send mail'), { responseCode, response });

describe('outcomeOfFailure', () => {
  it('a 5xx is permanent: failed, bounced, never retried', () => {
    expect(outcomeOfFailure(message(0), smtpError(550, '550 5.1.1 No such user'), 0, 1000)).toEqual({
      message: message(0),
      result: 'failed',
      error: '550 5.1.1 No such user',
      bounced: true,
    });
  });

  it('a 4xx or a lost connection is retried later, with doubling waits, until the last attempt', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(outcomeOfFailure(message(0), smtpError(451, '451 try later'), now, 1000)).toMatchObject({
      result: 'retry',
      nextAttemptAt: '2026-11-24T10:00:01.000Z',
    });
    expect(outcomeOfFailure(message(2), new Error('connect ECONNREFUSED'), now, 1000)).toMatchObject({
      result: 'retry',
      error: 'connect ECONNREFUSED',
      nextAttemptAt: '2026-11-24T10:00:04.000Z',
    });
    expect(outcomeOfFailure(message(MAX_ATTEMPTS - 1), smtpError(421, '421 busy'), now, 1000)).toMatchObject({
      result: 'failed',
      bounced: false,
    });
  });

  it('caps the wait at an hour', () => {
    expect(retryDelayMs(1, 60_000)).toBe(60_000);
    expect(retryDelayMs(5, 60_000)).toBe(16 * 60_000);
    expect(retryDelayMs(30, 60_000)).toBe(3_600_000);
  });
});
