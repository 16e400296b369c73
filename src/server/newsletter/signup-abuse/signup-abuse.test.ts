import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePowSolution, solvePowChallenge, type PowChallenge } from '../../../domain/proof-of-work.js';
import { isSuppressed } from '../../deliverability/suppression-list.js';
import { startMailQueueJob } from '../send-queue/mail-queue-job.js';
import { startSmtpInbox, type ReceivedEmail, type SmtpInbox } from '../../test-support/smtp-inbox.js';
import { createFakeClientBuild } from '../../test-support/fake-client-build.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { HOUR_MS } from './confirmation-schedule.js';
import { NOT_ME_NOTE } from './not-me-page.js';

/**
 * Issue 23, sign-up abuse: the hourly caps hold confirmations back in the send queue (every
 * sign-up still answered as usual), the confirmation says when it was asked for and offers
 * "this wasn't me", and the proof-of-work challenge sorts solved sign-ups from the slow lane.
 */
const PUBLIC_URL = 'https://site.example';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let inbox: SmtpInbox;
let run = 0;
const apps: TestApp[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await inbox.close();
});

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const app = await createTestApp({ SMTP_URL: inbox.url, MAIL_FROM: 'news@example.com', PUBLIC_URL, ...env });
  apps.push(app);
  return app;
}

const subscribe = (t: TestApp, payload: Record<string, unknown>, n = ++run) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload,
    remoteAddress: `10.23.${(n >> 8) & 255}.${n & 255}`,
  });

const uniqueEmail = (name: string, domain: string) => `${name}-${++run}-${Date.now()}@${domain}`;

async function mailTo(t: TestApp, email: string): Promise<ReceivedEmail[]> {
  await t.services.newsletterMail.settled();
  return inbox.to(email);
}

async function queuedConfirmations(t: TestApp, emails: string[]) {
  return t.services.db
    .selectFrom('mailQueue')
    .select(['email', 'nextAttemptAt', 'status', 'createdAt'])
    .where('kind', '=', 'confirmation')
    .where('email', 'in', emails)
    .execute();
}

