import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMailQueueJob } from '../send-queue/mail-queue-job.js';
import { mailboxKey } from '../mailbox-key.js';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { startSmtpInbox, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { DEFAULT_CONFIRMATION_CAPS, HOUR_MS } from './confirmation-schedule.js';

/**
 * Issue 23's attack: 2,000 sign-ups of 500 addresses — 20 victims' mailboxes under 5 spellings
 * each, and 400 strangers on 8 domains — from 500 client addresses (told by a trusted proxy's
 * X-Forwarded-For), in parallel batches over real sockets, with the default caps (100 an hour,
 * 30 an hour per domain). At most the cap reaches the real SMTP server within the hour, each
 * victim at most one, the rest wait in the send queue; a public page keeps answering fast.
 * `npm run bench:signup-abuse` runs this file and prints the figures.
 */
const SIGNUPS = 2_000;
const CLIENTS = 500;
const BATCH = 50;
const VICTIMS = 20;
const STRANGER_DOMAINS = Array.from({ length: 8 }, (_, n) => `realm${n}.example`);
const PUBLIC_URL = 'https://site.example';

let inbox: SmtpInbox;
let t: TestApp;
let baseUrl: string;
let removeBuild: () => Promise<void>;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  const build = await createFakeClientBuild();
  removeBuild = build.remove;
  t = await createTestApp(
    { SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL, RATE_LIMITS: 'on', TRUST_PROXY: 'true' },
    { clientDir: build.clientDir },
  );
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await inbox.close();
  await removeBuild();
});

/** Five spellings of each victim's Gmail mailbox (case, dots, tags, googlemail.com), then the strangers. */
function targetAddresses(): string[] {
  const victims = Array.from({ length: VICTIMS }, (_, n) => `victim${n}x`).flatMap((user) => [
    `${user}@gmail.com`,
    `${user.toUpperCase()}@Gmail.com`,
    `${user.split('').join('.')}@gmail.com`,
    `${user}+news@googlemail.com`,
    `${user}+${user}@gmail.com`,
  ]);
  const strangers = Array.from(
    { length: 400 },
    (_, n) => `stranger${n}@${STRANGER_DOMAINS[n % STRANGER_DOMAINS.length]}`,
  );
  return [...victims, ...strangers];
}

const clientAddress = (n: number) => `198.18.${(n >> 8) & 255}.${n & 255}`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

