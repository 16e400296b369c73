import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodePowSolution, type PowChallenge, type PowSolution } from '../../../domain/proof-of-work.js';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEFAULT_CONFIRMATION_CAPS } from './confirmation-schedule.js';

/**
 * Issue 30, item 5, the attack itself: 200 sign-ups, each with its own solved challenge (solved
 * as a bot would, with Node's native SHA-256 rather than the page's JavaScript one), from 50
 * rotating client addresses in 10 /24 networks (told by a trusted proxy's X-Forwarded-For), sent
 * in parallel batches of 50 over real sockets; then a reader signs up from another network.
 * Before the fix the flood took the whole hourly cap and the next hour's and the reader's
 * confirmation was queued 2 h 25 min back; now the flood is held to its networks' budgets and
 * the reader's confirmation leaves at once. The checks are on counts (emails sent, rows queued,
 * the hours they are booked in), never on how long anything took.
 * `npm run bench:signup-abuse` runs this file and prints the figures.
 */
const FLOOD = 200;
const NETWORKS = 10;
const CLIENTS = 50;
const BATCH = 50;

let inbox: SmtpInbox;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  t = await createTestApp({
    SMTP_URL: inbox.url,
    MAIL_FROM: 'news@example.com',
    PUBLIC_URL: 'https://site.example',
    SIGNUP_CHALLENGE: 'on',
    RATE_LIMITS: 'on',
    TRUST_PROXY: 'true',
  });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await inbox.close();
});

const clientAddress = (n: number) => `198.51.${n % NETWORKS}.${(n % CLIENTS) + 1}`;

/** The challenge's number, found by trying them all: what solvePowChallenge does, minus the page's pauses. */
function solveNatively(challenge: PowChallenge): PowSolution | null {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (
      createHash('sha256')
        .update(challenge.salt + number)
        .digest('hex') === challenge.challenge
    ) {
      const { maxnumber: _unused, ...rest } = challenge;
      return { ...rest, number };
    }
  }
  return null;
}

async function solvedChallenge(client: string): Promise<string> {
  const res = await fetch(`${baseUrl}/trpc/newsletter.challenge`, { headers: { 'x-forwarded-for': client } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { result: { data: { json: { challenge: PowChallenge } } } };
  const solution = solveNatively(body.result.data.json.challenge);
  expect(solution).not.toBeNull();
  return encodePowSolution(solution!);
}

async function signUp(email: string, client: string, challenge: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/newsletter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ email, challenge }),
  });
  await res.text();
  return res.status;
}

it('a flood of 200 solved sign-ups from 10 networks does not hold back the next reader', async () => {
  const stamp = Date.now();
  const flood = Array.from({ length: FLOOD }, (_, n) => ({
    email: `bot${n}-${stamp}@flood${n % 40}.example`,
    client: clientAddress(n),
  }));
  for (let start = 0; start < flood.length; start += BATCH) {
    const batch = flood.slice(start, start + BATCH);
    const statuses = await Promise.all(
      batch.map(async ({ email, client }) => signUp(email, client, await solvedChallenge(client))),
    );
    for (const status of statuses) expect(status).toBe(201);
  }
  await t.services.newsletterMail.settled();
  const askedAt = Date.now();
  const reader = `reader-${stamp}@mail.example`;
  expect(await signUp(reader, '203.0.113.9', await solvedChallenge('203.0.113.9'))).toBe(201);
  await t.services.newsletterMail.settled();

  const floodSentNow = flood.filter(({ email }) => inbox.to(email).length > 0).length;
  const queued = await t.services.db
    .selectFrom('mailQueue')
    .select(['email', 'nextAttemptAt'])
    .where('kind', '=', 'confirmation')
    .where('status', '=', 'pending')
    .execute();
  const readerQueued = queued.find((row) => row.email === reader);
  const readerWaitMs = readerQueued ? Date.parse(readerQueued.nextAttemptAt) - askedAt : 0;
  const lastMs = Math.max(...queued.map((row) => Date.parse(row.nextAttemptAt))) - askedAt;
  console.log(
    [
      `solved flood: ${FLOOD} sign-ups with solved challenges from ${CLIENTS} addresses in ${NETWORKS} /24s, batches of ${BATCH}`,
      `  confirmations to the flood sent at once: ${floodSentNow}; queued: ${queued.length} (the last in ${(lastMs / 3_600_000).toFixed(1)} h)`,
      `  the reader after it: ${readerQueued ? `queued, sent in ${(readerWaitMs / 60_000).toFixed(0)} min` : 'sent at once'}`,
    ].join('\n'),
  );

  // The flood is held to its networks' budget; the reader's confirmation leaves at once.
  expect(floodSentNow).toBeLessThanOrEqual(NETWORKS * DEFAULT_CONFIRMATION_CAPS.perNetworkPerHour);
  expect(floodSentNow + queued.length).toBe(FLOOD);
  expect(readerQueued).toBeUndefined();
  expect(inbox.to(reader)).toHaveLength(1);
}, 300_000);