function linkIn(email: ReceivedEmail, pathname: string): string {
  const link = new RegExp(`https?://[^\\s"<>\\]]+${pathname}\\?token=[A-Za-z0-9_.~-]+`).exec(email.text)?.[0];
  if (!link) throw new Error(`no ${pathname} link in:\n${email.text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

async function drainQueueAt(t: TestApp, at: Date, expected: number) {
  const before = inbox.received.length;
  const stop = startMailQueueJob({
    db: t.services.db,
    mailer: t.services.mailing.queueMailer,
    messages: t.services.mailing.queuedMessages,
    ratePerMinute: null,
    log: quiet,
    idlePollMs: 20,
    now: () => at,
  });
  const deadline = Date.now() + 20_000;
  while (inbox.received.length - before < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  // A moment more: nothing beyond what is due may leave.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await stop();
  return inbox.received.length - before;
}

describe('the hourly caps of confirmation emails', () => {
  it('sends within the caps at once and queues the rest for later hours, spread out; every sign-up is answered as usual', async () => {
    const t = await appWith({ CONFIRMATIONS_PER_HOUR: '4', CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '3' });
    const emails = [
      ...Array.from({ length: 5 }, () => uniqueEmail('crowd', 'one.example')),
      ...Array.from({ length: 3 }, () => uniqueEmail('crowd', 'two.example')),
    ];
    const answers = await Promise.all(emails.map((email) => subscribe(t, { email })));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ message: 'Subscribed' });
    }
    await t.services.newsletterMail.settled();
    const sentNow = emails.filter((email) => inbox.to(email).length > 0);
    expect(sentNow).toHaveLength(4);
    expect(sentNow.filter((email) => email.endsWith('one.example')).length).toBeLessThanOrEqual(3);

    const queued = await queuedConfirmations(t, emails);
    expect(queued).toHaveLength(4);
    const nextHour = (Math.floor(Date.now() / HOUR_MS) + 1) * HOUR_MS;
    const times = queued.map((row) => Date.parse(row.nextAttemptAt)).sort((a, b) => a - b);
    for (const time of times) expect(time).toBeGreaterThanOrEqual(nextHour);
    // Spread over the hour (an hour / cap apart), never all at its first second.
    expect(new Set(times).size).toBe(times.length);
    for (const row of queued) expect(row.status).toBe('pending');

    // One queued address is suppressed meanwhile: it is skipped, the rest leave when due.
    const dropped = queued[0]!.email;
    await t.services.db
      .insertInto('mailSuppressions')
      .values({ email: dropped, reason: 'manual', createdAt: new Date().toISOString(), issueId: null, note: null })
      .execute();
    const sentLater = await drainQueueAt(t, new Date(times.at(-1)! + 1000), 3);
    expect(sentLater).toBe(3);
    expect(inbox.to(dropped)).toHaveLength(0);
    for (const row of queued.slice(1)) {
      const [mail] = inbox.to(row.email);
      expect(mail, row.email).toBeDefined();
      // The queued email still says when it was asked for, and its link works.
      expect(mail!.text).toContain('Someone asked on');
      const page = await t.app.inject({ method: 'GET', url: linkIn(mail!, '/newsletter/confirm') });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('One last step');
    }
  });

  it('switches the challenge on while the cap is being hit', async () => {
    const t = await appWith({ CONFIRMATIONS_PER_HOUR: '2' });
    const before = await t.publicCaller().newsletter.challenge();
    expect(before.challenge).toBeNull();
    await Promise.all([1, 2, 3].map(() => subscribe(t, { email: uniqueEmail('burst', 'three.example') })));
    await t.services.newsletterMail.settled();
    const after = await t.publicCaller().newsletter.challenge();
    expect(after.challenge).not.toBeNull();
    // An hour without the cap being hit turns it off again.
    await t.services.db
      .updateTable('confirmationSendCounts')
      .set({ fullAt: new Date(Date.now() - HOUR_MS - 1000).toISOString() })
      .execute();
    expect((await t.publicCaller().newsletter.challenge()).challenge).toBeNull();
  });
});

describe('the confirmation email: who asked, and "this wasn\'t me"', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({});
  });

  it('says when it was asked for (never by whom) and offers a link that suppresses the address at once', async () => {
    const email = `Victim.Person+news${++run}@Gmail.com`;
    const before = Date.now();
    expect((await subscribe(t, { email })).statusCode).toBe(201);
    const [mail] = await mailTo(t, email);
    expect(mail).toBeDefined();
    const asked = /Someone asked on ([A-Z][a-z]{2} \d{1,2}, \d{4} at \d{2}:\d{2} UTC) to subscribe this address/.exec(
      mail!.text,
    );
    expect(asked, mail!.text).not.toBeNull();
    expect(Math.abs(Date.parse(asked![1]!.replace(' at ', ' ').replace(' UTC', 'Z')) - before)).toBeLessThan(
      2 * 60_000,
    );
    expect(mail!.text).not.toContain('10.23.');
    expect(mail!.html).toContain('This wasn&#x27;t me');

    const notMe = linkIn(mail!, '/newsletter/not-me');
    // GET only asks: a mail scanner opening the link changes nothing.
    const asks = await t.app.inject({ method: 'GET', url: notMe });
    expect(asks.statusCode).toBe(200);
    expect(asks.body).toContain('<h1>Someone else signed up this address?</h1>');
    expect(asks.body).toContain(`<button type="submit">This wasn&#39;t me</button>`);
    expect(await isSuppressed(t.services.db, email)).toBe(false);

    const pressed = await press(t, notMe);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.headers['cache-control']).toBe('no-store');
    expect(pressed.body).toContain('<h1>This address will not be emailed again</h1>');
    expect(await isSuppressed(t.services.db, email)).toBe(true);
    const row = await t.services.db
      .selectFrom('mailSuppressions')
      .select(['reason', 'note'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reason: 'manual', note: NOT_ME_NOTE });
    // Pressing again is harmless.
    expect((await press(t, notMe)).statusCode).toBe(200);

    // No further confirmation, to this spelling or any other of the mailbox, however often it signs up.
    const spellings = [email, `victimperson+again${run}@googlemail.com`, `victim.person@gmail.com`];
    await Promise.all(spellings.map((spelling) => subscribe(t, { email: spelling })));
    await t.services.newsletterMail.settled();
    for (const spelling of spellings) expect(inbox.to(spelling).filter((m) => m !== mail)).toHaveLength(0);
  });

  it('refuses a forged or foreign link with the not-valid page and changes nothing', async () => {
    for (const token of ['', 'abc', 'eyJ4IjoxfQ.c2lnbmF0dXJl', 'x'.repeat(5000)]) {
      const res = await t.app.inject({ method: 'POST', url: `/newsletter/not-me?token=${token}`, payload: '' });
      expectNotValid(res);
      expectNotValid(await t.app.inject({ method: 'GET', url: `/newsletter/not-me?token=${token}` }));
    }
  });
});