it('holds 2,000 sign-ups for 20 victims to the caps, queues the rest, and keeps the site responsive', async () => {
  const addresses = targetAddresses();
  expect(addresses).toHaveLength(500);
  const attempts = Array.from({ length: SIGNUPS }, (_, n) => ({
    email: addresses[n % addresses.length]!,
    client: clientAddress(n % CLIENTS),
  }));

  // The probe: a reader loads the home page every 50 ms, first on a quiet site, then while the attack runs.
  let n = 0;
  const loadHomePage = async () => {
    const startedAt = performance.now();
    const res = await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-for': `192.0.2.${(n++ % 250) + 1}` } });
    await res.text();
    expect(res.status).toBe(200);
    return performance.now() - startedAt;
  };
  const quietTimes: number[] = [];
  for (let load = 0; load < 40; load++) {
    quietTimes.push(await loadHomePage());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pageTimes: number[] = [];
  let attacking = true;
  const probe = (async () => {
    while (attacking) {
      pageTimes.push(await loadHomePage());
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();

  const statuses = new Map<number, number>();
  const startedAt = performance.now();
  for (let start = 0; start < attempts.length; start += BATCH) {
    const batch = attempts.slice(start, start + BATCH);
    const answers = await Promise.all(
      batch.map(async ({ email, client }) => {
        const res = await fetch(`${baseUrl}/api/newsletter`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
          body: JSON.stringify({ email }),
        });
        await res.text();
        return res.status;
      }),
    );
    for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const attackMs = performance.now() - startedAt;
  await t.services.newsletterMail.settled();
  attacking = false;
  await probe;

  // Every sign-up was answered as usual: each address (case aside) accepted once, then the usual 409.
  expect([...statuses.keys()].sort()).toEqual([201, 409]);
  expect(statuses.get(201)).toBe(new Set(addresses.map((address) => address.toLowerCase())).size);

  const mailboxes = new Map<string, number>();
  const domains = new Map<string, number>();
  for (const mail of inbox.received)
    for (const to of mail.rcptTo) {
      mailboxes.set(mailboxKey(to), (mailboxes.get(mailboxKey(to)) ?? 0) + 1);
      const domain = mailboxKey(to).split('@')[1]!;
      domains.set(domain, (domains.get(domain) ?? 0) + 1);
    }
  const sentNow = inbox.received.length;
  expect(sentNow).toBeGreaterThan(0);
  expect(sentNow).toBeLessThanOrEqual(DEFAULT_CONFIRMATION_CAPS.perHour);
  for (const count of mailboxes.values()) expect(count).toBe(1);
  for (const count of domains.values()) expect(count).toBeLessThanOrEqual(DEFAULT_CONFIRMATION_CAPS.perDomainPerHour);

  // The rest wait in the send queue, booked into later hours within the caps.
  const queued = await t.services.db
    .selectFrom('mailQueue')
    .select(['email', 'nextAttemptAt'])
    .where('kind', '=', 'confirmation')
    .where('status', '=', 'pending')
    .execute();
  const distinctMailboxes = new Set(addresses.map(mailboxKey)).size;
  expect(sentNow + queued.length).toBe(distinctMailboxes);
  const perHour = new Map<number, number>();
  const perHourAndDomain = new Map<string, number>();
  const thisHour = Math.floor(Date.now() / HOUR_MS);
  for (const row of queued) {
    const hour = Math.floor(Date.parse(row.nextAttemptAt) / HOUR_MS);
    expect(hour).toBeGreaterThan(thisHour - 1);
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
    const key = `${hour} ${mailboxKey(row.email).split('@')[1]}`;
    perHourAndDomain.set(key, (perHourAndDomain.get(key) ?? 0) + 1);
  }
  for (const count of perHour.values()) expect(count).toBeLessThanOrEqual(DEFAULT_CONFIRMATION_CAPS.perHour);
  for (const count of perHourAndDomain.values())
    expect(count).toBeLessThanOrEqual(DEFAULT_CONFIRMATION_CAPS.perDomainPerHour);

  // The next hour, as the send queue sees it at its last moment: at most the cap more, still one per mailbox.
  const nextHourEnd = new Date((thisHour + 2) * HOUR_MS - 1);
  const dueNextHour = queued.filter((row) => Date.parse(row.nextAttemptAt) <= nextHourEnd.getTime()).length;
  const stop = startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    idlePollMs: 20,
    now: () => nextHourEnd,
  });
  const deadline = Date.now() + 30_000;
  while (inbox.received.length - sentNow < dueNextHour && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 300));
  await stop();
  const sentNextHour = inbox.received.length - sentNow;
  expect(sentNextHour).toBe(dueNextHour);
  expect(sentNextHour).toBeLessThanOrEqual(DEFAULT_CONFIRMATION_CAPS.perHour);
  const everMailed = new Map<string, number>();
  for (const mail of inbox.received)
    for (const to of mail.rcptTo) everMailed.set(mailboxKey(to), (everMailed.get(mailboxKey(to)) ?? 0) + 1);
  for (const count of everMailed.values()) expect(count).toBe(1);
  const victimsMailed = [...everMailed.keys()].filter((mailbox) => mailbox.startsWith('victim')).length;

  const p50 = percentile(pageTimes, 50);
  const p99 = percentile(pageTimes, 99);
  const quietP99 = percentile(quietTimes, 99);
  console.log(
    [
      `sign-up attack: ${SIGNUPS} sign-ups of ${addresses.length} addresses (${VICTIMS} victims) from ${CLIENTS} clients in ${(attackMs / 1000).toFixed(1)} s`,
      `  answers: ${[...statuses].map(([status, count]) => `${status} × ${count}`).join(', ')}`,
      `  confirmations sent at once (this hour): ${sentNow} (cap ${DEFAULT_CONFIRMATION_CAPS.perHour}; per domain at most ${Math.max(...domains.values())}, cap ${DEFAULT_CONFIRMATION_CAPS.perDomainPerHour})`,
      `  queued for later hours: ${queued.length} over ${perHour.size} hours (the challenge came on with the cap: unsolved sign-ups take the slow lane); sent in the next hour: ${sentNextHour}`,
      `  victims mailed: ${victimsMailed} of ${VICTIMS}, each once`,
      `  home page before the attack: ${quietTimes.length} loads, p50 ${percentile(quietTimes, 50).toFixed(1)} ms, p99 ${quietP99.toFixed(1)} ms`,
      `  home page during the attack: ${pageTimes.length} loads, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    ].join('\n'),
  );
  expect(pageTimes.length).toBeGreaterThan(10);
  // The home page kept being answered (each load is checked for 200 above); its times are printed,
  // not asserted: on a shared machine absolute times move with its load.
}, 300_000);