function expectNotValid(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(400);
  expect(res.body).toContain('<h1>This link is not valid</h1>');
}

const press = (t: TestApp, url: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

describe('the proof-of-work challenge (SIGNUP_CHALLENGE=on)', () => {
  let t: TestApp;
  let removeBuild: () => Promise<void>;
  beforeAll(async () => {
    // A client build, so the server answers the no-script form's post.
    const build = await createFakeClientBuild();
    removeBuild = build.remove;
    t = await createTestApp(
      {
        SMTP_URL: inbox.url,
        MAIL_FROM: 'news@example.com',
        PUBLIC_URL,
        SIGNUP_CHALLENGE: 'on',
        CONFIRMATIONS_WITHOUT_CHALLENGE_PER_HOUR: '1',
      },
      { clientDir: build.clientDir },
    );
  });
  afterAll(async () => {
    await t.close();
    await removeBuild();
  });

  async function freshChallenge(): Promise<PowChallenge> {
    const res = await t.app.inject({ method: 'GET', url: '/trpc/newsletter.challenge' });
    expect(res.statusCode).toBe(200);
    const challenge = (res.json() as { result: { data: { json: { challenge: PowChallenge } } } }).result.data.json
      .challenge;
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50_000 });
    return challenge;
  }

  it('sends at once to a solved sign-up; unsolved, replayed, forged or expired ones take the slow lane', async () => {
    const solution = await solvePowChallenge(await freshChallenge());
    expect(solution).not.toBeNull();
    const solved = uniqueEmail('solved', 'pow.example');
    const res = await subscribe(t, { email: solved, challenge: encodePowSolution(solution!) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Subscribed' });
    expect(await mailTo(t, solved)).toHaveLength(1);

    const forged = await solvePowChallenge(await freshChallenge());
    const expiredSalt = `${'ab'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) - 10}`;
    const lanes = [
      { email: uniqueEmail('nojs', 'pow.example') },
      { email: uniqueEmail('replay', 'pow.example'), challenge: encodePowSolution(solution!) },
      { email: uniqueEmail('forged', 'pow.example'), challenge: encodePowSolution({ ...forged!, number: 7 }) },
      { email: uniqueEmail('expired', 'pow.example'), challenge: encodePowSolution({ ...forged!, salt: expiredSalt }) },
      { email: uniqueEmail('garbage', 'pow.example'), challenge: 'not base64 json' },
    ];
    for (const payload of lanes) {
      const answer = await subscribe(t, payload);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json()).toMatchObject({ message: 'Subscribed' });
    }
    await t.services.newsletterMail.settled();
    const emails = lanes.map((payload) => payload.email);
    // The slow lane takes one an hour here: one leaves now, the others wait, one an hour.
    const sentNow = emails.filter((email) => inbox.to(email).length > 0);
    expect(sentNow).toHaveLength(1);
    const queued = await queuedConfirmations(t, emails);
    expect(queued).toHaveLength(4);
    const hours = new Set(queued.map((row) => Math.floor(Date.parse(row.nextAttemptAt) / HOUR_MS)));
    expect(hours.size).toBe(4);
  });

  it('refuses an over-long challenge field with a 400 and stores nothing', async () => {
    const email = uniqueEmail('long', 'pow.example');
    const res = await subscribe(t, { email, challenge: 'A'.repeat(5000) });
    expect(res.statusCode).toBe(400);
    const stored = await t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('the no-script form post still subscribes (slow lane) with the usual answer', async () => {
    const email = uniqueEmail('plain', 'pow.example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/newsletter?page=%2Fcontact',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${encodeURIComponent(email)}&website=`,
      remoteAddress: '10.23.99.1',
    });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toContain('sent=newsletter');
    await t.services.newsletterMail.settled();
    const stored = await t.services.db
      .selectFrom('newsletterSubscriptions')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toHaveLength(1);
  });
});
